import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { LIMITS } from '#shared/api/limits.js';
import type { ItemRow } from '#shared/reader/index.js';
import { getBridge } from '../../bridge/index.js';
import { ErrorMessage } from '../../components/ErrorMessage.js';
import { RelativeTime } from '../../components/RelativeTime.js';
import { formatCount, plural } from '../../format/counts.js';
import { statusLabel, typeLabel } from '../../format/labels.js';
import {
  BridgeFailure,
  bridgeErrorOf,
  connectionKey,
  fromBridge,
  queryProblem,
} from '../../server-state/query-client.js';
import { failure } from '../../stores/failure.js';
import { useSession } from '../../stores/session-store.js';
import { quoteThread } from '../../format/thread-words.js';
import { type MergeReceipt } from '../merge/merge-run.js';
import { mergeThreads } from '../merge/merge-threads.js';
import { openThreads } from './dedupe-store.js';
import { confirmGroup, shapeGroup, wordsCouldNotJudge, type GroupThread } from './group-model.js';
import { GROUP_MARKS, proposeGroupsOffThread, type Proposal } from './group-worker-client.js';
import { useGroupQueue } from './group-queue-store.js';
import { MergeConfirm, type ConfirmThread } from './MergeConfirm.js';
import { MergeReceiptNotice, QueueDone, QueueFooterEnd } from './QueueParts.js';
import { useQueueKeys } from './queue-keys.js';
import './dedupe.css';

/** The service's score a member needs among the head's similar threads to stay in the group ("likely" in the pair queue). */
const CONFIRM_MIN_SCORE = 0.6;
/** The score a thread the words could not judge needs to join a group (a summary against messages). */
const JOIN_MIN_SCORE = 0.8;

interface DuplicateGroupsScreenProps {
  projectId: string;
  projectName: string;
  onExit(): void;
  /** Switches to the pair queue. */
  onPairs(): void;
}

type GroupRow = GroupThread & { row: ItemRow };

const sourceOf = (row: ItemRow): GroupThread['textSource'] =>
  row.excerptSource === null ? null : row.excerptSource === 'summary' ? 'summary' : 'message';
const asGroupThread = (row: ItemRow): GroupRow => ({
  id: row.id,
  text: row.excerpt,
  textSource: sourceOf(row),
  page: row.page,
  reportCount: row.reportCount,
  createdAt: row.createdAt ?? null,
  row,
});
const asConfirmThread = (t: GroupRow): ConfirmThread => ({ id: t.id, excerpt: t.text, reportCount: t.reportCount });

/**
 * Duplicate groups: one pass over the project's open threads (in a Web Worker) proposes
 * groups of likely duplicates, and one /similar call on each group's head confirms it. The
 * person merges a whole group after one confirmation, takes a thread out (x), picks the
 * thread that stays (p), keeps a group apart (n), skips (s), takes back a keep, skip or
 * take-out (z); j/k move between the group's threads as in the pair queue.
 */
