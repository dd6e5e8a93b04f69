import { CommandPalette } from '../features/palette/CommandPalette.js';
import { useDialogs } from '../stores/dialogs-store.js';
import { ShortcutsDialog } from './ShortcutsDialog.js';

/** The app's own dialogs (the shortcut list and the palette); thread actions have theirs in DialogHost. */
export function AppDialogs() {
  const kind = useDialogs((s) => s.dialog?.kind);
  if (kind === 'shortcuts') return <ShortcutsDialog />;
  if (kind === 'palette') return <CommandPalette />;
  return null;
}
