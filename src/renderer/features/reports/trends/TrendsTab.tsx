import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ErrorMessage } from '../../../components/ErrorMessage.js';
import { formatCount } from '../../../format/counts.js';
import { typeLabel } from '../../../format/labels.js';
import { connectionKey, queryProblem } from '../../../server-state/query-client.js';
import { useSession } from '../../../stores/session-store.js';
import { Banner } from '../../../components/Banner.js';
import { ExportBar } from '../components/ExportBar.js';
import { LoadedAt } from '../components/LoadedAt.js';
import { Loading } from '../components/Loading.js';
import { useReportsContext } from '../components/reports-context.js';
import { TREND_WEEKS, trendModel, weekStart, absoluteDate, type TrendModel } from '../model/trends-model.js';
import { trendsMarkdown } from '../model/trends-markdown.js';
import { readTrendSources } from './trends-source.js';
import { MedianTable } from './MedianTable.js';
import { WeeklyChart } from './WeeklyChart.js';

/** The first Monday of the window, as of now (a new week moves it, and with it the query). */
function windowStartNow(): number {
  const now = Date.now();
  const d = new Date(weekStart(now));
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() - 7 * (TREND_WEEKS - 1)).getTime();
}

/**
 * Trends for the team lead: threads created and resolved per week, the open backlog, and how
 * long resolving takes, each by type, over the last twelve weeks. Read through TanStack Query,
 * so coming back to the tab within a minute shows the same answer without asking again.
 */
export function TrendsTab() {
  const { projectId, projectName } = useReportsContext();
  const connectionId = useSession((s) => s.active?.connection.id);
  const windowStart = windowStartNow();
  const queryKey = connectionKey(connectionId, 'reports-trends', projectId, windowStart);
  const query = useQuery({ queryKey, queryFn: () => readTrendSources(projectId, windowStart) });
  const problem = queryProblem('Could not read the trends', query);
  const client = useQueryClient();
  const model = useMemo<TrendModel | null>(
    () => (query.data ? trendModel(query.data, query.dataUpdatedAt) : null),
    [query.data, query.dataUpdatedAt],
  );
  const refresh = () => void client.invalidateQueries({ queryKey });

  return (
    <div className="trends" data-testid="trends">
      <div className="report-toolbar">
        <p className="report-toolbar__summary" data-testid="trends-window">
          {model
            ? `The ${TREND_WEEKS} weeks from ${absoluteDate(model.windowStart)} to ${absoluteDate(model.windowEnd)}, weeks from Monday in your time zone.`
            : `The last ${TREND_WEEKS} weeks.`}
        </p>
        <LoadedAt
          at={query.data ? query.dataUpdatedAt : null}
          loading={query.isFetching}
          onRefresh={refresh}
          what="trends"
        />
        <ExportBar
          projectName={projectName}
          kind="trends"
          markdown={() => (model ? trendsMarkdown({ projectName, generatedAt: Date.now(), model }) : '')}
          disabled={!model}
        />
      </div>
      {problem && <ErrorMessage problem={problem} onRetry={refresh} />}
      {query.isPending && (
        <Loading testId="trends-loading">Reading the threads of {projectName} and when they were resolved…</Loading>
      )}
      {model && (
        <>
          {model.limits.length > 0 && (
            <Banner tone="warning" testId="trends-limits">
              {model.limits.map((l) => (
                <span key={l} className="trends__limit">
                  {l}{' '}
                </span>
              ))}
            </Banner>
          )}
          <p className="muted trends__totals" data-testid="trends-totals">
            In these weeks: {formatCount(sumOf(model, 'createdTotal'))} created,{' '}
            {formatCount(sumOf(model, 'resolvedTotal'))} resolved; {formatCount(model.weeks.at(-1)!.backlogTotal)}{' '}
            waiting now
            {model.types.length > 0 && ` across ${model.types.map((t) => typeLabel(t)).join(', ')}`}.
          </p>
          <div className="trends__charts">
            <WeeklyChart model={model} measure="created" />
            <WeeklyChart model={model} measure="resolved" />
            <WeeklyChart model={model} measure="backlog" />
            <MedianTable model={model} />
          </div>
        </>
      )}
    </div>
  );
}

const sumOf = (model: TrendModel, key: 'createdTotal' | 'resolvedTotal') => model.weeks.reduce((n, w) => n + w[key], 0);
