import type { ReviewResponse } from '#shared/reader/index.js';
import { ChartFigure } from '../components/ChartFigure.js';
import { NEUTRAL_COLOR, STATUS_COLOR } from '../components/chart-colors.js';
import { StackedBars } from '../components/StackedBars.js';
import { cutNote, pageChartRows, peopleChartRows, statusChartRows, typeChartRows } from '../model/review-model.js';
import { formatCount } from '../../../format/counts.js';
import type { Status } from '#shared/api/common.js';
import { DrillLink } from '../components/DrillLink.js';
import { useReportsContext } from '../components/reports-context.js';
import { drillFilters, followHref, workspaceHref } from '../model/drill-down.js';
import { statusLabel, typeLabel } from '../../../format/labels.js';

const STATUS_SERIES = [
  { key: 'open', name: 'Open', color: STATUS_COLOR.open },
  { key: 'deferred', name: 'Deferred', color: STATUS_COLOR.deferred },
  { key: 'resolved', name: 'Resolved', color: STATUS_COLOR.resolved },
] as const;

/** The overview's breakdowns as charts, each with its numbers as a table. */
export function ReviewCharts({ overview }: { overview: ReviewResponse }) {
  const { projectId } = useReportsContext();
  const href = (parts: Parameters<typeof drillFilters>[0]) => workspaceHref(projectId, drillFilters(parts));
  /** A count in a chart's table, as a link to the threads it counts. */
  const count = (n: number, parts: Parameters<typeof drillFilters>[0], what: string) => (
    <DrillLink href={href(parts)} title={`Opens ${what} in the table.`}>
      {formatCount(n)}
    </DrillLink>
  );
  const typeWords = (key: string | null, status?: Status) =>
    `the ${status ? `${statusLabel(status).toLowerCase()} ` : ''}${typeLabel(key)} threads`;
  const types = typeChartRows(overview.byType);
  const statuses = statusChartRows(overview.counts).map((r) => ({
    ...r,
    key: r.label.toLowerCase() as keyof typeof STATUS_COLOR,
  }));
  const pages = pageChartRows(overview.byPage);
  const people = peopleChartRows(overview.people);
  return (
    <div className="review-charts">
      <ChartFigure
        title="Threads by type"
        description="Each type’s threads, stacked by status. Select a bar, or a number in the table, to open those threads in the table."
        rows={types}
        rowKey={(r) => r.label}
        testId="chart-by-type"
        columns={[
          { label: 'Type', value: (r) => r.label },
          {
            label: 'Open',
            value: (r) => count(r.open, { type: r.key, status: 'open' }, typeWords(r.key, 'open')),
            numeric: true,
          },
          {
            label: 'Deferred',
            value: (r) => count(r.deferred, { type: r.key, status: 'deferred' }, typeWords(r.key, 'deferred')),
            numeric: true,
          },
          {
            label: 'Resolved',
            value: (r) => count(r.resolved, { type: r.key, status: 'resolved' }, typeWords(r.key, 'resolved')),
            numeric: true,
          },
          { label: 'Total', value: (r) => count(r.total, { type: r.key }, typeWords(r.key)), numeric: true },
        ]}
      >
        <StackedBars
          rows={types}
          categoryKey="label"
          series={STATUS_SERIES}
          orientation="rows"
          categoryWidth={110}
          segmentTestId="type-bar"
          onSelect={(r, status) => followHref(href({ type: r.key, status }))}
        />
      </ChartFigure>

      <ChartFigure
        title="Threads by status"
        description="Select a bar, or a number in the table, to open those threads in the table."
        rows={statuses}
        rowKey={(r) => r.label}
        testId="chart-by-status"
        columns={[
          { label: 'Status', value: (r) => r.label },
          {
            label: 'Threads',
            value: (r) => count(r.value, { status: r.key }, `the ${r.label.toLowerCase()} threads`),
            numeric: true,
          },
        ]}
      >
        <StackedBars
          rows={statuses.map((r) => ({ label: r.label, [r.key]: r.value }))}
          categoryKey="label"
          series={STATUS_SERIES}
          orientation="rows"
          categoryWidth={80}
          legend={false}
          segmentTestId="status-bar"
          onSelect={(_r, status) => followHref(href({ status }))}
        />
      </ChartFigure>

      <ChartFigure
        title="Busiest pages"
        description={`${cutNote(pages.length, overview.byPage?.length ?? 0, 'pages') ?? 'Threads per page, open ones first.'} Select a bar, or a number in the table, to open the page’s threads in the table (its grey part opens all of them: the table filters one status at a time).`}
        rows={pages}
        rowKey={(r) => r.label}
        testId="chart-by-page"
        columns={[
          { label: 'Page', value: (r) => r.label },
          {
            label: 'Open',
            value: (r) => count(r.open, { page: r.label, status: 'open' }, `the open threads on ${r.label}`),
            numeric: true,
          },
          {
            label: 'Total',
            value: (r) => count(r.total, { page: r.label }, `every thread on ${r.label}`),
            numeric: true,
          },
        ]}
      >
        <StackedBars
          rows={pages}
          categoryKey="label"
          series={[
            { key: 'open', name: 'Open', color: STATUS_COLOR.open },
            { key: 'closed', name: 'Deferred or resolved', color: NEUTRAL_COLOR },
          ]}
          orientation="rows"
          segmentTestId="page-bar"
          onSelect={(r, series) =>
            followHref(href({ page: r.label, ...(series === 'open' ? { status: 'open' as const } : {}) }))
          }
        />
      </ChartFigure>

      <ChartFigure
        title="Participants"
        description={`${cutNote(people.length, overview.people?.length ?? 0, 'people') ?? 'Threads started and replies written, per person.'} The workspace has no filter by author, so these bars open nothing.`}
        rows={people}
        rowKey={(r) => r.label}
        testId="chart-people"
        columns={[
          { label: 'Person', value: (r) => r.label },
          { label: 'Threads started', value: (r) => formatCount(r.threads), numeric: true },
          { label: 'Replies', value: (r) => formatCount(r.replies), numeric: true },
        ]}
      >
        <StackedBars
          rows={people}
          categoryKey="label"
          series={[
            { key: 'threads', name: 'Threads started', color: STATUS_COLOR.open },
            { key: 'replies', name: 'Replies', color: NEUTRAL_COLOR },
          ]}
          orientation="rows"
          segmentTestId="person-bar"
        />
      </ChartFigure>
    </div>
  );
}
