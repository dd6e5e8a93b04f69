import type { BridgeError } from '#shared/bridge/errors.js';
import { failure, type Failure } from '../stores/failure.js';

/**
 * The service's refusal reasons (docs/api-decisions.md), in words that say what to do next.
 * Dialogs that can offer the way out as a button (reopen, pick a person, open the kept
 * thread) do so; these sentences are what everyone else shows.
 */
const REFUSAL_SENTENCES: Record<string, (e: BridgeError) => string> = {
  resolved_item: () => "Resolved threads can't be assigned. Reopen the thread, then assign it.",
  merged_duplicate: () =>
    'This thread was merged into another one as a duplicate, so it cannot be changed. Open the thread it was merged into and work there.',
  ambiguous_name: (e) =>
    `“${e.name ?? 'That name'}” matches several people${e.candidates ? ` (${e.candidates.map((c) => c.name).join(', ')})` : ''}. Pick one; nothing was posted.`,
  unknown_person: (e) =>
    `${e.serverMessage ?? 'No member of this workspace matches that name.'} Pick someone from the list, or remove the @.`,
  reply_to_reply: (e) =>
    `That is a reply inside a thread, and replies cannot be answered.${e.parentId ? ` Reply to thread ${e.parentId} instead.` : ''}`,
  reply_id: (e) => `That ID is a reply, not a thread.${e.parentId ? ` Open thread ${e.parentId} instead.` : ''}`,
  merge_reply: () =>
    'One of the threads is a reply inside another thread; only threads can be merged. Leave it out and merge again.',
  merge_other_project: () =>
    'One of the threads belongs to another project; only threads of the same project can be merged.',
  merge_self: () => 'The thread being kept cannot also be one of its duplicates.',
  creation_limit: (e) =>
    `${e.serverMessage ?? 'You reached the limit of threads one person can start for now.'} Your draft is kept; post it later.`,
};

/** A readable sentence for a refusal the service explained with a reason; null when there is none to add. */
export function refusalSentence(error: BridgeError): string | null {
  const describe = error.reason ? REFUSAL_SENTENCES[error.reason] : undefined;
  return describe ? describe(error) : null;
}

/** A Failure for <ErrorMessage>, worded by reason when the service gave one. */
export function actionFailure(title: string, error: BridgeError): Failure {
  const sentence = refusalSentence(error);
  return failure(title, sentence ? { ...error, message: sentence } : error);
}
