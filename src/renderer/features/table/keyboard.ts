type TableKeyAction =
  | { kind: 'move'; by: number; unit: 'row' | 'page'; extend: boolean }
  | { kind: 'jump'; to: 'first' | 'last'; extend: boolean }
  | { kind: 'toggle' }
  | { kind: 'open' }
  | { kind: 'clear' };

interface KeyLike {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

const MOVES: Record<string, { by: number; unit: 'row' | 'page' }> = {
  j: { by: 1, unit: 'row' },
  J: { by: 1, unit: 'row' },
  ArrowDown: { by: 1, unit: 'row' },
  k: { by: -1, unit: 'row' },
  K: { by: -1, unit: 'row' },
  ArrowUp: { by: -1, unit: 'row' },
  PageDown: { by: 1, unit: 'page' },
  PageUp: { by: -1, unit: 'page' },
};

/**
 * The table's shortcuts. Ctrl/Cmd/Alt combinations are left to the app and the system
 * (copy, menus, tab switching), so none of them is claimed here.
 */
export function tableKeyAction(e: KeyLike): TableKeyAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const move = MOVES[e.key];
  if (move) return { kind: 'move', ...move, extend: e.shiftKey };
  switch (e.key) {
    case 'Home':
      return { kind: 'jump', to: 'first', extend: e.shiftKey };
    case 'End':
      return { kind: 'jump', to: 'last', extend: e.shiftKey };
    case 'x':
    case 'X':
    case ' ':
      return { kind: 'toggle' };
    case 'Enter':
      return e.shiftKey ? null : { kind: 'open' };
    case 'Escape':
      return { kind: 'clear' };
    default:
      return null;
  }
}

const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'color', 'range']);

/**
 * Whether a key press belongs to a text field. Checkboxes and buttons do not count: a row
 * checkbox that was just clicked must not swallow j/k.
 */
export function isTypingTarget(target: unknown): boolean {
  if (typeof target !== 'object' || target === null) return false;
  const el = target as { tagName?: unknown; type?: unknown; isContentEditable?: unknown };
  if (el.isContentEditable === true) return true;
  if (el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return true;
  if (el.tagName !== 'INPUT') return false;
  return !(typeof el.type === 'string' && NON_TEXT_INPUTS.has(el.type));
}
