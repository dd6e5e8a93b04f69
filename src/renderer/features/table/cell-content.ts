import type { ItemRow } from '#shared/reader/index.js';
import { isStatus, statusLabel, taskLabel, typeLabel, typeTagClass } from '../../format/labels.js';
import { relativeTimeShown } from '../../format/relative-time.js';
import type { ItemColumnId } from './column-ids.js';
import { assigneeSortValue } from './sorting.js';

/**
 * What one body cell shows, as data: `write-cell.ts` puts it on the page. A filter key rewrites
 * every cell on screen (~330); written outside React they need no elements, fibers or wrapper
 * spans made again for each key, and a key allocates a fifth less (docs/performance.md).
 */
export interface CellContent {
  text: string;
  /** A look that depends on the value: muted (nothing there), alert (reports waiting). Per-column looks live in table.css. */
  tone?: 'muted' | 'alert';
  /** The cell's tooltip: the whole value where the cell may cut it, or the exact date. */
  title?: string;
  /** The text sits in a tag of this class (type pill, status dot, agent task). */
  tag?: string;
  /** The text is a relative time; this is its instant for machines (a `time` element's dateTime). */
  dateTime?: string;
  /** The text is a machine summary, not the first message: marked before the text. */
  summary?: boolean;
}

const NOTHING: CellContent = { text: '' };

/** Every column but the checkbox, which is a control and stays a React component. */
export type TextColumnId = Exclude<ItemColumnId, 'select'>;

type Describe = (thread: ItemRow, now: number) => CellContent;

/** A zero is muted; any other count is plain, or in `busy`'s tone when there is something to see. */
function count(n: number, busy?: 'alert'): CellContent {
  if (n === 0) return { text: '0', tone: 'muted' };
  return busy ? { text: String(n), tone: busy } : { text: String(n) };
}

const DESCRIBE: Record<TextColumnId, Describe> = {
  type: (t) => ({ text: typeLabel(t.type), tag: typeTagClass(t.type) }),
  status: (t) =>
    isStatus(t.status)
      ? { text: statusLabel(t.status), tag: `items-table__status items-table__status--${t.status}` }
      : { text: String(t.status), tag: 'items-table__status' },
  excerpt: (t) => {
    // No summary mark on "(no text)": there is no summary to mark.
    if (!t.excerpt) return { text: '(no text)', tone: 'muted' };
    return t.excerptSource === 'summary'
      ? { text: t.excerpt, title: t.excerpt, summary: true }
      : { text: t.excerpt, title: t.excerpt };
  },
  page: (t) => ({ text: t.page, title: t.page }),
  assignee: (t) => {
    const name = assigneeSortValue(t.assignee);
    return name === undefined ? { text: 'Unassigned', tone: 'muted' } : { text: name };
  },
  agentTask: (t) => (t.agentTask ? { text: taskLabel(t.agentTask), tag: 'tag tag--task' } : NOTHING),
  replies: (t) => count(t.replyCount),
  reports: (t) => count(t.reportCount, 'alert'),
  author: (t) => ({ text: t.author, title: t.author }),
  created: (t, now) => {
    const { text, exact } = relativeTimeShown(t.createdAt, now);
    return exact ? { text, title: exact.title, dateTime: exact.dateTime } : { text, tone: 'muted' };
  },
};

export function isTextColumn(id: string): id is TextColumnId {
  return Object.hasOwn(DESCRIBE, id);
}

export function cellContent(column: TextColumnId, thread: ItemRow, now: number): CellContent {
  return DESCRIBE[column](thread, now);
}

export function sameContent(a: CellContent, b: CellContent): boolean {
  return (
    a.text === b.text &&
    a.tone === b.tone &&
    a.title === b.title &&
    a.tag === b.tag &&
    a.dateTime === b.dateTime &&
    a.summary === b.summary
  );
}
