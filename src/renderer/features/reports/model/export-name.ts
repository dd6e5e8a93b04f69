import { isoDate } from './markdown.js';

export type ReportKind = 'review' | 'decision-log';

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
