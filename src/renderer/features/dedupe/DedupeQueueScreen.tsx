import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { create } from 'zustand';
import type { SimilarCandidate } from '#shared/reader/index.js';
import { ErrorMessage } from '../../components/ErrorMessage.js';
import { RelativeTime } from '../../components/RelativeTime.js';
import { statusLabel, typeLabel } from '../../format/labels.js';
import { quoteThread } from '../../format/thread-words.js';
import { type MergeReceipt } from '../merge/merge-run.js';
import { mergeThreads } from '../merge/merge-threads.js';
import { CandidateCard } from './CandidateCard.js';
import { DuplicateGroupsScreen } from './DuplicateGroupsScreen.js';
import { MergeConfirm, type ConfirmThread } from './MergeConfirm.js';
import { MergeReceiptNotice, QueueDone, QueueFooterEnd } from './QueueParts.js';
import { useQueueKeys } from './queue-keys.js';
import { SCORE_THRESHOLDS, progressText, scanText } from './dedupe-model.js';
import { liveCandidates, useDedupe, type QueueEntry } from './dedupe-store.js';
import { useQueueDetail } from './queue-details.js';
import './dedupe.css';
import { formatCount, plural, threadCount } from '../../format/counts.js';

interface DedupeQueueScreenProps {
  projectId: string;
  projectName: string;
  /** Back to where the person came from (Esc). */
  onExit(): void;
}

/** Pairs or groups: the queue last chosen stays chosen while the app runs. */
const useDedupeMode = create<{ mode: 'pairs' | 'groups' }>()(() => ({ mode: 'pairs' }));

/** A project's duplicates, one pair at a time or in groups. */
export function DedupeQueueScreen(props: DedupeQueueScreenProps) {
  const mode = useDedupeMode((s) => s.mode);
  return mode === 'groups' ? (
    <DuplicateGroupsScreen {...props} onPairs={() => useDedupeMode.setState({ mode: 'pairs' })} />
  ) : (
    <PairQueueScreen {...props} onGroups={() => useDedupeMode.setState({ mode: 'groups' })} />
  );
}

/** A thread's opening message in full, once its detail has arrived. */
function FullMessage({ itemId, fallback }: { itemId: string; fallback: string }) {
  const { detail, problem } = useQueueDetail(itemId);
  if (problem) return <ErrorMessage problem={problem} compact />;
  if (!detail) return <p className="dedupe__message muted">{fallback}</p>;
  return (
    <>
      <p className="dedupe__message">{detail.thread.root?.content ?? fallback}</p>
      <p className="muted">
        {detail.thread.root?.author || 'Unknown author'} · <RelativeTime ms={detail.createdAt} /> ·{' '}
        {detail.pageTitle || detail.page}
        {detail.anchor?.selector && (
          <>
            {' · '}
            <code className="break">{detail.anchor.selector}</code>
          </>
        )}
      </p>
    </>
  );
}

/**
 * Clearing duplicates by keyboard: each open thread with strong similar candidates is shown
 * beside them. n keeps it (not a duplicate), m merges the chosen candidates into it,
 * Shift+M merges it into the focused candidate (both after a confirmation), s skips, z takes
 * back the last keep or skip; j/↓ and k/↑ move between candidates as in every other list, so
 * a j/k habit never records a decision. x or Space chooses several. "12 of 87" says how far
 * along the queue is.
 */
