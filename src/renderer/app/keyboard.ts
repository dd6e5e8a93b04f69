/** Single-key shortcuts must never fire while someone types into a field. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/** Plain key presses only: leave Ctrl/Cmd/Alt combinations to the system and the browser. */
export function isPlainKey(e: KeyboardEvent | React.KeyboardEvent): boolean {
  return !e.ctrlKey && !e.metaKey && !e.altKey;
}
