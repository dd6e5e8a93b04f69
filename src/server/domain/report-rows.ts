import { LIMITS, SINCE_PATTERN, type Message, type Row } from '#shared/api/index.js';
import type { HistoryEvent, HistoryMessage } from '../storage/history.js';
import type { ThreadRow } from '../storage/items.js';
import { excerptOf } from './excerpt.js';

/** The "Row" of response-shapes.md: a thread as it appears inside reports. */
export function toRow(t: ThreadRow): Row {
  const line = excerptOf(t.summary, t.rootBody);
  return {
    id: t.id,
    line: line.text,
    lineSource: line.source,
    type: t.type,
    page: t.page,
    replyCount: t.replyCount,
    reportCount: t.reportCount,
    source: t.sourceFile !== null ? { file: t.sourceFile, line: t.sourceLine } : null,
  };
}

/** The "Message" of response-shapes.md. */
export function toReportMessage(m: HistoryMessage): Message {
  return { author: m.authorName, ...(m.via !== null ? { via: m.via } : {}), at: m.createdAt, text: m.body };
}

export function groupBy<T>(list: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of list) {
    const k = key(x);
    const arr = out.get(k);
    if (arr) arr.push(x);
    else out.set(k, [x]);
  }
  return out;
}

/** The last status event that put the thread in `status` (who and when it was decided). */
export function lastStatusEvent(events: readonly HistoryEvent[] | undefined, status: string): HistoryEvent | null {
  if (!events) return null;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.kind === 'status' && e.to === status) return e;
  }
  return null;
}

/** Keeps the last `max` replies; the count of the others is reported as omitted. */
export function lastReplies(messages: readonly HistoryMessage[], max: number): { replies: Message[]; omitted: number } {
  const replies = messages.filter((m) => !m.isRoot);
  const kept = replies.slice(Math.max(0, replies.length - max));
  return { replies: kept.map(toReportMessage), omitted: replies.length - kept.length };
}

const DAY_MS = 86_400_000;

/**
 * `since` accepts milliseconds since 1970, a date (2026-01-15, read as UTC midnight) or an
 * ISO time. Returns null when it is none of those.
 */
export function parseSince(text: string): number | null {
  const t = text.trim();
  if (!SINCE_PATTERN.test(t)) return null;
  // Beyond what a Date holds (also every non-safe integer) the window is meaningless: refused, never a 5xx.
  const ms = /^\d+$/.test(t) ? Number(t) : Date.parse(t.length === 10 ? `${t}T00:00:00Z` : t);
  return Number.isSafeInteger(ms) && ms <= LIMITS.maxMillis ? ms : null;
}

export const days = (ms: number) => Math.floor(ms / DAY_MS);
export { DAY_MS };
