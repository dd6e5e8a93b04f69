import type { HotspotFile, SourceResponse } from '#shared/reader/index.js';
import type { Status } from '#shared/api/common.js';
import { formatCount, plural, threadCount } from '../../../format/counts.js';

export interface HotspotBarRow {
  file: string;
  /** The short name on the axis: the file name, with its folder when two files share a name. */
  label: string;
  open: number;
  deferred: number;
  resolved: number;
  /** What the ranking uses: threads still needing attention. */
  pending: number;
}

const baseName = (path: string) => path.split('/').filter(Boolean).at(-1) ?? path;
const withParent = (path: string) => path.split('/').filter(Boolean).slice(-2).join('/');

export function hotspotRows(files: readonly HotspotFile[]): HotspotBarRow[] {
  const nameCount = new Map<string, number>();
  for (const f of files) nameCount.set(baseName(f.file), (nameCount.get(baseName(f.file)) ?? 0) + 1);
  return files.map((f) => ({
    file: f.file,
    label: (nameCount.get(baseName(f.file)) ?? 0) > 1 ? withParent(f.file) : baseName(f.file),
    open: f.open,
    deferred: f.deferred,
    resolved: f.resolved,
    pending: f.open + f.deferred,
  }));
}

/** "300 of 300 threads are stamped (100%)". */
export function coverageText(coverage: SourceResponse['coverage']): string {
  if (coverage === null) return 'The service did not say how many threads are stamped';
  const { threads, stamped } = coverage;
  const pct = threads === 0 ? 0 : Math.round((stamped / threads) * 100);
  return `${formatCount(stamped)} of ${plural(threads, 'thread is', 'threads are')} stamped (${pct}%)`;
}

/** Why there is no chart, or null when there is one. */
export function noHotspotsText(coverage: SourceResponse['coverage']): string | null {
  if (coverage === null) return null;
  if (coverage.threads === 0) return 'This project has no threads yet.';
  if (coverage.stamped === 0)
    return 'None of this project’s threads carry a source file: the site is not built with the build stamping tool, so threads cannot be traced to files.';
  return null;
}

export interface FileQuery {
  line: string;
  component: string;
  status: Status | '';
}

/** The line box accepts a whole number from 1; anything else is ignored with a reason. */
export function parseLine(text: string): { line: number | null; problem: string | null } {
  const t = text.trim();
  if (t === '') return { line: null, problem: null };
  if (!/^\d+$/.test(t) || Number(t) < 1) return { line: null, problem: 'A line number is a whole number from 1.' };
  return { line: Number(t), problem: null };
}

/** "72 threads: 29 open, 5 deferred, 38 resolved". */
export function fileSummaryText(summary: NonNullable<SourceResponse['summary']>): string {
  const total = summary.open + summary.deferred + summary.resolved;
  return `${threadCount(total)}: ${formatCount(summary.open)} open, ${formatCount(summary.deferred)} deferred, ${formatCount(summary.resolved)} resolved`;
}
