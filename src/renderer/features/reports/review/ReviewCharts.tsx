import type { ReviewResponse } from '../../../../shared/reader/index.js';
import { ChartFigure } from '../components/ChartFigure.js';
import { NEUTRAL_COLOR, STATUS_COLOR } from '../components/chart-colors.js';
import { StackedBars } from '../components/StackedBars.js';
import { cutNote, pageChartRows, peopleChartRows, statusChartRows, typeChartRows } from '../model/review-model.js';
import { formatCount } from '../../../format/counts.js';

const STATUS_SERIES = [
  { key: 'open', name: 'Open', color: STATUS_COLOR.open },
  { key: 'deferred', name: 'Deferred', color: STATUS_COLOR.deferred },
  { key: 'resolved', name: 'Resolved', color: STATUS_COLOR.resolved },
] as const;

/** The overview's breakdowns as charts, each with its numbers as a table. */
export function ReviewCharts({ overview }: { overview: ReviewResponse }) {
  const types = typeChartRows(overview.byType);
  const statuses = statusChartRows(overview.counts).map((r) => ({ ...r, key: r.label.toLowerCase() as keyof typeof STATUS_COLOR }));
  const pages = pageChartRows(overview.byPage);
  const people = peopleChartRows(overview.people);
  return (
    <div className="review-charts">
      <ChartFigure
        title="Threads by type"
        description="Each type’s threads, stacked by status."
        rows={types}
        rowKey={(r) => r.label}
        testId="chart-by-type"
        columns={[
          { label: 'Type', value: (r) => r.label },
          { label: 'Open', value: (r) => formatCount(r.open), numeric: true },
          { label: 'Deferred', value: (r) => formatCount(r.deferred), numeric: true },
          { label: 'Resolved', value: (r) => formatCount(r.resolved), numeric: true },
          { label: 'Total', value: (r) => formatCount(r.total), numeric: true },
        ]}
      >
        <StackedBars rows={types} categoryKey="label" series={STATUS_SERIES} orientation="rows" categoryWidth={110} segmentTestId="type-bar" />
      </ChartFigure>

      <ChartFigure
        title="Threads by status"
        rows={statuses}
        rowKey={(r) => r.label}
        testId="chart-by-status"
        columns={[
          { label: 'Status', value: (r) => r.label },
          { label: 'Threads', value: (r) => formatCount(r.value), numeric: true },
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
        />
      </ChartFigure>

      <ChartFigure
        title="Busiest pages"
        description={cutNote(pages.length, overview.byPage?.length ?? 0, 'pages') ?? 'Threads per page, open ones first.'}
        rows={pages}
        rowKey={(r) => r.label}
        testId="chart-by-page"
        columns={[
          { label: 'Page', value: (r) => r.label },
          { label: 'Open', value: (r) => formatCount(r.open), numeric: true },
          { label: 'Total', value: (r) => formatCount(r.total), numeric: true },
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
        />
      </ChartFigure>

      <ChartFigure
        title="Participants"
        description={cutNote(people.length, overview.people?.length ?? 0, 'people') ?? 'Threads started and replies written, per person.'}
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
