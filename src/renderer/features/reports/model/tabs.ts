/** The reports' tabs, in the order they are shown; the address names them (route.ts). */
export const REPORT_TABS = ['whats-new', 'review', 'trends', 'decisions', 'hotspots'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

export const isReportTab = (value: unknown): value is ReportTab =>
  typeof value === 'string' && (REPORT_TABS as readonly string[]).includes(value);

export const TAB_LABEL: Record<ReportTab, string> = {
  'whats-new': 'What’s new',
  review: 'Review',
  trends: 'Trends',
  decisions: 'Decisions',
  hotspots: 'Source hotspots',
};
