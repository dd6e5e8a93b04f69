import { useEffect, useMemo, useRef, useState } from 'react';
import { ErrorMessage } from '../../components/ErrorMessage.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import { announce } from '../../stores/announcer-store.js';
import {
  planAssign,
  planReopenAssign,
  type BulkPlan,
  type BulkRunResult,
  type Person,
  type PlanRow,
  type Receipt,
  type StepReport,
} from '../../stores/bulk-model.js';
import { executePlan, recordPlanUndo } from '../../stores/bulk-send.js';
import { useSession } from '../../stores/session-store.js';
import { ActionDialog } from '../../components/ActionDialog.js';
import { lookupThreads, type LookupResult, type ThreadBrief } from '../../server-state/item-lookup.js';
import { MemberPicker, type PickerChoice } from './MemberPicker.js';
import { useProjectMembers } from '../../server-state/project-members.js';
import { actionFailure } from '../../format/refusals.js';
import { quoteThread, threadsPhrase } from '../../format/thread-words.js';
import { threadCount } from '../../format/counts.js';

interface AssignDialogProps {
  projectId: string;
  itemIds: string[];
  onClose(): void;
}

type Phase =
  | { name: 'pick' }
  | { name: 'assigning'; choice: PickerChoice; done: number }
  | { name: 'assigned'; choice: PickerChoice; receipt: Receipt }
  | { name: 'reopening'; choice: PickerChoice; receipt: Receipt; steps: StepReport[]; finished: boolean };

/** A thread as the plan needs it: looked up (status and assignee, for the refusal rule and undo), else as the list has it. */
function planRowOf(id: string, known: LookupResult): PlanRow {
  const b = known.briefs.get(id);
  if (b) return { id, status: b.status, assigneeId: b.assigneeId ?? '', assignee: b.assignee ?? '' };
  const row = useProjectItems.getState().data?.rows.find((r) => r.id === id);
  return row ?? { id, status: 'open', assigneeId: '', assignee: '' };
}

/**
 * Assign one thread or a selection: search a person (or me, or nobody), and each thread is
 * assigned in turn. The service refuses resolved threads; those are offered "Reopen and
 * assign?", which reopens then assigns each one, in that order, reporting every step.
 * Undo puts the previous assignees back (and resolves again what was reopened). Runs on
 * the same plans as bulk changes from the selection bar (stores/bulk-model).
 */
