import { describe, expect, it } from 'vitest';
import { isTypingTarget, tableKeyAction } from '../../../../src/renderer/features/table/keyboard.js';

const key = (
  k: string,
  mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {},
) => tableKeyAction({ key: k, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('table shortcuts', () => {
  it.each([
    ['j', 1],
    ['ArrowDown', 1],
    ['k', -1],
    ['ArrowUp', -1],
  ])('%s moves focus by %i', (k, by) => {
    expect(key(k)).toEqual({ kind: 'move', by, unit: 'row', extend: false });
  });

  it('extends with Shift (which makes j and k arrive as J and K)', () => {
    expect(key('J', { shiftKey: true })).toEqual({ kind: 'move', by: 1, unit: 'row', extend: true });
    expect(key('K', { shiftKey: true })).toEqual({ kind: 'move', by: -1, unit: 'row', extend: true });
    expect(key('ArrowDown', { shiftKey: true })).toEqual({ kind: 'move', by: 1, unit: 'row', extend: true });
  });

  it('pages and jumps to the ends', () => {
    expect(key('PageDown')).toEqual({ kind: 'move', by: 1, unit: 'page', extend: false });
    expect(key('Home')).toEqual({ kind: 'jump', to: 'first', extend: false });
    expect(key('End', { shiftKey: true })).toEqual({ kind: 'jump', to: 'last', extend: true });
  });

  it('toggles with x or Space, opens with Enter, clears with Escape', () => {
    expect(key('x')).toEqual({ kind: 'toggle' });
    expect(key(' ')).toEqual({ kind: 'toggle' });
    expect(key('Enter')).toEqual({ kind: 'open' });
    expect(key('Escape')).toEqual({ kind: 'clear' });
  });

  it('leaves Ctrl, Cmd and Alt combinations and other keys alone', () => {
    expect(key('j', { ctrlKey: true })).toBeNull();
    expect(key('x', { metaKey: true })).toBeNull();
    expect(key('ArrowDown', { altKey: true })).toBeNull();
    expect(key('a')).toBeNull();
    expect(key('Tab')).toBeNull();
  });
});

describe('typing targets', () => {
  it('counts text fields and editable content', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'search' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingTarget({ tagName: 'SELECT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
  });

  it('does not count checkboxes, buttons or plain elements, so j/k still work after clicking one', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: false })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
