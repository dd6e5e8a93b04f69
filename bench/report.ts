import type { Figure } from './measure.js';

export interface Row {
  endpoint: string;
  threads: number;
  figure: Figure;
  /** What the issue asks of this figure, in words; '' when it is for information. */
  target: string;
  met: boolean | null;
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '–');

/** A plain-text table: columns padded to their widest cell, numbers right-aligned. */
export function table(header: string[], rows: string[][], rightAligned: Set<number>): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (rightAligned.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function figuresTable(rows: Row[]): string {
  return table(
    ['endpoint', 'threads', 'p50 ms', 'p99 ms', 'requests', 'target', 'met'],
    rows.map((r) => [
      r.endpoint,
      r.threads.toLocaleString('en-US'),
      ms(r.figure.p50),
      ms(r.figure.p99),
      String(r.figure.requests),
      r.target || '–',
      r.met === null ? '–' : r.met ? 'met' : 'NOT MET',
    ]),
    new Set([1, 2, 3, 4]),
  );
}

export interface Growth {
  endpoint: string;
  small: number;
  large: number;
  met: boolean;
}

/**
 * "No endpoint's cost grows with threads beyond the 2,000 scanned": the large project's p50
 * may exceed the small one's by noise only. Loopback figures of a millisecond or less jitter
 * by a fraction of one, hence the absolute allowance next to the ratio.
 */
export const GROWTH_RATIO = 1.5;
export const GROWTH_SLACK_MS = 1;

export function growthOf(endpoint: string, small: Figure, large: Figure): Growth {
  return { endpoint, small: small.p50, large: large.p50, met: large.p50 <= small.p50 * GROWTH_RATIO + GROWTH_SLACK_MS };
}

export function growthTable(rows: Growth[], smallLabel: string, largeLabel: string): string {
  return table(
    ['endpoint', `p50 ${smallLabel}`, `p50 ${largeLabel}`, 'ratio', 'target', 'met'],
    rows.map((g) => [
      g.endpoint,
      ms(g.small),
      ms(g.large),
      `${(g.large / g.small).toFixed(2)}×`,
      `≤ ${GROWTH_RATIO}× + ${GROWTH_SLACK_MS} ms`,
      g.met ? 'met' : 'NOT MET',
    ]),
    new Set([1, 2, 3]),
  );
}
