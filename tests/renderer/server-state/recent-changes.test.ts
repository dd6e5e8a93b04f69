import { describe, expect, it } from 'vitest';
import { RecentChanges } from '../../../src/renderer/server-state/recent-changes.js';
import { summarizeRows } from '../../../src/renderer/server-state/load-project-items.js';
import { row } from '../support/fake-items.js';

const snapshot = () => {
  const rows = [row('a', { status: 'open' }), row('b', { status: 'open' }), row('c', { status: 'deferred' })];
  return { rows, summary: summarizeRows(rows) };
};

describe('changes accepted while a load was on its way', () => {
  it('applies again to a load’s answer the changes accepted after it started, with the counts', () => {
    const recent = new RecentChanges();
    const startedAt = recent.epoch;
    recent.patched([{ id: 'a', changes: { status: 'resolved' } }]);
    recent.removed(['c']);
    const shown = recent.replay(snapshot(), startedAt);
    expect(shown.rows.map((r) => [r.id, r.status])).toEqual([
      ['a', 'resolved'],
      ['b', 'open'],
    ]);
    expect(shown.summary).toMatchObject({ total: 2, open: 1, resolved: 1, deferred: 0 });
  });

  it('leaves alone an answer that started after the change, and forgets the change then', () => {
    const recent = new RecentChanges();
    recent.patched([{ id: 'a', changes: { status: 'resolved' } }]);
    const startedAt = recent.epoch;
    const answer = snapshot();
    expect(recent.replay(answer, startedAt)).toBe(answer);
    // Forgotten: even an answer from before it no longer gets it.
    expect(recent.replay(answer, 0)).toBe(answer);
  });

  it('merges two changes of one thread, the later field winning', () => {
    const recent = new RecentChanges();
    recent.patched([{ id: 'b', changes: { status: 'deferred', assignee: 'Ada', assigneeId: 'u1' } }]);
    recent.patched([{ id: 'b', changes: { status: 'resolved' } }]);
    const b = recent.replay(snapshot(), 0).rows.find((r) => r.id === 'b');
    expect(b).toMatchObject({ status: 'resolved', assigneeId: 'u1' });
  });

  it('forgets everything when the project is left', () => {
    const recent = new RecentChanges();
    recent.removed(['a']);
    recent.forget();
    const answer = snapshot();
    expect(recent.replay(answer, 0)).toBe(answer);
  });
});
