import { fmt } from './stats.js';
import type { RendererBenchResult } from './types.js';

function figure(n: number | null, unit: RendererBenchResult['unit']): string {
  if (n === null) return '—';
  return unit === 'requests' ? String(n) : `${fmt(n)} ${unit}`;
}

/** The results as a plain-text table (metric, measured p50/p95, target, met), then the notes. */
export function formatRendererTable(results: readonly RendererBenchResult[]): string {
  const rows = results.map((r, i) => [
    `${i + 1}. ${r.metric}`,
    r.p50 !== null && r.p95 !== null ? `${figure(r.p50, r.unit)} / ${figure(r.p95, r.unit)}` : figure(r.value, r.unit),
    r.target,
    r.met ? 'met' : 'NOT MET',
    String(r.samples),
  ]);
  const head = ['metric', 'measured (p50 / p95)', 'target', 'result', 'n'];
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => cell.padEnd(widths[c]!))
      .join('  ')
      .trimEnd();
  const out = [
    line(head),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map(line),
    '',
    'How each figure was taken:',
  ];
  results.forEach((r, i) => out.push(`  ${i + 1}. ${r.note}`));
  const met = results.filter((r) => r.met).length;
  out.push('', `${met} of ${results.length} targets met.`);
  return out.join('\n');
}
