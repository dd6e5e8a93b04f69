/** Nearest-rank percentile of unsorted samples; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export const p50 = (s: readonly number[]) => percentile(s, 50);
export const p95 = (s: readonly number[]) => percentile(s, 95);
export const max = (s: readonly number[]) => (s.length === 0 ? Number.NaN : Math.max(...s));

/** One decimal for milliseconds, none past 100. */
export function fmt(n: number | null): string {
  if (n === null || Number.isNaN(n)) return '—';
  return Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(1);
}
