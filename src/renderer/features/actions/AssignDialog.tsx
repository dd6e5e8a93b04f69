import { useEffect, useMemo, useRef, useState } from 'react';
import type { ItemRow } from '../../../shared/reader/index.js';
import { ErrorMessage } from '../../components/ErrorMessage.js';
import { plural } from '../../format/labels.js';
import { useBoard } from '../../stores/board-store.js';
import { announce } from '../../stores/announcer-store.js';
import { emitItemsChanged } from '../../stores/items-sync.js';
import { useSession } from '../../stores/session-store.js';
import { useUndo } from '../../stores/undo-store.js';
import { assignEach, reopenAndAssign, undoAssign, type AssignReport, type AssignUndoEntry, type StepResult } from './assign-run.js';
import { bridgeAssignApi } from './bridge-writes.js';
import { ActionDialog } from './ActionDialog.js';
import { lookupThreads, type LookupResult, type ThreadBrief } from './item-lookup.js';
import { MemberPicker, type PickerChoice } from './MemberPicker.js';
import { useProjectMembers } from './use-project-members.js';
import { actionFailure } from './refusals.js';
import { quoteThread, threadsPhrase } from './thread-words.js';

interface AssignDialogProps {
  projectId: string;
  itemIds: string[];
  onClose(): void;
}

type Phase =
  | { name: 'pick' }
  | { name: 'assigning'; choice: PickerChoice; done: number }
  | { name: 'assigned'; choice: PickerChoice; report: AssignReport }
  | { name: 'reopening'; choice: PickerChoice; report: AssignReport; steps: StepResult[]; finished: boolean };

function assigneeChanges(choice: PickerChoice, assignedTo: string | null): Partial<ItemRow> {
  // The list says "" for unassigned (see ItemRow); keep that shape so filters keep working.
  return { assigneeId: choice.assignee ?? '', assignee: choice.assignee ? (assignedTo ?? choice.label) : '' };
}

/**
 * Assign one thread or a selection: search a person (or me, or nobody), and each thread is
 * assigned in turn. The service refuses resolved threads; those are offered "Reopen and
 * assign?", which reopens then assigns each one, in that order, reporting every step.
 * Undo puts the previous assignees back (and resolves again what was reopened).
 */
