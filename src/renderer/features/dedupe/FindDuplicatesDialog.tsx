import { useEffect, useRef, useState } from 'react';
import { LIMITS } from '#shared/api/limits.js';
import type { SimilarCandidate, SimilarResponse } from '#shared/reader/index.js';
import { getBridge } from '../../bridge/index.js';
import { ErrorMessage } from '../../components/ErrorMessage.js';
import type { Failure } from '../../stores/failure.js';
import { ActionDialog } from '../../components/ActionDialog.js';
import { lookupThreads, type ThreadBrief } from '../../server-state/item-lookup.js';
import { actionFailure } from '../../format/refusals.js';
import { quoteThread } from '../../format/thread-words.js';
import type { MergeReceipt } from '../merge/merge-run.js';
import { mergeThreads } from '../merge/merge-threads.js';
import { CandidateCard, OpenCandidateButton } from './CandidateCard.js';
import { MergeConfirm } from './MergeConfirm.js';
import { UnreadableNotice } from '../../components/UnreadableNotice.js';
import { unreadableOf } from '#shared/reader/problems.js';
import { formatCount, plural, threadCount } from '../../format/counts.js';

interface FindDuplicatesDialogProps {
  projectId: string;
  itemId: string;
  onClose(): void;
}

type MergeState = { name: 'merging' } | { name: 'done'; receipt: MergeReceipt };

/** Words for one duplicate's merge outcome. */
function outcomeText(receipt: MergeReceipt): string {
  if (receipt.merged === 1)
    return receipt.canonicalId === receipt.keptId
      ? 'Merged into this thread.'
      : `Merged into ${receipt.canonicalId} (this thread had itself been merged there).`;
  if (receipt.alreadyMerged === 1) return 'It had already been merged before; nothing changed.';
  if (receipt.refused[0]) return `Not merged: ${receipt.refused[0].message}`;
  if (receipt.uncertainIds.length > 0) return 'The answer was lost: it may or may not be merged. Refresh to check.';
  return `Not merged: ${receipt.stoppedBy?.message ?? 'the service did not say why.'}`;
}

/**
 * Threads the service finds similar to this one (shared words, same page, element, source
 * file), each with its score and reasons, and each mergeable into this thread after the
 * same confirmation the dedupe queue asks for.
 */
