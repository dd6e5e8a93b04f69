/** How many requests a figure is made of; both bounds keep the whole run short. */
export interface Budget {
  warmup: number;
  /** Timed rounds; each turn is timed once per round. */
  requests: number;
  /** Stop early once this much time has been spent measuring (after `minRequests`). */
  maxMs: number;
  minRequests: number;
}

export interface Figure {
  p50: number;
  p99: number;
  requests: number;
}

/** One request kind: `prepare` runs before each call, outside the timing (a write before a cold read). */
export interface Turn {
  call: (i: number) => Promise<void>;
  prepare?: (i: number) => Promise<void>;
}

/** Nearest-rank percentile of ascending latencies. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/**
 * Times several request kinds taking turns (a, b, a, b…), sequentially, after a warm-up
 * that is not recorded. Each kind is timed under the same machine load as the others, so
 * their ratios (service / floor, large project / small project) hold even while other work
 * on the machine comes and goes.
 */
export async function measureTurns(turns: Turn[], budget: Budget): Promise<Figure[]> {
  for (let i = 0; i < budget.warmup; i++) {
    for (const t of turns) {
      await t.prepare?.(i);
      await t.call(i);
    }
  }
  const times = turns.map((): number[] => []);
  const started = performance.now();
  for (let i = 0; i < budget.requests; i++) {
    if (i >= budget.minRequests && performance.now() - started > budget.maxMs) break;
    for (const [k, t] of turns.entries()) {
      await t.prepare?.(i);
      const t0 = performance.now();
      await t.call(i);
      times[k]!.push(performance.now() - t0);
    }
  }
  return times.map((list) => {
    list.sort((a, b) => a - b);
    return { p50: percentile(list, 0.5), p99: percentile(list, 0.99), requests: list.length };
  });
}
