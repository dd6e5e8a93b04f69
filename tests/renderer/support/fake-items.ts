import type { Status } from '#shared/api/common.js';
import { readAnswer, type ItemRow, type ReadOutput, type SimilarCandidate } from '#shared/reader/index.js';
import type { BridgeError, BridgeResult } from '#shared/bridge/errors.js';
import type { ItemsQueryInput } from '../../../src/renderer/server-state/load-project-items.js';

/** Builds one item row; overrides set what a test cares about. */
export function row(id: string, overrides: Partial<ItemRow> = {}): ItemRow {
  return {
    id,
    page: '/',
    type: 'bug',
    status: 'open',
    excerpt: `Thread ${id}`,
    excerptSource: 'message',
    reportCount: 0,
    author: 'Ada',
    agentTask: null,
    assignee: '',
    assigneeId: null,
    replyCount: 0,
    createdAt: 1_000_000,
    ...overrides,
  };
}

/** `n` rows spread over pages, statuses and types by index, newest = highest createdAt. */
/** A similar thread as /similar lists it, with `score`; its line is "Thread <id>" unless given. */
export function candidate(id: string, score: number, overrides: Partial<SimilarCandidate> = {}): SimilarCandidate {
  return {
    id,
    typeLabel: null,
    line: `Thread ${id}`,
    lineSource: 'message',
    type: 'bug',
    page: '/',
    replyCount: 0,
    reportCount: 0,
    source: null,
    status: 'open',
    score,
    reasons: ['shared words: pay, button'],
    ...overrides,
  };
}

export function manyRows(
  n: number,
  spread: { pages?: string[]; statuses?: Status[]; types?: string[] } = {},
): ItemRow[] {
  const pages = spread.pages ?? ['/'];
  const statuses = spread.statuses ?? ['open'];
  const types = spread.types ?? ['bug'];
  return Array.from({ length: n }, (_, i) =>
    row(`it-${String(i).padStart(5, '0')}`, {
      page: pages[i % pages.length]!,
      status: statuses[Math.floor(i / pages.length) % statuses.length]!,
      type: types[Math.floor(i / (pages.length * statuses.length)) % types.length]!,
      createdAt: 1_000_000 + i * 1000,
    }),
  );
}

function countBy(rows: ItemRow[], key: (r: ItemRow) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) out[key(r)] = (out[key(r)] ?? 0) + 1;
  return out;
}

export interface FakeService {
  listItems(q: ItemsQueryInput): Promise<BridgeResult<ReadOutput<'listItems'>>>;
  calls: ItemsQueryInput[];
}

/**
 * Behaves like GET /items: scans the newest `scanLimit` threads, summary covers them
 * before filters, filters by page/status/type, returns at most `limit` rows newest first.
 * `all` is read at every request, so a test changes the service's threads by changing it.
 */
export function fakeItemsService(
  all: ItemRow[],
  options: {
    scanLimit?: number;
    failOn?: (q: ItemsQueryInput, callIndex: number) => BridgeError | null;
    /** Text of each thread's replies, which `q` also searches (rows carry only the first line). */
    replies?: Record<string, string>;
  } = {},
): FakeService {
  const scanLimit = options.scanLimit ?? 2000;
  const calls: ItemsQueryInput[] = [];
  return {
    calls,
    async listItems(q) {
      calls.push(q);
      const newestFirst = [...all].sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0));
      const scanned = newestFirst.slice(0, scanLimit);
      const failure = options.failOn?.(q, calls.length - 1);
      if (failure) return { ok: false, error: failure };
      const needle = q.q?.toLowerCase();
      const saysIt = (r: ItemRow) =>
        !needle || `${r.excerpt} ${options.replies?.[r.id] ?? ''}`.toLowerCase().includes(needle);
      const matching = scanned.filter(
        (r) =>
          (!q.page || r.page === q.page) &&
          (!q.status || r.status === q.status) &&
          (!q.type || r.type === q.type) &&
          saysIt(r),
      );
      const items = matching.slice(0, q.limit);
      const statusCounts = countBy(scanned, (r) => r.status);
      // Read through the client's reader, as the API client does with every answer.
      const read = readAnswer('listItems', {
        project: { id: q.projectId, name: 'Web', slug: 'web' },
        summary: {
          total: scanned.length,
          open: statusCounts.open ?? 0,
          deferred: statusCounts.deferred ?? 0,
          resolved: statusCounts.resolved ?? 0,
          unassigned: scanned.length,
          byType: countBy(scanned, (r) => r.type ?? ''),
          byPage: countBy(scanned, (r) => r.page),
        },
        matched: matching.length,
        returned: items.length,
        truncated: matching.length > items.length,
        capped: newestFirst.length > scanLimit,
        scanLimit,
        items,
      });
      if (!read.ok) throw new Error(`fake answer unreadable: ${read.reason}`);
      return read;
    },
  };
}