export function DuplicateGroupsScreen({ projectId, projectName, onExit, onPairs }: DuplicateGroupsScreenProps) {
  const connectionId = useSession((s) => s.active?.connection.id);
  const q = useGroupQueue();
  const [focused, setFocused] = useState(0);
  const [busy, setBusy] = useState(false);
  const [receipt, setReceipt] = useState<MergeReceipt | null>(null);
  const [confirming, setConfirming] = useState<{ group: string; kept: GroupRow; leaving: GroupRow[] } | null>(null);
  const rootRef = useRef<HTMLElement>(null);
  const receiptRef = useRef<HTMLParagraphElement>(null);
  const listId = useId();

  useEffect(() => {
    useGroupQueue.getState().open(projectId);
    rootRef.current?.focus();
  }, [projectId]);

  const threadsQuery = useQuery({
    queryKey: connectionKey(connectionId, 'dedupe-groups', 'open-threads', projectId),
    queryFn: async () => {
      const loaded = await openThreads(projectId);
      if ('problem' in loaded) throw new BridgeFailure(loaded.problem.error);
      return loaded.rows;
    },
    staleTime: 0,
  });
  const rows = threadsQuery.data;
  const byId = useMemo(() => new Map((rows ?? []).map((r) => [r.id, asGroupThread(r)])), [rows]);

  // The proposal is worked out here, not asked of the service: it is state of this screen,
  // redone whenever the threads are read again.
  const [proposal, setProposal] = useState<{ data?: Proposal; error?: unknown; attempt: number }>({ attempt: 0 });
  useEffect(() => {
    if (!rows) return;
    const aborter = new AbortController();
    setProposal((p) => ({ attempt: p.attempt }));
    proposeGroupsOffThread(
      [...byId.values()].map(({ row: _row, ...t }) => t),
      undefined,
      aborter.signal,
    ).then(
      (data) => !aborter.signal.aborted && setProposal((p) => ({ data, attempt: p.attempt })),
      (error: unknown) => !aborter.signal.aborted && setProposal((p) => ({ error, attempt: p.attempt })),
    );
    return () => aborter.abort();
  }, [rows, byId, proposal.attempt]);
  const proposalQuery = {
    data: proposal.data,
    error: proposal.error,
    refetch: () => setProposal((p) => ({ attempt: p.attempt + 1 })),
  };
  const proposed = useMemo(() => proposalQuery.data?.groups ?? [], [proposalQuery.data]);

  // One /similar call per proposed group, on its head: the service's view of the same threads.
  const checks = useQueries({
    queries: proposed.map((ids) => ({
      queryKey: connectionKey(connectionId, 'dedupe-groups', 'similar', ids[0]),
      queryFn: () =>
        fromBridge(
          getBridge().api.findSimilar({ itemId: ids[0]!, includeResolved: false, limit: LIMITS.similarLimitMax }),
        ),
      staleTime: 5 * 60_000,
    })),
  });

  // A thread belongs to one group at most: the first (largest) group that claims it.
  const taken = new Set<string>();
  const entries = proposed.map((ids, i) => {
    const check = checks[i];
    const group = ids.map((id) => byId.get(id)).filter((t) => t !== undefined);
    const joining = {
      minScore: JOIN_MIN_SCORE,
      may: (id: string) => {
        const t = byId.get(id);
        return !!t && t.page === group[0]?.page && wordsCouldNotJudge(t, group);
      },
    };
    const confirmed = check?.data ? confirmGroup(ids, check.data.candidates, CONFIRM_MIN_SCORE, taken, joining) : null;
    for (const id of confirmed ?? []) taken.add(id);
    return { key: ids[0]!, ids, check, confirmed };
  });
  const allChecked = proposed.length > 0 && checks.every((c) => !c.isPending);
  const confirmedEntries = entries.filter((e) => e.confirmed && e.confirmed.length > 1);

  // For the renderer bench: what was proposed and kept, once every check has answered.
  const markedFor = useRef<unknown>(null);
  useEffect(() => {
    if (!allChecked || markedFor.current === proposalQuery.data) return;
    markedFor.current = proposalQuery.data;
    performance.mark(GROUP_MARKS.confirmed, {
      detail: { requests: proposed.length, groups: confirmedEntries.map((e) => e.confirmed) },
    });
  });

  /** The group on screen: the first confirmed one nothing has been decided on and that still has two threads. */
  const live = (ids: readonly string[]) =>
    ids.map((id) => byId.get(id)).filter((t): t is GroupRow => !!t && !q.gone.has(t.id));
  const current = entries.find(
    (e) =>
      !q.decided[e.key] && (e.check?.isPending || e.check?.isError || (e.confirmed && live(e.confirmed).length > 1)),
  );
  const members = current?.confirmed ? live(current.confirmed) : [];
  const takenOut = new Set(current ? (q.takenOut[current.key] ?? []) : []);
  const shaped = current ? shapeGroup(members, takenOut, q.staying[current.key] ?? null) : null;
  const inGroup = members.filter((t) => !takenOut.has(t.id));
  const focusIndex = Math.min(focused, Math.max(0, inGroup.length - 1));
  const focusedThread = inGroup[focusIndex];
  const position = current ? confirmedEntries.findIndex((e) => e.key === current.key) : -1;
  const finished = allChecked && !current;

  useEffect(() => setFocused(0), [current?.key]);
  useEffect(() => {
    if (receipt) receiptRef.current?.focus();
  }, [receipt]);

  const act = {
    keep: () => current && !busy && (setReceipt(null), useGroupQueue.getState().keep(current.key)),
    skip: () => current && !busy && (setReceipt(null), useGroupQueue.getState().skip(current.key)),
    undo: () => {
      if (busy || !useGroupQueue.getState().undo()) return;
      setReceipt(null);
      rootRef.current?.focus();
    },
    takeOut: () => current && focusedThread && !busy && useGroupQueue.getState().takeOut(current.key, focusedThread.id),
    stay: () =>
      current && focusedThread && !busy && useGroupQueue.getState().chooseStaying(current.key, focusedThread.id),
    merge: () =>
      current &&
      shaped &&
      !busy &&
      setConfirming({ group: current.key, kept: shaped.staying, leaving: shaped.leaving }),
    move: (d: number) => setFocused(Math.max(0, Math.min(inGroup.length - 1, focusIndex + d))),
  };

  const runMerge = async () => {
    if (!confirming || busy) return;
    const { group, kept, leaving } = confirming;
    setConfirming(null);
    setBusy(true);
    setReceipt(null);
    const result = await mergeThreads(projectId, kept, leaving);
    setBusy(false);
    setReceipt(result);
    useGroupQueue.getState().merged(group, result);
  };

  useQueueKeys({
    n: act.keep,
    s: act.skip,
    z: act.undo,
    m: act.merge,
    x: act.takeOut,
    p: act.stay,
    j: () => act.move(1),
    k: () => act.move(-1),
    ArrowDown: () => act.move(1),
    ArrowUp: () => act.move(-1),
    Escape: onExit,
  });

  const lastDecision = q.history[q.history.length - 1];
  const problem = queryProblem(`Could not load the open threads of ${projectName}`, threadsQuery);
  const groupingProblem = proposalQuery.error
    ? proposalQuery.error instanceof Error
      ? proposalQuery.error.message
      : String(proposalQuery.error)
    : null;

  return (
    <main
      ref={rootRef}
      className="screen dedupe"
      aria-label={`Duplicate groups of ${projectName}`}
      tabIndex={-1}
      data-testid="duplicate-groups"
    >
      <header className="dedupe__bar">
        <button type="button" className="button button--quiet" onClick={onExit} title="Back (Esc)">
          ← Back
        </button>
        <h1 className="dedupe__title">Duplicate groups in {projectName}</h1>
        <button type="button" className="button button--quiet" onClick={onPairs}>
          Pairs instead
        </button>
        <strong data-testid="groups-progress" aria-live="polite">
          {!proposalQuery.data
            ? 'Grouping…'
            : !allChecked
              ? `Checking ${formatCount(proposed.length)} proposed groups with the service…`
              : finished
                ? `All ${formatCount(confirmedEntries.length)} groups reviewed`
                : `Group ${position + 1} of ${formatCount(confirmedEntries.length)}`}
        </strong>
        {proposalQuery.data && (
          <span className="muted">
            {plural(proposed.length, 'group', 'groups')} proposed from {formatCount(rows?.length ?? 0)} open threads
            {allChecked && `; ${formatCount(confirmedEntries.length)} confirmed by the service`}
          </span>
        )}
        <span className="muted dedupe__stats" data-testid="groups-stats">
          {q.stats.merged} merged · {q.stats.kept} kept apart · {q.stats.skipped} skipped
        </span>
      </header>

      {threadsQuery.isPending && <p className="muted dedupe__note">Loading the open threads of {projectName}…</p>}
      {problem && <ErrorMessage problem={problem} onRetry={() => void threadsQuery.refetch()} />}
      {groupingProblem && (
        <div className="notice notice--warning" role="alert">
          <strong>Could not group the threads.</strong> {groupingProblem} The pair queue still works: “Pairs instead”
          above.{' '}
          <button type="button" className="button" onClick={proposalQuery.refetch}>
            Try again
          </button>
        </div>
      )}
      {receipt && <MergeReceiptNotice receipt={receipt} testId="groups-receipt" ref={receiptRef} />}
      {lastDecision && !receipt && (
        <p className="notice" role="status" data-testid="groups-decision">
          {lastDecision.kind === 'take-out'
            ? `Took ${quoteThread(byId.get(lastDecision.threadId ?? '')?.text, 40)} out of the group.`
            : lastDecision.kind === 'keep'
              ? 'Kept the group apart: not duplicates.'
              : 'Skipped the group.'}{' '}
          <button
            type="button"
            className="button button--quiet"
            onClick={act.undo}
            disabled={busy}
            title="Take it back (z)"
          >
            <kbd>z</kbd> Undo
          </button>
        </p>
      )}

      {finished && (
        <QueueDone
          onExit={onExit}
          summary={
            <>
              {confirmedEntries.length === 0
                ? `No duplicate groups among the ${formatCount(rows?.length ?? 0)} open threads.`
                : `Reviewed ${plural(confirmedEntries.length, 'group', 'groups')}.`}{' '}
              {formatCount(q.stats.merged)} merged, {formatCount(q.stats.kept)} kept apart,{' '}
              {formatCount(q.stats.skipped)} skipped.
            </>
          }
        />
      )}

      {current && !current.confirmed && (
        <div className="dedupe__note">
          {current.check?.isError ? (
            <ErrorMessage
              problem={failure(
                `Could not check the group of ${quoteThread(byId.get(current.key)?.text, 48)}`,
                bridgeErrorOf(current.check.error),
              )}
              onRetry={() => void current.check?.refetch()}
              compact
            />
          ) : (
            <p className="muted">Checking the next group with the service…</p>
          )}
        </div>
      )}

      {current?.confirmed && (
        <section
          className="dedupe__group"
          aria-labelledby={`${listId}-heading`}
          data-testid="duplicate-group"
          tabIndex={0}
        >
          <h2 id={`${listId}-heading`}>
            {plural(inGroup.length, 'thread', 'threads')} that read as the same report
            {takenOut.size > 0 && <span className="muted"> · {formatCount(takenOut.size)} taken out</span>}
          </h2>
          <ol
            className="candidate-list"
            role="listbox"
            aria-label="Threads in this group"
            aria-activedescendant={focusedThread ? `${listId}-${focusedThread.id}` : undefined}
            tabIndex={-1}
          >
            {inGroup.map((t, i) => {
              const stays = shaped?.staying.id === t.id;
              return (
                <li
                  key={t.id}
                  id={`${listId}-${t.id}`}
                  role="option"
                  aria-selected={i === focusIndex}
                  data-focused={i === focusIndex || undefined}
                  data-item-id={t.id}
                  data-testid="group-thread"
                  onClick={() => setFocused(i)}
                >
                  <article
                    className={`candidate ${i === focusIndex ? 'candidate--focused' : ''} ${stays ? 'candidate--chosen' : ''}`}
                    aria-label={`${stays ? 'Stays: ' : 'Leaves: '}${t.text}`}
                  >
                    <div className="candidate__head">
                      <span
                        className={`tag ${stays ? 'group__stays' : ''}`}
                        data-testid={stays ? 'group-stays' : undefined}
                      >
                        {stays ? 'Stays' : 'Leaves'}
                      </span>
                      <span className={`tag status-tag status-tag--${t.row.status}`}>{statusLabel(t.row.status)}</span>
                      <span className="muted">
                        {typeLabel(t.row.type)} · <span className="break">{t.page}</span> ·{' '}
                        {plural(t.reportCount, 'report', 'reports')} · <RelativeTime ms={t.createdAt} />
                      </span>
                    </div>
                    <p className="candidate__line">{t.text}</p>
                  </article>
                </li>
              );
            })}
          </ol>
        </section>
      )}

      {current?.confirmed && (
        <footer className="dedupe__actions">
          <button type="button" className="button button--primary" onClick={act.merge} disabled={busy || !shaped}>
            <kbd>m</kbd> Merge the group into the staying thread
          </button>
          <button
            type="button"
            className="button"
            onClick={act.stay}
            disabled={busy || !focusedThread || shaped?.staying.id === focusedThread.id}
          >
            <kbd>p</kbd> This one stays
          </button>
          <button type="button" className="button" onClick={act.takeOut} disabled={busy || !focusedThread}>
            <kbd>x</kbd> Take it out of the group
          </button>
          <button type="button" className="button" onClick={act.keep} disabled={busy}>
            <kbd>n</kbd> Not duplicates
          </button>
          <QueueFooterEnd
            onSkip={act.skip}
            busy={busy}
            keys={
              <>
                <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>z</kbd> undo a keep, skip or take-out · <kbd>Esc</kbd> back ·
                merges cannot be undone
              </>
            }
          />
        </footer>
      )}
      {confirming && (
        <MergeConfirm
          kept={asConfirmThread(confirming.kept)}
          duplicates={confirming.leaving.map(asConfirmThread)}
          onConfirm={() => void runMerge()}
          onCancel={() => setConfirming(null)}
        />
      )}
    </main>
  );
}