export function AssignDialog({ projectId, itemIds, onClose }: AssignDialogProps) {
  const [lookup, setLookup] = useState<LookupResult | null>(null);
  // The picker is usable at once; a pick made before the lookup finishes waits for it (undo needs the previous assignees).
  const lookupPromise = useMemo(() => lookupThreads(itemIds), [itemIds]);
  const [phase, setPhase] = useState<Phase>({ name: 'pick' });
  /** The runs so far (assign, then perhaps reopen-and-assign): one undo puts all of them back. */
  const runs = useRef<Array<{ plan: BulkPlan; result: BulkRunResult }>>([]);
  /** The undo history entry for the runs so far: a later run's entry replaces it. */
  const undoEntry = useRef<number | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const members = useProjectMembers(projectId);
  const you = useSession((s) => s.active?.you ?? null);

  useEffect(() => {
    let live = true;
    void lookupPromise.then((r) => live && setLookup(r));
    return () => {
      live = false;
    };
  }, [lookupPromise]);

  const brief = (id: string, from: LookupResult | null = lookup): ThreadBrief | undefined => from?.briefs.get(id);
  const excerptOf = (id: string) => brief(id)?.excerpt;
  const subject = threadsPhrase(itemIds, excerptOf);
  const knownResolved = itemIds.filter((id) => brief(id)?.status === 'resolved').length;
  const single = itemIds.length === 1 ? brief(itemIds[0]!) : undefined;

  const personOf = (choice: PickerChoice): Person | null => {
    if (!choice.assignee) return null;
    const name =
      choice.assignee === you?.id
        ? you.name
        : (members.members.find((m) => m.id === choice.assignee)?.name ?? choice.label);
    return { id: choice.assignee, name };
  };

  const recordUndo = (choice: PickerChoice, known: LookupResult) => {
    const changed = runs.current.flatMap((r) =>
      r.result.outcomes.filter((o) => o.changed.length > 0).map((o) => o.itemId),
    );
    if (changed.length === 0) return;
    const verb = runs.current.some((r) => r.plan.kind === 'reopen-assign') ? 'Reopened and assigned' : 'Assigned';
    const label = `${verb} ${threadsPhrase(changed, (id) => brief(id, known)?.excerpt)} to ${choice.label}`;
    undoEntry.current =
      recordPlanUndo(projectId, runs.current, {
        label,
        ...(undoEntry.current !== null ? { replaces: undoEntry.current } : {}),
      }) ?? undoEntry.current;
  };

  const assign = async (choice: PickerChoice) => {
    setPhase({ name: 'assigning', choice, done: 0 });
    const before = await lookupPromise;
    const plan = planAssign(
      itemIds.map((id) => planRowOf(id, before)),
      personOf(choice),
    );
    // One at a time, in the order chosen, as the progress line counts them.
    const { result, receipt } = await executePlan(projectId, plan, {
      concurrency: 1,
      onProgress: (done) => setPhase({ name: 'assigning', choice, done }),
    });
    runs.current = [{ plan, result }];
    recordUndo(choice, before);
    const answered = receipt.done.length + receipt.unchanged.length;
    if (answered > 0) announce(`Assigned ${threadCount(answered)} to ${choice.label}.`);
    if (receipt.refused.length === 0 && receipt.notSent.length === 0) onClose();
    else setPhase({ name: 'assigned', choice, receipt });
  };

  const reopenThenAssign = async (choice: PickerChoice, receipt: Receipt) => {
    const before = await lookupPromise;
    const steps: StepReport[] = [];
    setPhase({ name: 'reopening', choice, receipt, steps: [], finished: false });
    const plan = planReopenAssign(
      receipt.reopenable.map((id) => planRowOf(id, before)),
      personOf(choice),
    );
    const { result } = await executePlan(projectId, plan, {
      concurrency: 1,
      onStep: (step) => {
        steps.push(step);
        setPhase({ name: 'reopening', choice, receipt, steps: [...steps], finished: false });
      },
    });
    runs.current = [...runs.current, { plan, result }];
    recordUndo(choice, before);
    const done = steps.filter((s) => s.step.kind === 'assign' && s.ok).length;
    announce(`Reopened and assigned ${threadCount(done)} to ${choice.label}.`);
    setPhase({ name: 'reopening', choice, receipt, steps, finished: true });
  };

  const busy = phase.name === 'assigning' || (phase.name === 'reopening' && !phase.finished);
  const title =
    itemIds.length === 1
      ? `Assign ${quoteThread(excerptOf(itemIds[0]!), 48)}`
      : `Assign ${threadCount(itemIds.length)}`;

  return (
    <ActionDialog title={title} onClose={onClose} busy={busy} initialFocus={searchRef} testId="assign-dialog">
      {phase.name === 'pick' && (
        <>
          {single && (
            <p className="muted">Currently {single.assignee ? `assigned to ${single.assignee}` : 'unassigned'}.</p>
          )}
          {knownResolved > 0 && (
            <p className="notice notice--warning">
              {itemIds.length === 1 ? 'This thread is resolved' : `${knownResolved} of these threads are resolved`}: the
              service only assigns open or deferred threads. You will be offered to reopen{' '}
              {itemIds.length === 1 ? 'it' : 'them'} first.
            </p>
          )}
          {members.problem && <ErrorMessage problem={members.problem} onRetry={members.reload} compact />}
          <MemberPicker
            members={members.members}
            you={you}
            currentId={single?.assigneeId ?? null}
            onPick={(c) => void assign(c)}
            inputRef={searchRef}
          />
          {members.loading && members.members.length === 0 && (
            <p className="muted">Loading the people of this workspace…</p>
          )}
          <p className="muted action-dialog__hint">
            <kbd>↑</kbd> <kbd>↓</kbd> to choose, <kbd>Enter</kbd> to assign, <kbd>Esc</kbd> to cancel.
          </p>
        </>
      )}

      {phase.name === 'assigning' && (
        <div role="status" className="progress-line">
          <progress max={itemIds.length} value={phase.done} aria-label="Assigning" />
          <span>
            Assigning {subject} to {phase.choice.label}… {phase.done} of {itemIds.length}
          </span>
        </div>
      )}

      {(phase.name === 'assigned' || phase.name === 'reopening') && (
        <AssignResult
          phase={phase}
          excerptOf={excerptOf}
          onReopen={() => void reopenThenAssign(phase.choice, phase.receipt)}
          onClose={onClose}
        />
      )}
    </ActionDialog>
  );
}

