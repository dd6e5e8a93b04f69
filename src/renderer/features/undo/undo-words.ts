import { entryState, type UndoEntry } from '../../stores/undo-history.js';
import { itIs, plural } from '../../format/counts.js';

const threads = (n: number) => plural(n, 'thread', 'threads');

/** A sentence continued after a colon. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** An entry's state in a few words: "Not undone", "Undone", "Partly undone: …", "Can't be undone: …". */
export function entryStateText(entry: UndoEntry): string {
  const state = entryState(entry);
  const alone = entry.leftAlone.length;
  switch (state.kind) {
    case 'running':
      return 'Undoing…';
    case 'undone':
      return 'Undone';
    case 'ready':
      return alone > 0 ? `Not undone yet; ${threads(alone)} will be left as ${itIs(alone)}` : 'Not undone yet';
    case 'partly': {
      const rest = [alone > 0 ? `${threads(alone)} left as ${itIs(alone)}` : '', state.left > 0 ? `${threads(state.left)} still to put back: undo again` : ''].filter(Boolean);
      return `Partly undone: ${state.undone} of ${threads(entry.total)} put back${rest.length ? `; ${rest.join('; ')}` : ''}`;
    }
    case 'impossible':
      return alone === 1 ? `Can’t be undone: ${lowerFirst(entry.leftAlone[0]!.why)}` : `Can’t be undone: none of its ${threads(alone)} could be put back (see why below)`;
  }
}
