import { formatCount } from '../../../format/counts.js';
import { formatDateTime } from '../../../format/relative-time.js';
import { typeLabel } from '../../../format/labels.js';
import { blocks, escapeInline, table, tableCell } from './markdown.js';
import { absoluteDate, daysText, type TrendModel, type TrendWeek } from './trends-model.js';

interface TrendsExport {
  projectName: string;
  generatedAt: number;
  model: TrendModel;
}

type Measure = 'created' | 'resolved' | 'backlog';

const MEASURES: ReadonlyArray<{
  key: Measure;
  total: keyof Pick<TrendWeek, 'createdTotal' | 'resolvedTotal' | 'backlogTotal'>;
  title: string;
}> = [
  { key: 'created', total: 'createdTotal', title: 'Threads created per week' },
  { key: 'resolved', total: 'resolvedTotal', title: 'Threads resolved per week' },
  { key: 'backlog', total: 'backlogTotal', title: 'Open backlog at each week’s end' },
];

/** One week a row, one type a column, the week's total last: what the chart draws, as numbers. */
function weeklyTable(model: TrendModel, measure: (typeof MEASURES)[number]): string {
  const header = ['Week of', ...model.types.map((t) => tableCell(typeLabel(t))), 'All types'];
  const rows = model.weeks.map((w) => [
    absoluteDate(w.start),
    ...model.types.map((t) => formatCount(w[measure.key][t] ?? 0)),
    formatCount(w[measure.total]),
  ]);
  return blocks(`## ${measure.title}`, table(header, rows));
}

function medianTable(model: TrendModel): string {
  const rows = [...model.medians, model.overallMedian].map((m) => [
    tableCell(m.label),
    daysText(m.medianDays),
    formatCount(m.measured),
  ]);
  return blocks(
    '## Median days from created to resolved',
    'Of the threads resolved in these weeks whose creation the list holds; “—” where none was.',
    table(['Type', 'Median', 'Threads measured'], rows),
  );
}

/** The trends as on screen: the window, where it falls short, each chart's numbers and the medians. */
export function trendsMarkdown({ projectName, generatedAt, model }: TrendsExport): string {
  return `${blocks(
    `# Trends: ${escapeInline(projectName)}`,
    `Exported from Triage Desk on ${formatDateTime(generatedAt)}. The ${formatCount(model.weeks.length)} weeks from ${absoluteDate(model.windowStart)} to ${absoluteDate(model.windowEnd)}, weeks from Monday in the exporter’s time zone.`,
    model.limits.length > 0 && model.limits.map((l) => `> ${escapeInline(l)}`).join('\n>\n'),
    ...MEASURES.map((m) => weeklyTable(model, m)),
    medianTable(model),
  )}\n`;
}