function AssignResult({
  phase,
  excerptOf,
  onReopen,
  onClose,
}: {
  phase: Extract<Phase, { name: 'assigned' | 'reopening' }>;
  excerptOf(id: string): string | undefined;
  onReopen(): void;
  onClose(): void;
}) {
  const { receipt, choice } = phase;
  const changed = receipt.done.length;
  const unchanged = receipt.unchanged.length;
  const reopenable = new Set(receipt.reopenable);
  const failed = receipt.refused.filter((r) => !reopenable.has(r.itemId));
  const resolved = receipt.reopenable;
  const reopening = phase.name === 'reopening';
  return (
    <div className="assign-result" data-testid="assign-result">
      <ul className="outcome-list">
        {changed + unchanged > 0 && (
          <li className="outcome--ok">
            Assigned {threadCount(changed)} to {choice.label}
            {unchanged > 0 && ` (${unchanged} already were)`}.
          </li>
        )}
        {failed.map((f) => (
          <li key={f.itemId} className="outcome--bad">
            <ErrorMessage
              problem={actionFailure(`Could not assign ${quoteThread(excerptOf(f.itemId))}`, f.error)}
              compact
            />
          </li>
        ))}
        {receipt.notSent.length > 0 && (
          <li className="outcome--bad">
            Stopped before {threadCount(receipt.notSent.length)}: nothing was sent for them. Try again when the
            connection is back.
          </li>
        )}
      </ul>

      {resolved.length > 0 && !reopening && (
        <div className="decision" role="group" aria-labelledby="reopen-question">
          <p id="reopen-question">
            {resolved.length === 1
              ? `${quoteThread(excerptOf(resolved[0]!))} is resolved, and resolved threads`
              : `${resolved.length} threads are resolved, and resolved threads`}{' '}
            can&apos;t be assigned. Reopen and assign to {choice.label}?
          </p>
          <div className="decision__actions">
            <button type="button" className="button button--primary" onClick={onReopen} autoFocus>
              Reopen and assign
            </button>
            <button type="button" className="button" onClick={onClose}>
              Leave {resolved.length === 1 ? 'it' : 'them'} resolved
            </button>
          </div>
        </div>
      )}

      {reopening && (
        <>
          <h3 className="action-dialog__subhead">Reopen and assign</h3>
          <ol className="steps" aria-live="polite" data-testid="reopen-steps">
            {phase.steps.map((s) => {
              const reopen = s.step.kind === 'status';
              const assignedTo = s.ok ? s.applied.patch.assignee || null : null;
              return (
                <li key={`${s.itemId}-${s.step.kind}`} className={s.ok ? 'steps__ok' : 'steps__bad'}>
                  <span aria-hidden="true">{s.ok ? '✓' : '✗'}</span>{' '}
                  {reopen
                    ? `Reopened ${quoteThread(excerptOf(s.itemId))}`
                    : `Assigned ${quoteThread(excerptOf(s.itemId))} to ${assignedTo ?? choice.label}`}
                  {!s.ok && (
                    <ErrorMessage
                      problem={actionFailure(
                        reopen ? 'Could not reopen it (so it was not assigned)' : 'Reopened, but could not assign it',
                        s.error,
                      )}
                      compact
                    />
                  )}
                </li>
              );
            })}
          </ol>
          {!phase.finished && <p className="muted">Working…</p>}
        </>
      )}

      {(!resolved.length || (reopening && phase.finished)) && (
        <div className="action-dialog__actions">
          <button type="button" className="button button--primary" onClick={onClose} autoFocus>
            Done
          </button>
        </div>
      )}
    </div>
  );
}
