import { describe, expect, it } from 'vitest';
import { Pacer } from '../../../src/main/services/pacer.js';
import { FakeClock, settle } from './support/fake-clock.js';

/** Starts n acquisitions and records, in order, which ones have been let through. */
function start(pacer: Pacer, n: number, released: number[], offset = 0): Promise<void>[] {
  return Array.from({ length: n }, (_, i) => pacer.acquire().then(() => void released.push(offset + i)));
}

describe('Pacer (the bucket itself, no safety margin)', () => {
  it('lets a burst of 120 through at once, then one every 200 ms (300 a minute)', async () => {
    const clock = new FakeClock();
    const pacer = new Pacer({ clock, marginMs: 0 });
    const released: number[] = [];
    const all = start(pacer, 125, released);
    await settle();
    expect(released).toHaveLength(120);
    expect(pacer.snapshot()).toMatchObject({ queued: 5, waiting: 'tokens', pausedUntil: null });

    await clock.advance(199);
    expect(released).toHaveLength(120);
    await clock.advance(1);
    expect(released).toHaveLength(121);
    await clock.advance(800);
    expect(released).toHaveLength(125);
    await Promise.all(all);
    expect(released).toEqual(Array.from({ length: 125 }, (_, i) => i));
    expect(pacer.snapshot()).toMatchObject({ queued: 0, waiting: 'none' });
  });

  it('refills while idle but never beyond the burst', async () => {
    const clock = new FakeClock();
    const pacer = new Pacer({ clock, burst: 3, perMinute: 60, marginMs: 0 });
    const released: number[] = [];
    await Promise.all(start(pacer, 3, released));
    await clock.advance(60_000);
    const next = start(pacer, 4, released, 3);
    await settle();
    expect(released).toEqual([0, 1, 2, 3, 4, 5]);
    await clock.advance(1_000);
    await Promise.all(next);
    expect(released).toHaveLength(7);
  });

  it('pauseUntil holds the whole queue, in FIFO order, until the pause ends', async () => {
    const clock = new FakeClock();
    const pacer = new Pacer({ clock, marginMs: 0 });
    const t0 = clock.now();
    pacer.pauseUntil(t0 + 3_000);
    const released: number[] = [];
    const all = start(pacer, 3, released);
    await settle();
    expect(released).toEqual([]);
    expect(pacer.snapshot()).toEqual({ queued: 3, waiting: 'paused', pausedUntil: t0 + 3_000 });

    // A shorter pause never cuts a longer one short.
    pacer.pauseUntil(t0 + 1_000);
    await clock.advance(2_999);
    expect(released).toEqual([]);
    await clock.advance(1);
    await Promise.all(all);
    expect(released).toEqual([0, 1, 2]);
    expect(pacer.snapshot().pausedUntil).toBeNull();
  });

  it("puts a 'front' acquisition ahead of those already waiting", async () => {
    const clock = new FakeClock();
    const pacer = new Pacer({ clock, burst: 1, perMinute: 60, marginMs: 0 });
    const order: string[] = [];
    await pacer.acquire();
    const a = pacer.acquire().then(() => void order.push('a'));
    const b = pacer.acquire().then(() => void order.push('b'));
    const retry = pacer.acquire('front').then(() => void order.push('retry'));
    await clock.advance(3_000);
    await Promise.all([a, b, retry]);
    expect(order).toEqual(['retry', 'a', 'b']);
  });

  it('reports queue changes to listeners', async () => {
    const clock = new FakeClock();
    const pacer = new Pacer({ clock, burst: 1, perMinute: 60, marginMs: 0 });
    const seen: string[] = [];
    pacer.onChange((s) => seen.push(`${s.waiting}:${s.queued}`));
    await pacer.acquire();
    const second = pacer.acquire();
    await settle();
    expect(seen).toContain('tokens:1');
    await clock.advance(1_000);
    await second;
    expect(seen.at(-1)).toBe('none:0');
  });
});

describe('Pacer stays behind the service bucket', () => {
  it('waits the safety margin past the exact refill moment', async () => {
    const clock = new FakeClock();
    const pacer = new Pacer({ clock, burst: 1, perMinute: 300 });
    const released: number[] = [];
    await pacer.acquire();
    const next = start(pacer, 1, released);
    await clock.advance(200);
    expect(released).toEqual([]);
    await clock.advance(2);
    await Promise.all(next);
    expect(released).toEqual([0]);
  });

  it("moves its bucket by the latency of a request that found the service's bucket full", async () => {
    // Sent at t0, answered 80 ms later: the service may have filled its bucket only then.
    const clock = new FakeClock();
    const pacer = new Pacer({ clock, burst: 2, perMinute: 300, marginMs: 0 });
    const t0 = clock.now();
    const first = await pacer.acquire();
    await pacer.acquire();
    await clock.advance(80);
    first.settle(clock.now());
    const released: number[] = [];
    const third = start(pacer, 1, released);
    // Without the answer's time it would go at t0 + 200; the service may have counted from t0 + 80.
    await clock.advance(200 - 80);
    expect(released).toEqual([]);
    await clock.advance(80);
    await Promise.all(third);
    expect(clock.now() - t0).toBe(280);
  });

  it('an answer to a request sent while the bucket was draining changes nothing', async () => {
    const clock = new FakeClock();
    const pacer = new Pacer({ clock, burst: 2, perMinute: 300, marginMs: 0 });
    const t0 = clock.now();
    await pacer.acquire();
    const second = await pacer.acquire();
    await clock.advance(50);
    // The service's bucket already held one request less whenever this one arrived.
    second.settle(clock.now());
    const released: number[] = [];
    const third = start(pacer, 1, released);
    await clock.advance(150);
    await Promise.all(third);
    expect(clock.now() - t0).toBe(200);
  });

  it('a 429 empties its bucket', async () => {
    const clock = new FakeClock();
    const pacer = new Pacer({ clock, burst: 3, perMinute: 300, marginMs: 0 });
    const ticket = await pacer.acquire();
    ticket.settle(clock.now(), true);
    const released: number[] = [];
    const next = start(pacer, 1, released);
    await settle();
    expect(released).toEqual([]);
    await clock.advance(200);
    await Promise.all(next);
    expect(released).toEqual([0]);
  });
});
