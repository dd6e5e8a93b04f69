import { describe, expect, it } from 'vitest';
import { DetailQueue } from '../../../../src/renderer/features/evidence/detail-queue.js';

/** Reads that finish only when the test says so. */
function controlledReads() {
  const pending = new Map<string, () => void>();
  const started: string[] = [];
  const settled = new Set<string>();
  return {
    started,
    settled,
    read: (id: string) =>
      new Promise<void>((ok) => {
        started.push(id);
        pending.set(id, () => {
          settled.add(id);
          ok();
        });
      }),
    finish: async (id: string) => {
      pending.get(id)!();
      pending.delete(id);
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

describe('the nearest-first detail queue', () => {
  it('starts the nearest first, no more than its concurrency at once', async () => {
    const reads = controlledReads();
    const q = new DetailQueue({ concurrency: 2, isSettled: (id) => reads.settled.has(id), read: reads.read });
    q.want(['near', 'next', 'far']);
    expect(reads.started).toEqual(['near', 'next']);
    expect(q.snapshot()).toMatchObject({ inFlight: 2, waiting: 1 });
    await reads.finish('near');
    expect(reads.started).toEqual(['near', 'next', 'far']);
  });

  it('never starts a read for a thread scrolled away before its turn', async () => {
    const reads = controlledReads();
    const q = new DetailQueue({ concurrency: 1, isSettled: (id) => reads.settled.has(id), read: reads.read });
    q.want(['a', 'b', 'c']);
    q.want(['x', 'y']);
    await reads.finish('a');
    await reads.finish('x');
    expect(reads.started).toEqual(['a', 'x', 'y']);
    expect(q.snapshot().dropped).toBe(2);
  });

  it('does not read again what is kept, nor what is in flight', async () => {
    const reads = controlledReads();
    const q = new DetailQueue({ concurrency: 4, isSettled: (id) => reads.settled.has(id), read: reads.read });
    q.want(['a']);
    q.want(['a', 'b']);
    await reads.finish('a');
    q.want(['a', 'b']);
    expect(reads.started).toEqual(['a', 'b']);
    expect(q.snapshot().started).toBe(2);
  });

  it('starts nothing more once closed; a read in flight still finishes', async () => {
    const reads = controlledReads();
    const q = new DetailQueue({ concurrency: 1, isSettled: (id) => reads.settled.has(id), read: reads.read });
    q.want(['a', 'b']);
    q.close();
    await reads.finish('a');
    q.want(['c']);
    expect(reads.started).toEqual(['a']);
    expect(reads.settled.has('a')).toBe(true);
  });

  it('a failed read frees its place for the next', async () => {
    let n = 0;
    const started: string[] = [];
    const q = new DetailQueue({
      concurrency: 1,
      isSettled: () => false,
      read: async (id) => {
        started.push(id);
        if (n++ === 0) throw new Error('unreachable');
      },
    });
    q.want(['a', 'b']);
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual(['a', 'b']);
  });
});
