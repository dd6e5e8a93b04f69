import type { MergeResponse } from '#shared/reader/index.js';
import type { BridgeError, BridgeResult } from '#shared/bridge/errors.js';
import { chunk } from './merge-plan.js';
import { formatCount, threadCount } from '../../format/counts.js';

type MergeCall = (input: { itemId: string; duplicateIds: string[] }) => Promise<BridgeResult<MergeResponse>>;

export interface MergeProgress {
  /** Duplicates whose request has been answered. */
  done: number;
  total: number;
  /** 1-based request being sent, of `requests` planned (isolating a refused request adds one per thread). */
  request: number;
  requests: number;
}

export interface RefusedDuplicate {
  id: string;
  reason: string | undefined;
  /** The service's words, made readable (see whyDuplicateRefused). */
  message: string;
}

export interface MergeReceipt {
  keptId: string;
  /** Where the duplicates went: the kept thread, or the thread it had itself been merged into. */
  canonicalId: string;
  requested: number;
  /** Threads the service counted as merged by this run. */
  merged: number;
  /** Accepted in a request that succeeded: they are gone from every list. */
  acceptedIds: string[];
  /** Accepted but not counted: they had already been merged (here or elsewhere) before. */
  alreadyMerged: number;
  refused: RefusedDuplicate[];
  /** A request failed so that it may or may not have been applied: look before retrying. */
  uncertainIds: string[];
  /** Never sent because the run stopped. */
  notSentIds: string[];
  /** Why the run stopped before the end, if it did. */
  stoppedBy: BridgeError | null;
  /** Requests sent: one per 50 duplicates, plus one per thread of a refused request. */
  requests: number;
}

/**
 * A refusal of the request's content (any 4xx but sign-in, plan, role and rate limits) may
 * concern one duplicate only: the request is split so the rest are still merged. Our
 * service's codes only sharpen the words (whyDuplicateRefused); a service without them
 * is split the same way.
 */
function refusesOneThread(error: BridgeError): boolean {
  return error.kind === 'not_found' || error.kind === 'validation' || (error.status === 409 && !error.uncertain);
}

/** Why a duplicate was refused, in words a person can act on. */
function whyDuplicateRefused(error: BridgeError): string {
  switch (error.reason) {
    case 'merge_reply':
      return 'It is a reply inside a thread, not a thread; only threads can be merged.';
    case 'merge_other_project':
      return 'It belongs to another project; only threads of the same project can be merged.';
    case 'merge_self':
      return 'It is the thread being kept.';
  }
  if (error.kind === 'not_found') return 'Not found: it was deleted, or this token cannot reach it.';
  return error.serverMessage ?? error.message;
}

/**
 * Merges `duplicateIds` into `keptId` in requests of at most 50, in order, one at a time.
 *
 * The service refuses a whole request when one duplicate is bad (a reply, another project,
 * gone). Such a request is retried one thread at a time, so every good duplicate is still
 * merged and each bad one is reported with its reason. A failure that is not about one
 * thread (network, rate limit, sign-in) stops the run: what was not sent is reported, and a
 * request whose outcome is unknown is reported as such, never replayed blindly.
 */
export async function runMerge(
  call: MergeCall,
  keptId: string,
  duplicateIds: readonly string[],
  onProgress?: (p: MergeProgress) => void,
): Promise<MergeReceipt> {
  const ids = [...new Set(duplicateIds)].filter((id) => id !== keptId);
  const receipt: MergeReceipt = {
    keptId,
    canonicalId: keptId,
    requested: ids.length,
    merged: 0,
    acceptedIds: [],
    alreadyMerged: 0,
    refused: [],
    uncertainIds: [],
    notSentIds: [],
    stoppedBy: null,
    requests: 0,
  };
  const queue = chunk(ids).map((c) => ({ ids: c }));
  let request = 0;
  let requests = queue.length;
  let done = 0;
  const report = () => onProgress?.({ done, total: ids.length, request, requests });

  while (queue.length > 0) {
    const batch = queue.shift()!;
    request++;
    report();
    const res = await call({ itemId: receipt.canonicalId, duplicateIds: batch.ids });
    receipt.requests++;
    if (res.ok) {
      receipt.merged += res.data.merged;
      receipt.alreadyMerged += batch.ids.length - res.data.merged;
      receipt.acceptedIds.push(...batch.ids);
      // Later requests go straight to the canonical thread, as the service would anyway.
      receipt.canonicalId = res.data.canonicalId ?? receipt.canonicalId;
      done += batch.ids.length;
      continue;
    }
    if (refusesOneThread(res.error)) {
      if (batch.ids.length > 1) {
        queue.unshift(...batch.ids.map((id) => ({ ids: [id] })));
        requests += batch.ids.length;
        continue;
      }
      receipt.refused.push({
        id: batch.ids[0]!,
        reason: res.error.reason ?? res.error.kind,
        message: whyDuplicateRefused(res.error),
      });
      done += 1;
      continue;
    }
    receipt.stoppedBy = res.error;
    if (res.error.uncertain) receipt.uncertainIds.push(...batch.ids);
    else receipt.notSentIds.push(...batch.ids);
    for (const rest of queue) receipt.notSentIds.push(...rest.ids);
    queue.length = 0;
  }
  report();
  return receipt;
}

/** One line for the live region and the receipt's heading. */
export function receiptHeadline(r: MergeReceipt): string {
  const parts = [`Merged ${formatCount(r.merged)} of ${threadCount(r.requested)}`];
  if (r.alreadyMerged > 0) parts.push(`${r.alreadyMerged} had already been merged before`);
  if (r.refused.length > 0) parts.push(`${r.refused.length} refused`);
  if (r.uncertainIds.length > 0) parts.push(`${r.uncertainIds.length} unknown`);
  if (r.notSentIds.length > 0) parts.push(`${r.notSentIds.length} not sent`);
  return `${parts.join('; ')}.`;
}
