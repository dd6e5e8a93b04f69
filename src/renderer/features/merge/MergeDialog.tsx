import { useEffect, useMemo, useState } from 'react';
import { RelativeTime } from '../../components/RelativeTime.js';
import { statusLabel } from '../../format/labels.js';
import { useThread } from '../../stores/thread-store.js';
import { ActionDialog } from '../../components/ActionDialog.js';
import { lookupThreads, type LookupResult, type ThreadBrief } from '../../server-state/item-lookup.js';
import { quoteThread } from '../../format/thread-words.js';
import { previewMerge, suggestKeep } from './merge-plan.js';
import { type MergeProgress, type MergeReceipt } from './merge-run.js';
import { mergeThreads } from './merge-threads.js';
import { MergeReceiptView } from './MergeReceiptView.js';
import './merge.css';
import { plural, threadCount } from '../../format/counts.js';

interface MergeDialogProps {
  projectId: string;
  itemIds: string[];
  onClose(): void;
}

type Phase =
  { name: 'choose' } | { name: 'running'; progress: MergeProgress } | { name: 'done'; receipt: MergeReceipt };

/**
 * Merge a selection of duplicates into one thread: pick the one to keep (a suggestion says
 * which and why), read what will happen — it cannot be undone — then the duplicates go in
 * requests of at most 50 with progress, and a receipt says what the service did.
 */
export function MergeDialog({ projectId, itemIds, onClose }: MergeDialogProps) {
  const [lookup, setLookup] = useState<LookupResult | null>(null);
  const [keptId, setKeptId] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: 'choose' });
  const now = useMemo(() => Date.now(), []);

  useEffect(() => {
    let live = true;
    void lookupThreads(itemIds).then((r) => {
      if (!live) return;
      setLookup(r);
      const threads = itemIds.map((id) => r.briefs.get(id)).filter((b): b is ThreadBrief => !!b);
      setKeptId((k) => k ?? suggestKeep(threads, Date.now())?.id ?? null);
    });
    return () => {
      live = false;
    };
  }, [itemIds]);

  const threads = useMemo(
    () => itemIds.map((id) => lookup?.briefs.get(id)).filter((b): b is ThreadBrief => !!b),
    [itemIds, lookup],
  );
  const suggestion = useMemo(() => suggestKeep(threads, now), [threads, now]);
  const kept = threads.find((t) => t.id === keptId) ?? null;
  const duplicates = threads.filter((t) => t.id !== keptId);
  const preview = kept ? previewMerge(kept, duplicates) : null;

  const merge = async () => {
    if (!kept || duplicates.length === 0) return;
    const receipt = await mergeThreads(projectId, kept, duplicates, (progress) =>
      setPhase({ name: 'running', progress }),
    );
    setPhase({ name: 'done', receipt });
  };

  const running = phase.name === 'running';
  const title = phase.name === 'done' ? 'Merge finished' : `Merge ${threadCount(itemIds.length)}`;

  return (
    <ActionDialog title={title} onClose={onClose} busy={running} size="wide" testId="merge-dialog">
      {phase.name === 'choose' && !lookup && (
        <p className="muted" aria-busy="true">
          Looking up {threadCount(itemIds.length)}…
        </p>
      )}
      {phase.name === 'choose' && lookup && (
        <>
          {lookup.missing.length > 0 && (
            <p className="notice notice--warning">
              {plural(lookup.missing.length, 'selected thread', 'selected threads')} could not be found (
              {lookup.missing.map((m) => m.id).join(', ')}) and will be left out.
            </p>
          )}
          {threads.length < 2 ? (
            <p className="notice">
              Select at least two threads to merge: one to keep and the duplicates to merge into it.
            </p>
          ) : (
            <>
              <fieldset className="keep-picker">
                <legend>Keep this thread; the others are merged into it</legend>
                {suggestion && (
                  <p className="muted keep-picker__why" data-testid="keep-suggestion">
                    Suggested: {quoteThread(threads.find((t) => t.id === suggestion.id)?.excerpt)}. {suggestion.why}
                  </p>
                )}
                <ul className="keep-picker__list">
                  {threads.map((t) => (
                    <li key={t.id}>
                      <label className={t.id === keptId ? 'keep-option keep-option--kept' : 'keep-option'}>
                        {/* Focus starts on the kept thread, never on the merge button: m then Enter must not merge. */}
                        <input
                          type="radio"
                          name="kept-thread"
                          value={t.id}
                          checked={t.id === keptId}
                          onChange={() => setKeptId(t.id)}
                          autoFocus={t.id === keptId}
                        />
                        <span className="keep-option__text">{quoteThread(t.excerpt, 90)}</span>
                        <span className="keep-option__meta muted">
                          {/* ID and page tell apart threads whose opening words are the same. */}
                          <code>{t.id}</code> · {statusLabel(t.status)} · <span className="break">{t.page}</span> ·{' '}
                          {plural(t.reportCount, 'report', 'reports')} · <RelativeTime ms={t.createdAt} />
                          {t.id === suggestion?.id && <span className="tag tag--accent">suggested</span>}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
              {kept && preview && (
                <div className="merge-preview" data-testid="merge-preview">
                  <p>
                    <strong>This cannot be undone.</strong> {threadCount(preview.duplicates)} will be merged into{' '}
                    {quoteThread(kept.excerpt)} and leave every list (they stay readable by ID, marked as duplicates).
                    Its reports go from {preview.reportsBefore} to {preview.reportsAfter}.
                  </p>
                  {kept.status === 'resolved' && (
                    <p className="notice notice--warning">
                      The thread you keep is resolved: the merged reports will sit under a resolved thread. Keep an open
                      one if the problem is not fixed.
                    </p>
                  )}
                  {preview.requests > 1 && (
                    <p className="muted">
                      Sent in {preview.requests} requests of at most 50 duplicates each (the service&apos;s limit).
                    </p>
                  )}
                </div>
              )}
              <div className="action-dialog__actions">
                <button type="button" className="button button--danger" onClick={() => void merge()} disabled={!kept}>
                  Merge {threadCount(duplicates.length)} into the kept one
                </button>
                <button type="button" className="button button--quiet" onClick={onClose}>
                  Cancel
                </button>
              </div>
            </>
          )}
        </>
      )}

      {phase.name === 'running' && (
        <div role="status" className="progress-line" data-testid="merge-progress">
          <progress max={phase.progress.total} value={phase.progress.done} aria-label="Merging" />
          <span>
            Merging… {phase.progress.done} of {phase.progress.total} · request {phase.progress.request} of{' '}
            {phase.progress.requests}
          </span>
        </div>
      )}

      {phase.name === 'done' && (
        <MergeReceiptView
          receipt={phase.receipt}
          excerptOf={(id) => lookup?.briefs.get(id)?.excerpt}
          onOpen={(id) => {
            onClose();
            void useThread.getState().open(id);
          }}
          onClose={onClose}
        />
      )}
    </ActionDialog>
  );
}
