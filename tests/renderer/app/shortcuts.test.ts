import { describe, expect, it } from 'vitest';
import {
  chordOf,
  createSequenceMatcher,
  displayChord,
  keysFor,
  parseKeys,
  SHORTCUTS,
} from '../../../src/renderer/app/shortcuts.js';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('key chords', () => {
  it('names plain keys, Ctrl or Cmd combinations, and ignores the rest', () => {
    expect(chordOf(key('g'))).toBe('g');
    expect(chordOf(key('?'))).toBe('?');
    expect(chordOf(key('K', { ctrlKey: true }))).toBe('Mod+k');
    expect(chordOf(key('k', { metaKey: true }))).toBe('Mod+k');
    expect(chordOf(key('Shift'))).toBeNull();
    expect(chordOf(key('b', { altKey: true }))).toBeNull();
  });

  it('splits sequences and shows keys as people read them', () => {
    expect(parseKeys('g  b')).toEqual(['g', 'b']);
    expect(displayChord('Mod+k', false)).toBe('Ctrl+K');
    expect(displayChord('Mod+k', true)).toBe('⌘K');
    expect(displayChord('Escape', false)).toBe('Esc');
  });
});

describe('sequence matching', () => {
  const matcher = () =>
    createSequenceMatcher(
      [
        { keys: 'g b', command: 'board' },
        { keys: 'g t', command: 'table' },
        { keys: 'o', command: 'open' },
        { keys: 'Mod+k', command: 'palette' },
      ],
      1000,
    );

  it('matches "g b" and "g t" as two presses', () => {
    const m = matcher();
    expect(m.press('g', 0)).toEqual({ kind: 'pending' });
    expect(m.press('b', 100)).toEqual({ kind: 'command', command: 'board' });
    expect(m.press('g', 200)).toEqual({ kind: 'pending' });
    expect(m.press('t', 300)).toEqual({ kind: 'command', command: 'table' });
  });

  it('forgets a started sequence after the timeout', () => {
    const m = matcher();
    m.press('g', 0);
    expect(m.press('b', 1500)).toEqual({ kind: 'none' });
  });

  it('tries a key that cannot continue the sequence on its own', () => {
    const m = matcher();
    m.press('g', 0);
    expect(m.press('o', 50)).toEqual({ kind: 'command', command: 'open' });
    expect(m.pending).toEqual([]);
  });

  it('matches single keys and chords, and ignores unbound keys', () => {
    const m = matcher();
    expect(m.press('o', 0)).toEqual({ kind: 'command', command: 'open' });
    expect(m.press('Mod+k', 10)).toEqual({ kind: 'command', command: 'palette' });
    expect(m.press('q', 20)).toEqual({ kind: 'none' });
  });

  it('can be reset when a key went elsewhere', () => {
    const m = matcher();
    m.press('g', 0);
    m.reset();
    expect(m.press('b', 10)).toEqual({ kind: 'none' });
  });
});

describe('the shortcut table', () => {
  it('binds each dispatched key sequence once, so no two commands fight over it', () => {
    const dispatched = SHORTCUTS.filter((s) => s.command).map((s) => s.keys);
    expect(new Set(dispatched).size).toBe(dispatched.length);
  });

  it('lists every key the brief asks for', () => {
    for (const k of ['j', 'k', 'Enter', 'o', 'd', 'r', 'a', 'm', 'x', '/', 'g b', 'g t', '?', 'Mod+k'])
      expect(SHORTCUTS.some((s) => s.keys === k)).toBe(true);
    expect(keysFor('view.table')).toBe('g t');
  });
});
