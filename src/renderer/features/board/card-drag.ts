import type { DragEvent } from 'react';

/** Our own drag type, so dropping text or files from elsewhere onto a column does nothing. */
const CARD_MIME = 'application/x-triage-card';

export function startCardDrag(e: DragEvent, itemId: string): void {
  e.dataTransfer.setData(CARD_MIME, itemId);
  e.dataTransfer.setData('text/plain', itemId);
  e.dataTransfer.effectAllowed = 'move';
}

export function isCardDrag(e: DragEvent): boolean {
  return e.dataTransfer.types.includes(CARD_MIME);
}

export function draggedCardId(e: DragEvent): string | null {
  return e.dataTransfer.getData(CARD_MIME) || null;
}
