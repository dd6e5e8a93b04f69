import type { Status } from '#shared/api/common.js';
import { formatCount } from '../../../format/counts.js';
import { typeLabel } from '../../../format/labels.js';
import { ChartFigure, type ChartColumn } from '../components/ChartFigure.js';
import { categoryColor } from '../components/chart-colors.js';
import { useReportsContext } from '../components/reports-context.js';
import { StackedBars } from '../components/StackedBars.js';
import { DrillLink } from '../components/DrillLink.js';
import { drillFilters, followHref, workspaceHref } from '../model/drill-down.js';
import { daysText, type TrendModel, type TrendWeek } from '../model/trends-model.js';

type WeeklyMeasure = 'created' | 'resolved' | 'backlog';

interface MeasureMeta {
  title: string;
  description: string;
  /** The status a bar's drill-down adds; the table has no date filter, so a week opens every thread of its type. */
  status?: Status;
  /** What a bar's link opens, said where it is followed. */
  opens(type: string): string;
}

const MEASURE: Record<WeeklyMeasure, MeasureMeta> = {
  created: {
    title: 'Threads created per week',
    description: 'New threads each week, stacked by type.',
    opens: (t) => `Opens every ${typeLabel(t)} thread in the table, newest first (the table has no date filter).`,
  },
  resolved: {
    title: 'Threads resolved per week',
    description:
      'Threads resolved each week, stacked by type; the table adds the median days each took from created to resolved.',
    status: 'resolved',
    opens: (t) => `Opens the resolved ${typeLabel(t)} threads in the table (the table has no date filter).`,
  },
  backlog: {
    title: 'Open backlog at each week’s end',
    description: 'Threads not resolved (open or deferred) at the end of each week, or now for this week, by type.',
    status: 'open',
    opens: (t) =>
      `Opens the ${typeLabel(t)} threads open now in the table (deferred ones and past weeks are not filtered).`,
  },
};

const seriesKey = (type: string) => `t:${type}`;

/** One weekly measure: twelve stacked columns by type, every number in the table a link to those threads. */
export function WeeklyChart({ model, measure }: { model: TrendModel; measure: WeeklyMeasure }) {
  const { projectId } = useReportsContext();
  const meta = MEASURE[measure];
  const counts = (w: TrendWeek) => w[measure];
  const total = (w: TrendWeek) =>
    measure === 'created' ? w.createdTotal : measure === 'resolved' ? w.resolvedTotal : w.backlogTotal;
  const href = (type: string) => workspaceHref(projectId, drillFilters({ type, status: meta.status }));
  const rows = model.weeks.map((w) => ({
    label: w.label,
    title: w.title,
    ...Object.fromEntries(model.types.map((t) => [seriesKey(t), counts(w)[t] ?? 0])),
  }));
  const series = model.types.map((t, i) => ({ key: seriesKey(t), name: typeLabel(t), color: categoryColor(i) }));

  const columns: ChartColumn<TrendWeek>[] = [
    { label: 'Week', value: (w) => w.title },
    ...model.types.map<ChartColumn<TrendWeek>>((t) => ({
      label: typeLabel(t),
      numeric: true,
      value: (w) => (
        <DrillLink
          href={href(t)}
          title={meta.opens(t)}
          label={`${formatCount(counts(w)[t] ?? 0)} ${typeLabel(t)}, ${w.title}`}
        >
          {formatCount(counts(w)[t] ?? 0)}
        </DrillLink>
      ),
    })),
    { label: 'Total', value: (w) => formatCount(total(w)), numeric: true },
    ...(measure === 'resolved'
      ? [{ label: 'Median days to resolve', value: (w: TrendWeek) => daysText(w.medianDays), numeric: true }]
      : []),
  ];

  return (
    <ChartFigure
      title={meta.title}
      description={`${meta.description} Select a bar, or a number in the table, to open those threads in the table.`}
      rows={model.weeks}
      rowKey={(w) => String(w.start)}
      columns={columns}
      testId={`trends-${measure}`}
    >
      <StackedBars
        rows={rows}
        categoryKey="label"
        series={series}
        orientation="columns"
        categoryTicks="fit"
        onSelect={(_row, key) => followHref(href(key.slice(2)))}
        segmentTestId={`trends-${measure}-bar`}
      />
    </ChartFigure>
  );
}
