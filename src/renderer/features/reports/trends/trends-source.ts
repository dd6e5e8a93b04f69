import type { ItemRow, ReviewResponse } from '#shared/reader/index.js';
import { getBridge } from '../../../bridge/index.js';
import { BridgeFailure, fromBridge } from '../../../server-state/query-client.js';
import { loadProjectItems } from '../../../server-state/load-project-items.js';
import type { TrendResolved, TrendSources } from '../model/trends-model.js';

/**
 * Reads what the trends are computed from: every thread row the items endpoint lists (split
 * into slices as the board loads them) and the review's resolved threads, newest resolution
 * first, page by page until a page reaches back before the window (older ones can't change it).
 */
export async function readTrendSources(projectId: string, windowStart: number): Promise<TrendSources> {
  const bridge = getBridge();
  const [items, resolved] = await Promise.all([
    readItems(projectId),
    readResolved(projectId, windowStart, (q) => fromBridge(bridge.api.review(q))),
  ]);
  return { items: items.rows, itemsCapped: items.capped, ...resolved };
}

async function readItems(projectId: string): Promise<{ rows: ItemRow[]; capped: boolean }> {
  const outcome = await loadProjectItems((q) => getBridge().api.listItems(q), projectId);
  if (!outcome.data) throw new BridgeFailure(outcome.error!);
  // A slice that failed half-way leaves the counts short: better said as an error than shown low.
  if (outcome.error) throw new BridgeFailure(outcome.error);
  return { rows: outcome.data.rows, capped: outcome.data.capped || outcome.data.unlisted.length > 0 };
}

type ReviewPage = (query: { projectId: string; section: 'resolved'; offset?: number }) => Promise<ReviewResponse>;

async function readResolved(
  projectId: string,
  windowStart: number,
  review: ReviewPage,
): Promise<Pick<TrendSources, 'resolved' | 'resolvedComplete' | 'reviewCapped'>> {
  const rows: TrendResolved[] = [];
  let offset = 0;
  let reviewCapped = false;
  for (;;) {
    const page = await review({ projectId, section: 'resolved', offset });
    reviewCapped ||= page.capped;
    const fresh = (page.resolved ?? []).map((r) => ({ id: r.id, type: r.type, resolvedAt: r.resolvedAt }));
    rows.push(...fresh);
    const next = page.pages.resolved.nextOffset;
    if (next === null) break;
    // A page that moves nowhere would loop for ever: stop, and say the rows stop short.
    if (next <= offset || fresh.length === 0) return { resolved: rows, resolvedComplete: false, reviewCapped };
    // Newest first: once a page ends before the window, the rest were resolved earlier still.
    const last = fresh.at(-1)!.resolvedAt;
    if (last !== null && last < windowStart) break;
    offset = next;
  }
  return { resolved: rows, resolvedComplete: true, reviewCapped };
}
