/** Inputs that take no typed text: a just-clicked checkbox must not swallow shortcuts. */
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'color', 'range']);

/** Single-key shortcuts must never fire while someone types into a field (or picks in a list by typing). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'INPUT') return !NON_TEXT_INPUTS.has((target as HTMLInputElement).type);
  return tag === 'TEXTAREA' || tag === 'SELECT';
}

/** Plain key presses only: leave Ctrl/Cmd/Alt combinations to the system and the browser. */
export function isPlainKey(e: KeyboardEvent | React.KeyboardEvent): boolean {
  return !e.ctrlKey && !e.metaKey && !e.altKey;
}