export function FindDuplicatesDialog({ projectId, itemId, onClose }: FindDuplicatesDialogProps) {
  const [includeResolved, setIncludeResolved] = useState(true);
  const [result, setResult] = useState<SimilarResponse | null>(null);
  const [problem, setProblem] = useState<Failure | null>(null);
  const [subject, setSubject] = useState<ThreadBrief | null>(null);
  const [merges, setMerges] = useState<Record<string, MergeState>>({});
  const [attempt, setAttempt] = useState(0);
  /** A merge waiting for its confirmation, as in the dedupe queue: the API cannot undo one. */
  const [confirming, setConfirming] = useState<SimilarCandidate | null>(null);
  /** The candidate whose outcome takes the focus once its confirmation closes. */
  const [focusOutcome, setFocusOutcome] = useState<string | null>(null);
  const includeRef = useRef<HTMLInputElement>(null);
  const outcomeRef = useRef<HTMLSpanElement>(null);

  // The confirmation hands focus back to a button that is gone by then; without this it
  // would fall to the page body, and the person would lose their place in the list.
  useEffect(() => {
    if (focusOutcome) outcomeRef.current?.focus();
  }, [focusOutcome]);

  useEffect(() => {
    let live = true;
    void lookupThreads([itemId]).then((r) => live && setSubject(r.briefs.get(itemId) ?? null));
    return () => {
      live = false;
    };
  }, [itemId]);

  useEffect(() => {
    let live = true;
    setProblem(null);
    setResult(null);
    void getBridge()
      .api.findSimilar({ itemId, includeResolved, limit: LIMITS.similarLimitMax })
      .then((res) => {
        if (!live) return;
        if (res.ok) setResult(res.data);
        else setProblem(actionFailure('Could not look for similar threads', res.error));
      });
    return () => {
      live = false;
    };
  }, [itemId, includeResolved, attempt]);

  const mergeOne = async (candidateId: string, reportCount: number) => {
    setConfirming(null);
    setFocusOutcome(candidateId);
    setMerges((m) => ({ ...m, [candidateId]: { name: 'merging' } }));
    const receipt = await mergeThreads(projectId, { id: itemId, reportCount: subject?.reportCount ?? 0 }, [
      { id: candidateId, reportCount },
    ]);
    setMerges((m) => ({ ...m, [candidateId]: { name: 'done', receipt } }));
  };

  const mergedCount = Object.values(merges).filter((m) => m.name === 'done' && m.receipt.merged > 0).length;
  const candidates = result?.candidates ?? [];

  const subjectThread = { id: itemId, excerpt: subject?.excerpt ?? '', reportCount: subject?.reportCount ?? 0 };

  return (
    <ActionDialog
      title={`Duplicates of ${quoteThread(subject?.excerpt, 56)}`}
      description="Similar threads, by shared words and the same page, element or source file. Merging one hides it from every list and counts it as a report of this thread; it cannot be undone."
      onClose={onClose}
      size="wide"
      busy={Object.values(merges).some((m) => m.name === 'merging')}
      testId="find-duplicates-dialog"
      initialFocus={includeRef}
    >
      <label className="checkbox">
        <input
          ref={includeRef}
          type="checkbox"
          checked={includeResolved}
          onChange={(e) => setIncludeResolved(e.target.checked)}
        />{' '}
        Include resolved threads
      </label>
      {problem && <ErrorMessage problem={problem} onRetry={() => setAttempt((n) => n + 1)} compact />}
      {!result && !problem && (
        <p className="muted" aria-busy="true">
          Comparing with the project&apos;s threads…
        </p>
      )}
      <UnreadableNotice problems={unreadableOf(result)} />
      {result && (
        <p className="muted" role="status">
          {candidates.length === 0
            ? result.compared === null
              ? 'No similar threads found.'
              : `No similar threads among the ${formatCount(result.compared)} compared.`
            : `${plural(candidates.length, 'similar thread', 'similar threads')}${result.compared === null ? '' : ` among ${formatCount(result.compared)} compared`}, most similar first.`}
          {mergedCount > 0 && ` ${threadCount(mergedCount)} merged into this one so far.`}
        </p>
      )}
      <ol className="candidate-list">
        {candidates.map((c) => {
          const state = merges[c.id];
          return (
            <li key={c.id}>
              <CandidateCard
                candidate={c}
                className={state?.name === 'done' && state.receipt.merged > 0 ? 'candidate--merged' : undefined}
              >
                {state ? (
                  // One element from "Merging…" to the outcome, so the focus it holds stays on it.
                  <span
                    ref={c.id === focusOutcome ? outcomeRef : undefined}
                    tabIndex={-1}
                    className={
                      state.name === 'merging' ? 'muted' : state.receipt.merged > 0 ? 'outcome--ok' : 'outcome--bad'
                    }
                    role="status"
                    data-testid="merge-outcome"
                  >
                    {state.name === 'merging' ? 'Merging…' : outcomeText(state.receipt)}
                  </span>
                ) : (
                  <button type="button" className="button" onClick={() => setConfirming(c)}>
                    Merge into this thread
                  </button>
                )}
                <OpenCandidateButton itemId={c.id} onClose={onClose} />
              </CandidateCard>
            </li>
          );
        })}
      </ol>
      {confirming && (
        <MergeConfirm
          kept={subjectThread}
          duplicates={[{ id: confirming.id, excerpt: confirming.line, reportCount: confirming.reportCount }]}
          onConfirm={() => void mergeOne(confirming.id, confirming.reportCount)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </ActionDialog>
  );
}
