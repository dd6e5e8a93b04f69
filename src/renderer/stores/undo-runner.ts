import { announce } from './announcer-store.js';
import { explain } from './notice-store.js';
import { useUndo } from './undo-store.js';

/**
 * Carries out the current undo offer (the toast's button and the `z` key). Whoever made
 * the offer explains any failure (a receipt, a moved-card message); this only says what
 * happened in a sentence for screen readers.
 */
export async function undoLatest(now = Date.now()): Promise<boolean> {
  const offer = useUndo.getState().offer;
  if (!offer || offer.expiresAt < now) {
    explain('Nothing to undo: the last change is more than a few seconds old, or could not be undone.');
    return false;
  }
  useUndo.getState().dismiss(offer.id);
  announce(`Undoing: ${offer.label}…`);
  const ok = await offer.undo();
  announce(ok ? `Undone: ${offer.label}.` : `Could not undo all of it (${offer.label}); the message on screen says what is left.`);
  return ok;
}
