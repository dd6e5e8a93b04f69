import { isoDate } from './markdown.js';

export type ReportKind = 'whats-new' | 'review' | 'trends' | 'decision-log' | 'hotspots';

/** The report's name in sentences ("Could not export the briefing as PDF"). */
export const REPORT_NOUN: Record<ReportKind, string> = {
  'whats-new': 'briefing',
  review: 'review',
  trends: 'trends',
  'decision-log': 'decision log',
  hotspots: 'source hotspots',
};

/** "checkout-app-review-2026-03-12.md": the project, the report and the meeting's date. */
export function exportFileName(projectName: string, kind: ReportKind, extension: 'md' | 'pdf', now: number): string {
  const slug =
    projectName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'project';
  return `${slug}-${kind}-${isoDate(now)}.${extension}`;
}
