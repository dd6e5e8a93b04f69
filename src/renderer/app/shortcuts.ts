/**
 * Every keyboard shortcut in one table: the `?` dialog lists it, the palette shows the keys
 * next to each command, and the app dispatches the entries that carry a command. Entries
 * without one are handled inside the board or the table (moving, opening, selecting) and
 * are listed so the dialog is complete.
 */

export type AppCommand =
  | 'view.board'
  | 'view.table'
  | 'view.elements'
  | 'view.evidence'
  | 'search.focus'
  | 'shortcuts.show'
  | 'palette.open'
  | 'status.open'
  | 'status.deferred'
  | 'status.resolved'
  | 'assign'
  | 'merge'
  | 'undo'
  | 'undo.history'
  | 'selection.clear';

export type ShortcutGroup =
  'Move and open' | 'Select' | 'Act on threads' | 'Duplicates queue' | 'Evidence gallery' | 'Views and search' | 'Help';

interface ShortcutDef {
  /** Space-separated chords, pressed one after another: "g b". `Mod` is Ctrl, or Cmd on a Mac. */
  keys: string;
  /** What it does, as the dialog says it. */
  label: string;
  group: ShortcutGroup;
  /** Dispatched by the app when present; otherwise the board or table handles the keys. */
  command?: AppCommand;
  /** Works only in one of the two views. */
  only?: 'board' | 'table';
}

export const SHORTCUTS: readonly ShortcutDef[] = [
  { keys: 'j', label: 'Next thread (also ↓)', group: 'Move and open' },
  { keys: 'k', label: 'Previous thread (also ↑)', group: 'Move and open' },
  { keys: 'h', label: 'Column to the left (also ←)', group: 'Move and open', only: 'board' },
  { keys: 'l', label: 'Column to the right (also →)', group: 'Move and open', only: 'board' },
  { keys: 'Enter', label: 'Open the focused thread', group: 'Move and open' },
  { keys: 'Escape', label: 'Close the thread panel', group: 'Move and open' },
  { keys: 'x', label: 'Select or unselect the focused thread', group: 'Select' },
  { keys: 'Shift+j', label: 'Extend the selection down (Shift+k: up)', group: 'Select' },
  { keys: 'Escape', label: 'Clear the selection', group: 'Select', command: 'selection.clear' },
  {
    keys: 'o',
    label: 'Set status Open (selection, else focused thread)',
    group: 'Act on threads',
    command: 'status.open',
  },
  {
    keys: 'd',
    label: 'Set status Deferred (selection, else focused thread)',
    group: 'Act on threads',
    command: 'status.deferred',
  },
  {
    keys: 'r',
    label: 'Set status Resolved (selection, else focused thread)',
    group: 'Act on threads',
    command: 'status.resolved',
  },
  { keys: 'a', label: 'Assign the selection or the focused thread', group: 'Act on threads', command: 'assign' },
  { keys: 'm', label: 'Merge the selected threads', group: 'Act on threads', command: 'merge' },
  {
    keys: 'z',
    label: 'Undo the last status or assignment change; again for the one before',
    group: 'Act on threads',
    command: 'undo',
  },
  {
    keys: 'Z',
    label: 'Undo history: every change of this session, to undo any of them',
    group: 'Act on threads',
    command: 'undo.history',
  },
  // The queue's own keys: j/k move there as everywhere, so deciding takes keys of its own.
  { keys: 'j', label: 'Next candidate (also ↓); k: previous (also ↑)', group: 'Duplicates queue' },
  { keys: 'n', label: 'Keep: not a duplicate, then the next thread', group: 'Duplicates queue' },
  { keys: 's', label: 'Skip to the next thread', group: 'Duplicates queue' },
  { keys: 'z', label: 'Undo the last keep or skip: the thread comes back', group: 'Duplicates queue' },
  { keys: 'x', label: 'Choose the focused candidate (several can be chosen)', group: 'Duplicates queue' },
  { keys: 'm', label: 'Merge the chosen candidates into this thread (asks first)', group: 'Duplicates queue' },
  { keys: 'M', label: 'Merge this thread into the focused candidate (asks first)', group: 'Duplicates queue' },
  {
    keys: 'ArrowRight',
    label: 'Next tile (←: the one before; ↑ ↓: the row above or below; Home, End: first, last)',
    group: 'Evidence gallery',
  },
  { keys: 'Enter', label: 'Open the tile’s thread beside the gallery', group: 'Evidence gallery' },
  { keys: 'g b', label: 'Switch to the board', group: 'Views and search', command: 'view.board' },
  { keys: 'g t', label: 'Switch to the table', group: 'Views and search', command: 'view.table' },
  {
    keys: 'g h',
    label: 'Switch to hot elements: where on a page people complain',
    group: 'Views and search',
    command: 'view.elements',
  },
  { keys: 'g e', label: 'Switch to the evidence gallery', group: 'Views and search', command: 'view.evidence' },
  { keys: '/', label: 'Search threads and replies', group: 'Views and search', command: 'search.focus' },
  { keys: 'Mod+k', label: 'Command palette: every action by name', group: 'Help', command: 'palette.open' },
  { keys: '?', label: 'Show these shortcuts', group: 'Help', command: 'shortcuts.show' },
];

