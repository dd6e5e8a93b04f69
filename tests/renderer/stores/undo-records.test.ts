import { describe, expect, it } from 'vitest';
import type { BulkPlan, BulkTask, Receipt } from '../../../src/renderer/stores/bulk-model.js';
import { planUndo, planReopenAssign, planStatus, planAssign } from '../../../src/renderer/stores/bulk-model.js';
import { recordsAnew, splitByChoice, undoGroups, undoKindOf } from '../../../src/renderer/stores/undo-records.js';
import {
  groupWords,
  leftByChoiceWhy,
  recordsAnewHint,
  undoReceiptText,
} from '../../../src/renderer/format/undo-words.js';
import { row } from '../support/fake-items.js';

const priya = { id: 'u-priya', name: 'Priya Shah' };
const alex = { id: 'u-alex', name: 'Alex Kim' };

/** The undo of a plan in which every step changed something. */
type UndoPlan = Extract<BulkPlan, { kind: 'undo' }>;
function undoOf(plan: BulkPlan): UndoPlan {
  const undo = planUndo(plan, {
    outcomes: plan.tasks.map((t) => ({ itemId: t.itemId, changed: t.steps, refused: null, sent: true })),
    halted: null,
  });
  if (undo?.kind !== 'undo') throw new Error('every step changed something, so there is an undo');
  return undo;
}

function receipt(plan: BulkPlan, parts: Partial<Receipt> = {}): Receipt {
  return {
    plan,
    done: plan.tasks.map((t) => t.itemId),
    unchanged: [],
    refused: [],
    notSent: [],
    changedSince: [],
    halted: null,
    reopenable: [],
    ...parts,
  };
}

const rows = [
  row('o1', { status: 'open' }),
  row('o2', { status: 'open' }),
  row('r1', { status: 'resolved' }),
  row('r2', { status: 'resolved' }),
  row('d1', { status: 'deferred', assigneeId: priya.id, assignee: priya.name }),
];

describe('what an undo records', () => {
  it('groups threads by what undoing them records: back, resolved again, deferred again, assigned again', () => {
    const undo = undoOf(planStatus(rows, 'open'));
    const groups = undoGroups(undo.tasks);
    expect(groups.map((g) => [g.kind, g.tasks.map((t) => t.itemId)])).toEqual([
      ['back', ['o1', 'o2']],
      ['resolve-again', ['r1', 'r2']],
      ['defer-again', ['d1']],
    ]);
    expect(recordsAnew(undo.tasks)).toBe(true);
    const assign = undoOf(planAssign(rows.slice(4), alex));
    expect(undoGroups(assign.tasks).map((g) => [g.kind, g.people])).toEqual([['assign-again', [priya]]]);
    // Unassigning back records nothing anyone reads as a decision.
    expect(recordsAnew(undoOf(planAssign(rows.slice(0, 2), alex)).tasks)).toBe(false);
  });

  it('takes the strongest record for a thread reopened and assigned: resolving again', () => {
    const undo = undoOf(
      planReopenAssign([row('r', { status: 'resolved', assigneeId: priya.id, assignee: priya.name })], alex),
    );
    expect(undoKindOf(undo.tasks[0]!)).toBe('resolve-again');
  });

  it('splits by the kinds the person keeps', () => {
    const undo = undoOf(planStatus(rows, 'open'));
    const { run, left } = splitByChoice(undo.tasks, new Set(['back', 'defer-again']));
    expect(run.map((t) => t.itemId)).toEqual(['o1', 'o2', 'd1']);
    expect(left.map((t) => t.itemId)).toEqual(['r1', 'r2']);
  });

  it('says what each kind records, who the reports will name and when, and never calls it a restore', () => {
    const groups = undoGroups(undoOf(planStatus(rows.slice(0, 4), 'deferred')).tasks);
    const [back, again] = groups.map(groupWords);
    expect(back!.what).toBe('Change 2 threads back to Open');
    expect(again!.what).toBe('Resolve 2 threads again');
    expect(again!.records).toMatch(
      /^As you, today: Review, the decision log and What’s new will name you as who resolved them, and today as when/,
    );
    expect(again!.leave).toBe('Left out, they stay Deferred, as the change left them.');
    const all = JSON.stringify(groups.map(groupWords));
    expect(all).not.toMatch(/restore|as they were|put them back/i);
    expect(recordsAnewHint(undoOf(planStatus(rows.slice(0, 4), 'deferred')).tasks)).toBe(
      'Undo would resolve 2 threads again as you, today; it asks first.',
    );
    expect(recordsAnewHint(undoOf(planStatus(rows.slice(0, 2), 'deferred')).tasks)).toBeNull();
    const assign = groupWords(undoGroups(undoOf(planAssign(rows.slice(4), alex)).tasks)[0]!);
    expect(assign.what).toBe('Assign 1 thread to Priya Shah again');
    expect(assign.records).toMatch(/Priya Shah is notified of the assignment again/);
  });

  it('confirms an undo by the change it undid, the thread it was on, and what was left by choice', () => {
    const undo = undoOf(planStatus(rows.slice(0, 4), 'deferred'));
    const { run, left } = splitByChoice(undo.tasks, new Set(['back']));
    const ran: BulkPlan = { ...undo, tasks: run, label: 'Set 4 threads to Deferred', leftByChoice: left };
    expect(undoReceiptText(receipt(ran))).toBe(
      'Undid “Set 4 threads to Deferred”: 2 threads changed back to Open · 2 threads left Deferred, as you chose.',
    );
    const one: BulkPlan = { ...undo, tasks: undo.tasks.slice(0, 1), label: 'Moved 1 thread to Deferred' };
    expect(undoReceiptText(receipt(one), (id) => (id === 'o1' ? 'Checkout button overlaps' : undefined))).toBe(
      'Undid “Moved 1 thread to Deferred” on “Checkout button overlaps”: 1 thread changed back to Open.',
    );
    const task: BulkTask = left[0]!;
    expect(leftByChoiceWhy(task)).toBe('You chose to leave it Deferred rather than resolve it again as you.');
  });
});
