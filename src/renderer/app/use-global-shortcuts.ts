import { useEffect } from 'react';
import { useDialogs } from '../stores/dialogs-store.js';
import { isTypingTarget } from './keyboard.js';
import { chordOf } from './shortcuts.js';

/**
 * Ctrl/Cmd+K opens the command palette from anywhere, even from a text field (it types
 * nothing); `?` lists every shortcut when no field has the keyboard.
 */
export function useGlobalShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const chord = chordOf(e);
      const dialogs = useDialogs.getState();
      if (chord === 'Mod+k') {
        e.preventDefault();
        if (dialogs.dialog?.kind === 'palette') dialogs.close();
        else if (!dialogs.dialog) dialogs.open({ kind: 'palette' });
        return;
      }
      if (chord === '?' && !dialogs.dialog && !isTypingTarget(e.target)) {
        e.preventDefault();
        dialogs.open({ kind: 'shortcuts' });
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