/** The keys of a command, for hints next to buttons and palette entries. */
export function keysFor(command: AppCommand): string | null {
  return SHORTCUTS.find((s) => s.command === command)?.keys ?? null;
}

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'AltGraph', 'Fn', 'OS']);

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/**
 * One key press as a chord string: "g", "?", "Escape", "Mod+k". Alt combinations are left to
 * the system (they type characters on many layouts), and so are lone modifier presses.
 */
export function chordOf(e: KeyLike): string | null {
  if (MODIFIER_KEYS.has(e.key) || e.altKey) return null;
  if (e.ctrlKey || e.metaKey) return `Mod+${e.key.length === 1 ? e.key.toLowerCase() : e.key}`;
  return e.key;
}

/** "g b" → ["g", "b"]; extra spaces are ignored. */
export function parseKeys(keys: string): string[] {
  return keys.split(' ').filter(Boolean);
}

type SequenceResult<C> = { kind: 'command'; command: C } | { kind: 'pending' } | { kind: 'none' };

/**
 * Matches chords against bindings, including sequences such as "g b". A started sequence
 * is forgotten after `timeoutMs` or when the next chord cannot continue it; that chord is
 * then tried on its own, so "g" followed by "o" still sets the status.
 */
export function createSequenceMatcher<C>(bindings: ReadonlyArray<{ keys: string; command: C }>, timeoutMs = 1200) {
  const parsed = bindings.map((b) => ({ chords: parseKeys(b.keys), command: b.command }));
  let buffer: string[] = [];
  let lastAt = 0;

  const attempt = (sequence: string[]): SequenceResult<C> => {
    const exact = parsed.find(
      (b) => b.chords.length === sequence.length && b.chords.every((c, i) => c === sequence[i]),
    );
    if (exact) return { kind: 'command', command: exact.command };
    const prefix = parsed.some((b) => b.chords.length > sequence.length && sequence.every((c, i) => b.chords[i] === c));
    return prefix ? { kind: 'pending' } : { kind: 'none' };
  };

  return {
    press(chord: string, now: number): SequenceResult<C> {
      if (buffer.length > 0 && now - lastAt > timeoutMs) buffer = [];
      lastAt = now;
      let result = attempt([...buffer, chord]);
      if (result.kind === 'none' && buffer.length > 0) {
        buffer = [];
        result = attempt([chord]);
      }
      buffer = result.kind === 'pending' ? [...buffer, chord] : [];
      return result;
    },
    /** Forget a started sequence (the key went to something else). */
    reset() {
      buffer = [];
    },
    get pending(): readonly string[] {
      return buffer;
    },
  };
}

/** Keys as people read them: "Ctrl+K" (⌘K on a Mac), "g then b", "Shift+J". */
export function displayChord(chord: string, mac: boolean): string {
  const named: Record<string, string> = {
    Escape: 'Esc',
    Enter: 'Enter',
    ArrowDown: '↓',
    ArrowUp: '↑',
    ArrowLeft: '←',
    ArrowRight: '→',
    ' ': 'Space',
  };
  if (chord.startsWith('Mod+')) {
    const key = chord.slice(4);
    return mac ? `⌘${key.toUpperCase()}` : `Ctrl+${key.toUpperCase()}`;
  }
  if (chord.startsWith('Shift+')) return `Shift+${chord.slice(6).toUpperCase()}`;
  // A capital letter is what the browser reports for Shift and that letter.
  if (/^[A-Z]$/.test(chord)) return `Shift+${chord}`;
  return named[chord] ?? chord;
}

export function isMacPlatform(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}
