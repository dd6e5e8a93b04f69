import { entryState, type UndoEntry } from '../../stores/undo-history.js';
import { itIs, threadCount } from '../../format/counts.js';


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
      return alone > 0 ? `Not undone yet; ${threadCount(alone)} will be left as ${itIs(alone)}` : 'Not undone yet';
    case 'partly': {
      const rest = [alone > 0 ? `${threadCount(alone)} left as ${itIs(alone)}` : '', state.left > 0 ? `${threadCount(state.left)} still to put back: undo again` : ''].filter(Boolean);
      return `Partly undone: ${state.undone} of ${threadCount(entry.total)} put back${rest.length ? `; ${rest.join('; ')}` : ''}`;
    }
    case 'impossible':
      return alone === 1 ? `Can’t be undone: ${lowerFirst(entry.leftAlone[0]!.why)}` : `Can’t be undone: none of its ${threadCount(alone)} could be put back (see why below)`;
  }
}
