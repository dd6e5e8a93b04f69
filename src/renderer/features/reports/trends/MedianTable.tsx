import { formatCount } from '../../../format/counts.js';
import { ChartFigure } from '../components/ChartFigure.js';
import { categoryColor } from '../components/chart-colors.js';
import { DrillLink } from '../components/DrillLink.js';
import { useReportsContext } from '../components/reports-context.js';
import { StackedBars } from '../components/StackedBars.js';
import { drillFilters, followHref, workspaceHref } from '../model/drill-down.js';
import { daysText, type TrendModel, type TypeMedian } from '../model/trends-model.js';

/** Median days from created to resolved, per type, of the threads resolved in the window. */
export function MedianTable({ model }: { model: TrendModel }) {
  const { projectId } = useReportsContext();
  const rows = [...model.medians, model.overallMedian];
  const href = (m: TypeMedian) =>
    workspaceHref(projectId, drillFilters({ status: 'resolved', ...(m.type === 'all' ? {} : { type: m.type }) }));
  const opens = (m: TypeMedian) =>
    `Opens the resolved ${m.type === 'all' ? '' : `${m.label} `}threads in the table (the table has no date filter).`;
  const bars = model.medians.map((m) => ({
    label: m.label,
    type: m.type,
    days: m.medianDays === null ? 0 : Math.round(m.medianDays * 10) / 10,
  }));
  return (
    <ChartFigure
      title="Median days from created to resolved"
      description={`Of the threads resolved in these weeks whose creation the list holds; “—” where none was. Select a bar or a type to open its resolved threads.`}
      rows={rows}
      rowKey={(m) => m.type}
      testId="trends-median"
      columns={[
        {
          label: 'Type',
          value: (m) => (
            <DrillLink href={href(m)} title={opens(m)}>
              {m.label}
            </DrillLink>
          ),
        },
        {
          label: 'Median',
          value: (m) => <span data-testid={`trends-median-${m.type}`}>{daysText(m.medianDays)}</span>,
          numeric: true,
        },
        { label: 'Threads measured', value: (m) => formatCount(m.measured), numeric: true },
      ]}
    >
      <StackedBars
        rows={bars}
        categoryKey="label"
        series={[{ key: 'days', name: 'Median days', color: categoryColor(0) }]}
        orientation="rows"
        categoryWidth={110}
        legend={false}
        onSelect={(row) => followHref(href(model.medians.find((m) => m.type === row.type)!))}
        segmentTestId="trends-median-bar"
      />
    </ChartFigure>
  );
}
