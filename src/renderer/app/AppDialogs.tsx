import { CommandPalette } from '../features/palette/CommandPalette.js';
import { UndoHistoryDialog } from '../features/undo/UndoHistoryDialog.js';
import { useDialogs } from '../stores/dialogs-store.js';
import { ShortcutsDialog } from './ShortcutsDialog.js';

/** The app's own dialogs (the shortcut list, the palette, the undo history); thread actions have theirs in DialogHost. */
export function AppDialogs() {
  const dialog = useDialogs((s) => s.dialog);
  const kind = dialog?.kind;
  if (kind === 'shortcuts') return <ShortcutsDialog />;
  if (dialog?.kind === 'undo-history') return <UndoHistoryDialog projectId={dialog.projectId} />;
  if (kind === 'palette') return <CommandPalette />;
  return null;
}