function PairQueueScreen({ projectId, projectName, onExit, onGroups }: DedupeQueueScreenProps & { onGroups(): void }) {
  const s = useDedupe();
  const [focused, setFocused] = useState(0);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [receipt, setReceipt] = useState<MergeReceipt | null>(null);
  /** A merge waiting for its confirmation (the API cannot undo one). */
  const [confirming, setConfirming] = useState<{ kept: ConfirmThread; duplicates: ConfirmThread[] } | null>(null);
  const rootRef = useRef<HTMLElement>(null);
  const receiptRef = useRef<HTMLParagraphElement>(null);
  const listId = useId();

  useEffect(() => {
    void useDedupe.getState().start(projectId);
    rootRef.current?.focus();
    return () => useDedupe.getState().leave();
  }, [projectId]);

  const entry: QueueEntry | undefined = s.entries[s.position];
  const lastDecision = s.decisions[s.decisions.length - 1];
  const candidates = useMemo(() => (entry ? liveCandidates(entry, s) : []), [entry, s]);
  const focusIndex = Math.min(focused, Math.max(0, candidates.length - 1));
  // The subject's count as the service last said it: its detail is read again after each merge.
  const subjectDetail = useQueueDetail(entry?.subject.id ?? null).detail;
  const subjectReports = subjectDetail?.reportCount ?? entry?.subject.reportCount ?? 0;
  const focusedCandidate: SimilarCandidate | undefined = candidates[focusIndex];
  const scanDone = s.phase === 'ready' && s.checked >= s.subjects.length && !s.scanning;
  const finished = scanDone && s.position >= s.entries.length;
  const counts = { position: s.position, found: s.entries.length, checked: s.checked, total: s.subjects.length };

  // A new thread on screen starts with its best candidate focused and nothing chosen.
  const subjectId = entry?.subject.id;
  useEffect(() => {
    setFocused(0);
    setChosen(new Set());
  }, [subjectId]);

  const targets = (): SimilarCandidate[] => {
    const picked = candidates.filter((c) => chosen.has(c.id));
    return picked.length > 0 ? picked : focusedCandidate ? [focusedCandidate] : [];
  };

  /** Names what would be merged into what, and waits for the person to confirm. */
  const merge = (direction: 'into-this' | 'into-candidate') => {
    if (!entry || busy) return;
    const subject: ConfirmThread = {
      id: entry.subject.id,
      excerpt: entry.subject.excerpt,
      reportCount: subjectReports,
    };
    const picked = targets().map((c): ConfirmThread => ({ id: c.id, excerpt: c.line, reportCount: c.reportCount }));
    if (picked.length === 0) return;
    setConfirming(
      direction === 'into-this' ? { kept: subject, duplicates: picked } : { kept: picked[0]!, duplicates: [subject] },
    );
  };

  const runMergeConfirmed = async () => {
    if (!confirming || busy) return;
    const { kept, duplicates } = confirming;
    setConfirming(null);
    setBusy(true);
    setReceipt(null);
    const result = await mergeThreads(projectId, kept, duplicates);
    setBusy(false);
    setReceipt(result);
    setChosen(new Set());
    useDedupe.getState().merged(result);
  };

  // The confirmation hands focus back to the button that opened it, disabled while the merge
  // ran: the receipt takes it instead of the page body, and the queue's keys go on working.
  useEffect(() => {
    if (receipt) receiptRef.current?.focus();
  }, [receipt]);

  const undoDecision = () => {
    if (busy) return;
    const decision = useDedupe.getState().undoDecision();
    if (!decision) return;
    setReceipt(null);
    // The Undo button is gone with the decision: the queue keeps the keyboard.
    rootRef.current?.focus();
  };

  const keep = () => {
    if (!entry || busy) return;
    setReceipt(null);
    useDedupe.getState().keep(candidates.map((c) => c.id));
  };

  const skip = () => {
    if (!entry || busy) return;
    setReceipt(null);
    useDedupe.getState().skip();
  };

  const toggle = (id: string) =>
    setChosen((c) => {
      const next = new Set(c);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  // Keys work wherever focus is on this screen (not in the threshold menu, not under a dialog).
  const focusedId = focusedCandidate?.id;
  const move = (d: number) => setFocused(Math.max(0, Math.min(candidates.length - 1, focusIndex + d)));
  useQueueKeys({
    n: keep,
    s: skip,
    z: undoDecision,
    m: () => merge('into-this'),
    M: () => merge('into-candidate'),
    j: () => move(1),
    k: () => move(-1),
    ArrowDown: () => move(1),
    ArrowUp: () => move(-1),
    x: () => focusedId && toggle(focusedId),
    ' ': () => focusedId && toggle(focusedId),
    Escape: onExit,
  });

  return (
    <main
      ref={rootRef}
      className="screen dedupe"
      aria-label={`Duplicates queue of ${projectName}`}
      tabIndex={-1}
      data-testid="dedupe-queue"
    >
      <header className="dedupe__bar">
        <button type="button" className="button button--quiet" onClick={onExit} title="Back (Esc)">
          ← Back
        </button>
        <h1 className="dedupe__title">Duplicates in {projectName}</h1>
        <button type="button" className="button button--quiet" onClick={onGroups}>
          Groups instead
        </button>
        {s.phase === 'ready' && (
          <span className="dedupe__progress">
            <progress
              max={Math.max(1, s.entries.length)}
              value={Math.min(s.position, s.entries.length)}
              aria-hidden="true"
            />
            <strong data-testid="dedupe-progress" aria-live="polite">
              {finished
                ? `All ${s.entries.length} reviewed`
                : s.entries.length === 0
                  ? 'Looking…'
                  : progressText(counts)}
            </strong>
            <span className="muted">{scanText(counts)}</span>
          </span>
        )}
        <label className="dedupe__threshold">
          <span className="muted">Show</span>
          <select
            className="text-input"
            value={s.threshold}
            onChange={(e) => useDedupe.getState().setThreshold(Number(e.target.value))}
          >
            {SCORE_THRESHOLDS.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <span className="muted dedupe__stats" data-testid="dedupe-stats">
          {s.stats.merged} merged · {s.stats.kept} kept · {s.stats.skipped} skipped
        </span>
      </header>

      {s.phase === 'loading' && <p className="muted dedupe__note">Loading the open threads of {projectName}…</p>}
      {s.phase === 'failed' && s.loadProblem && (
        <ErrorMessage problem={s.loadProblem} onRetry={() => void useDedupe.getState().start(projectId)} />
      )}
      {s.scanProblem && (
        <ErrorMessage problem={s.scanProblem} onRetry={() => useDedupe.getState().retryScan()} compact />
      )}
      {receipt && <MergeReceiptNotice receipt={receipt} testId="dedupe-receipt" ref={receiptRef} />}

      {lastDecision && !receipt && (
        <p className="notice" role="status" data-testid="dedupe-decision">
          {lastDecision.kind === 'keep' ? 'Kept' : 'Skipped'} {quoteThread(lastDecision.subject.excerpt, 48)}
          {lastDecision.kind === 'keep' ? ': not a duplicate.' : '.'}{' '}
          <button
            type="button"
            className="button button--quiet"
            onClick={undoDecision}
            disabled={busy}
            title="Put it back in the queue (z)"
          >
            <kbd>z</kbd> Undo
          </button>
        </p>
      )}

      {s.phase === 'ready' && !entry && !finished && (
        <p className="muted dedupe__note">Checking open threads for similar ones… {scanText(counts)}</p>
      )}
      {finished && (
        <QueueDone
          onExit={onExit}
          summary={
            <>
              {s.entries.length === 0
                ? `None of the ${formatCount(s.subjects.length)} open threads has candidates at this score.`
                : `Reviewed ${threadCount(s.entries.length)} with likely duplicates.`}{' '}
              {formatCount(s.stats.merged)} merged, {formatCount(s.stats.kept)} kept, {formatCount(s.stats.skipped)}{' '}
              skipped.
            </>
          }
        />
      )}

      {entry && (
        <div className="dedupe__pair" aria-busy={busy}>
          <section
            className="dedupe__subject"
            aria-labelledby="dedupe-subject-heading"
            data-testid="dedupe-subject"
            data-item-id={entry.subject.id}
            tabIndex={0}
          >
            <h2 id="dedupe-subject-heading">This thread</h2>
            <p className="dedupe__meta">
              <span className={`tag status-tag status-tag--${entry.subject.status}`}>
                {statusLabel(entry.subject.status)}
              </span>{' '}
              {typeLabel(entry.subject.type)} · <span className="break">{entry.subject.page}</span> ·{' '}
              {plural(entry.subject.replyCount, 'reply', 'replies')} ·{' '}
              <span data-testid="dedupe-subject-reports">{plural(subjectReports, 'report', 'reports')}</span>
            </p>
            <FullMessage itemId={entry.subject.id} fallback={entry.subject.excerpt} />
          </section>

          <section className="dedupe__candidates" aria-labelledby="dedupe-candidates-heading" tabIndex={0}>
            <h2 id="dedupe-candidates-heading">
              Likely duplicates <span className="muted">· {candidates.length}</span>
            </h2>
            <ol
              id={listId}
              className="candidate-list"
              role="listbox"
              aria-label="Candidates"
              aria-multiselectable="true"
              aria-activedescendant={focusedCandidate ? `${listId}-${focusedCandidate.id}` : undefined}
            >
              {candidates.map((c, i) => (
                <li
                  key={c.id}
                  id={`${listId}-${c.id}`}
                  role="option"
                  aria-selected={chosen.has(c.id)}
                  data-focused={i === focusIndex || undefined}
                  onClick={() => setFocused(i)}
                >
                  <CandidateCard
                    candidate={c}
                    className={`${i === focusIndex ? 'candidate--focused' : ''} ${chosen.has(c.id) ? 'candidate--chosen' : ''}`}
                  >
                    {/* A mark for the mouse, not a checkbox: an option may hold no control. The option's
                        aria-selected says "chosen"; the keyboard chooses with the queue's keys. */}
                    <span className="candidate__choose" aria-hidden="true" onClick={() => toggle(c.id)}>
                      <span className="candidate__box">{chosen.has(c.id) ? '✓' : ''}</span> Choose
                    </span>
                  </CandidateCard>
                </li>
              ))}
            </ol>
            {focusedCandidate && (
              <div className="dedupe__focused" aria-label="The focused candidate in full">
                <h3>Focused candidate in full</h3>
                <FullMessage itemId={focusedCandidate.id} fallback={focusedCandidate.line} />
              </div>
            )}
          </section>
        </div>
      )}

      {entry && (
        <footer className="dedupe__actions">
          <button type="button" className="button" onClick={keep} disabled={busy}>
            <kbd>n</kbd> Keep: not a duplicate
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => merge('into-this')}
            disabled={busy || candidates.length === 0}
          >
            <kbd>m</kbd> Merge{' '}
            {chosen.size > 1 ? plural(chosen.size, 'chosen candidate', 'chosen candidates') : 'the candidate'} into this
            thread
          </button>
          <button
            type="button"
            className="button"
            onClick={() => merge('into-candidate')}
            disabled={busy || !focusedCandidate}
          >
            <kbd>Shift</kbd>+<kbd>M</kbd> Merge this thread into{' '}
            {focusedCandidate ? quoteThread(focusedCandidate.line, 32) : 'the candidate'}
          </button>
          <QueueFooterEnd
            onSkip={skip}
            busy={busy}
            keys={
              <>
                <kbd>j</kbd>/<kbd>↓</kbd> <kbd>k</kbd>/<kbd>↑</kbd> move · <kbd>x</kbd> choose several · <kbd>z</kbd>{' '}
                undo a keep or skip · <kbd>Esc</kbd> back · merges cannot be undone
              </>
            }
          />
        </footer>
      )}
      {confirming && (
        <MergeConfirm
          kept={confirming.kept}
          duplicates={confirming.duplicates}
          onConfirm={() => void runMergeConfirmed()}
          onCancel={() => setConfirming(null)}
        />
      )}
    </main>
  );
}