export function AssignDialog({ projectId, itemIds, onClose }: AssignDialogProps) {
  const [lookup, setLookup] = useState<LookupResult | null>(null);
  // The picker is usable at once; a pick made before the lookup finishes waits for it (undo needs the previous assignees).
  const lookupPromise = useMemo(() => lookupThreads(itemIds), [itemIds]);
  const [phase, setPhase] = useState<Phase>({ name: 'pick' });
  const undoEntries = useRef<AssignUndoEntry[]>([]);
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

  const offerUndo = (choice: PickerChoice, entries: AssignUndoEntry[], known: LookupResult) => {
    if (entries.length === 0) return;
    const verb = entries.some((e) => e.reopened) ? 'Reopened and assigned' : 'Assigned';
    const label = `${verb} ${threadsPhrase(
      entries.map((e) => e.itemId),
      (id) => brief(id, known)?.excerpt,
    )} to ${choice.label}`;
    useUndo.getState().offerUndo(label, async () => {
      const restored = await undoAssign(bridgeAssignApi(), entries);
      if (restored.length > 0) {
        emitItemsChanged({
          projectId,
          patched: restored.map((e) => ({
            id: e.itemId,
            changes: {
              assigneeId: e.previousAssigneeId ?? '',
              assignee: e.previousAssigneeId ? (brief(e.itemId, known)?.assignee ?? '') : '',
              ...(e.reopened ? { status: 'resolved' as const } : {}),
            },
          })),
        });
      }
      return restored.length === entries.length;
    });
  };

  const assign = async (choice: PickerChoice) => {
    setPhase({ name: 'assigning', choice, done: 0 });
    const before = await lookupPromise;
    const statusOf = (id: string) => useBoard.getState().data?.rows.find((r) => r.id === id)?.status;
    const report = await assignEach(bridgeAssignApi(), itemIds, choice.assignee, (done) => setPhase({ name: 'assigning', choice, done }), statusOf);
    const changed = report.assigned.filter((a) => a.changed);
    if (changed.length > 0) emitItemsChanged({ projectId, patched: changed.map((a) => ({ id: a.itemId, changes: assigneeChanges(choice, a.assignedTo) })) });
    undoEntries.current = changed.map((a) => ({ itemId: a.itemId, previousAssigneeId: brief(a.itemId, before)?.assigneeId ?? null, reopened: false }));
    offerUndo(choice, undoEntries.current, before);
    if (report.assigned.length > 0) announce(`Assigned ${plural(report.assigned.length, 'thread', 'threads')} to ${choice.label}.`);
    const clean = report.resolved.length === 0 && report.failed.length === 0 && report.notSent.length === 0;
    if (clean) onClose();
    else setPhase({ name: 'assigned', choice, report });
  };

  const reopenThenAssign = async (choice: PickerChoice, report: AssignReport) => {
    const before = await lookupPromise;
    const steps: StepResult[] = [];
    setPhase({ name: 'reopening', choice, report, steps: [], finished: false });
    await reopenAndAssign(bridgeAssignApi(), report.resolved, choice.assignee, (step) => {
      steps.push(step);
      if (step.ok) {
        const changes: Partial<ItemRow> = step.step === 'reopen' ? { status: 'open' } : assigneeChanges(choice, step.assignedTo ?? null);
        emitItemsChanged({ projectId, patched: [{ id: step.itemId, changes }] });
      }
      setPhase({ name: 'reopening', choice, report, steps: [...steps], finished: false });
    });
    const done = steps.filter((s) => s.step === 'assign' && s.ok).map((s) => s.itemId);
    undoEntries.current = [...undoEntries.current, ...done.map((itemId) => ({ itemId, previousAssigneeId: brief(itemId, before)?.assigneeId ?? null, reopened: true }))];
    offerUndo(choice, undoEntries.current, before);
    announce(`Reopened and assigned ${plural(done.length, 'thread', 'threads')} to ${choice.label}.`);
    setPhase({ name: 'reopening', choice, report, steps, finished: true });
  };

  const busy = phase.name === 'assigning' || (phase.name === 'reopening' && !phase.finished);
  const title = itemIds.length === 1 ? `Assign ${quoteThread(excerptOf(itemIds[0]!), 48)}` : `Assign ${plural(itemIds.length, 'thread', 'threads')}`;

  return (
    <ActionDialog title={title} onClose={onClose} busy={busy} initialFocus={searchRef} testId="assign-dialog">
      {phase.name === 'pick' && (
        <>
          {single && <p className="muted">Currently {single.assignee ? `assigned to ${single.assignee}` : 'unassigned'}.</p>}
          {knownResolved > 0 && (
            <p className="notice notice--warning">
              {itemIds.length === 1 ? 'This thread is resolved' : `${knownResolved} of these threads are resolved`}: the service only assigns open or deferred threads. You will be
              offered to reopen {itemIds.length === 1 ? 'it' : 'them'} first.
            </p>
          )}
          {members.problem && <ErrorMessage problem={members.problem} onRetry={members.reload} compact />}
          <MemberPicker members={members.members} you={you} currentId={single?.assigneeId ?? null} onPick={(c) => void assign(c)} inputRef={searchRef} />
          {members.loading && members.members.length === 0 && <p className="muted">Loading the people of this workspace…</p>}
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
        <AssignResult phase={phase} excerptOf={excerptOf} onReopen={() => void reopenThenAssign(phase.choice, phase.report)} onClose={onClose} />
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
  const { report, choice } = phase;
  const changed = report.assigned.filter((a) => a.changed).length;
  const unchanged = report.assigned.length - changed;
  const reopening = phase.name === 'reopening';
  return (
    <div className="assign-result" data-testid="assign-result">
      <ul className="outcome-list">
        {report.assigned.length > 0 && (
          <li className="outcome--ok">
            Assigned {plural(changed, 'thread', 'threads')} to {choice.label}
            {unchanged > 0 && ` (${unchanged} already were)`}.
          </li>
        )}
        {report.failed.map((f) => (
          <li key={f.itemId} className="outcome--bad">
            <ErrorMessage problem={actionFailure(`Could not assign ${quoteThread(excerptOf(f.itemId))}`, f.error)} compact />
          </li>
        ))}
        {report.notSent.length > 0 && <li className="outcome--bad">Stopped before {plural(report.notSent.length, 'thread', 'threads')}: nothing was sent for them. Try again when the connection is back.</li>}
      </ul>

      {report.resolved.length > 0 && !reopening && (
        <div className="decision" role="group" aria-labelledby="reopen-question">
          <p id="reopen-question">
            {report.resolved.length === 1 ? `${quoteThread(excerptOf(report.resolved[0]!))} is resolved, and resolved threads` : `${report.resolved.length} threads are resolved, and resolved threads`} can&apos;t be
            assigned. Reopen and assign to {choice.label}?
          </p>
          <div className="decision__actions">
            <button type="button" className="button button--primary" onClick={onReopen} autoFocus>
              Reopen and assign
            </button>
            <button type="button" className="button" onClick={onClose}>
              Leave {report.resolved.length === 1 ? 'it' : 'them'} resolved
            </button>
          </div>
        </div>
      )}

      {reopening && (
        <>
          <h3 className="action-dialog__subhead">Reopen and assign</h3>
          <ol className="steps" aria-live="polite" data-testid="reopen-steps">
            {phase.steps.map((s) => (
              <li key={`${s.itemId}-${s.step}`} className={s.ok ? 'steps__ok' : 'steps__bad'}>
                <span aria-hidden="true">{s.ok ? '✓' : '✗'}</span>{' '}
                {s.step === 'reopen' ? `Reopened ${quoteThread(excerptOf(s.itemId))}` : `Assigned ${quoteThread(excerptOf(s.itemId))} to ${s.assignedTo ?? choice.label}`}
                {!s.ok && s.error && (
                  <ErrorMessage problem={actionFailure(s.step === 'reopen' ? 'Could not reopen it (so it was not assigned)' : 'Reopened, but could not assign it', s.error)} compact />
                )}
              </li>
            ))}
          </ol>
          {!phase.finished && <p className="muted">Working…</p>}
        </>
      )}

      {(!report.resolved.length || (reopening && phase.finished)) && (
        <div className="action-dialog__actions">
          <button type="button" className="button button--primary" onClick={onClose} autoFocus>
            Done
          </button>
        </div>
      )}
    </div>
  );
}
