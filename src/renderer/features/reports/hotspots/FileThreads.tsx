import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, type RefObject } from 'react';
import { keepInReportView, revealInReport } from '../components/reveal.js';
import type { HotspotFile } from '#shared/reader/index.js';
import { ErrorMessage } from '../../../components/ErrorMessage.js';
import { BOARD_STATUSES, statusLabel, typeLabel } from '../../../format/labels.js';
import { Loading } from '../components/Loading.js';
import { StatusTag } from '../components/StatusTag.js';
import { ThreadRef } from '../components/ThreadRef.js';
import { fileSummaryText, parseLine } from '../model/hotspots-model.js';
import { showingText } from '../model/paging.js';
import { useHotspots } from '../stores/hotspots-store.js';
import { fileThreadsQuery } from '../stores/hotspots-query.js';
import { useReportsContext } from '../components/reports-context.js';
import { queryProblem } from '../../../server-state/query-client.js';
import { useSession } from '../../../stores/session-store.js';
import { UnreadableNotice } from '../../../components/UnreadableNotice.js';
import { unreadableOf } from '#shared/reader/problems.js';

/** Typing a line number waits for a pause before asking the service. */
const LINE_DEBOUNCE_MS = 350;

function useDebouncedLine() {
  const line = useHotspots((s) => s.query.line);
  const applyQuery = useHotspots((s) => s.applyQuery);
  // The line the list was last fetched for: selecting a file fetches already, so only changes count.
  const fetchedFor = useRef(line);
  useEffect(() => {
    if (line === fetchedFor.current) return;
    const timer = setTimeout(() => {
      fetchedFor.current = line;
      applyQuery();
    }, LINE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [line, applyQuery]);
}

/**
 * After a person chose a file, its panel comes to the top of the report with focus on its
 * heading, so the click visibly did something and keyboard and screen reader users land on
 * the result; once the list has arrived (and the panel its full height) it is placed again.
 */
function useRevealOnSelect(
  panel: RefObject<HTMLElement | null>,
  heading: RefObject<HTMLElement | null>,
  settled: boolean,
  file: string,
) {
  const reveal = useHotspots((s) => s.reveal);
  const setReveal = useHotspots((s) => s.setReveal);
  useEffect(() => {
    if (!panel.current || !heading.current) return;
    if (reveal === 'pending') {
      revealInReport(panel.current, heading.current);
      keepChosenRow(panel.current, file);
      setReveal('shown');
    } else if (reveal === 'shown' && settled) {
      revealInReport(panel.current, null);
      keepChosenRow(panel.current, file);
      setReveal('none');
    }
  }, [reveal, settled, setReveal, panel, heading, file]);
}

/**
 * Beside the file list (wide windows) the panel stays put while the report scrolls (it is
 * sticky), so the chosen file's row is brought back into view next to it: choosing a file far
 * down the list must not scroll its row away. Below the list (narrow windows) the panel wins.
 */
function keepChosenRow(panel: HTMLElement, file: string): void {
  if (getComputedStyle(panel).position !== 'sticky') return;
  const row = [...document.querySelectorAll<HTMLElement>('[data-testid="hotspot-file"]')].find(
    (r) => r.dataset.file === file,
  );
  if (row) keepInReportView(row);
}

/** One file's threads, nearest a line first when one is given, filtered by component and status. */
export function FileThreads({ file }: { file: HotspotFile }) {
  const query = useHotspots((s) => s.query);
  const applied = useHotspots((s) => s.applied);
  const { projectId } = useReportsContext();
  const connectionId = useSession((s) => s.active?.connection.id);
  // The last list stays in view while a new filter is asked (its rows hide until the answer).
  const list = useQuery({
    ...fileThreadsQuery(connectionId, projectId, file.file, applied),
    placeholderData: keepPreviousData,
  });
  const matches = list.data ?? null;
  const loading = list.isFetching;
  const problem = queryProblem(`Could not list the threads of ${file.file}`, list);
  const { setQuery, selectFile } = useHotspots.getState();
  const ids = { line: useId(), lineProblem: useId(), component: useId(), status: useId() };
  const lineProblem = parseLine(query.line).problem;
  useDebouncedLine();
  const panelRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useRevealOnSelect(panelRef, headingRef, !loading && matches !== null, file.file);

  const items = matches?.items ?? [];
  const matched = matches?.matched ?? 0;
  return (
    <section
      ref={panelRef}
      className="report-panel panel-surface file-threads"
      aria-labelledby="file-threads-title"
      data-testid="file-threads"
      data-file={file.file}
    >
      <div className="file-threads__head">
        <h2 id="file-threads-title" ref={headingRef} className="break" tabIndex={-1}>
          Threads of <code>{file.file}</code>
        </h2>
        <button type="button" className="button button--quiet no-print" onClick={() => selectFile(null)}>
          Close
        </button>
      </div>
      <UnreadableNotice problems={unreadableOf(matches)} />
      {/* The whole file, from its hotspot row: the service's summary counts only what the filters below match. */}
      {matches && (
        <p
          data-testid="file-threads-summary"
          data-open={file.open}
          data-deferred={file.deferred}
          data-resolved={file.resolved}
        >
          {fileSummaryText(file)}
        </p>
      )}
      <div className="file-threads__filters no-print">
        <div className="field">
          <label htmlFor={ids.line}>Line</label>
          <input
            id={ids.line}
            inputMode="numeric"
            value={query.line}
            placeholder="e.g. 42"
            onChange={(e) => setQuery({ line: e.target.value })}
            aria-invalid={lineProblem ? true : undefined}
            aria-describedby={lineProblem ? ids.lineProblem : undefined}
          />
          {lineProblem ? (
            <span id={ids.lineProblem} className="inline-error">
              {lineProblem}
            </span>
          ) : (
            <span className="field__help">Threads nearest this line come first.</span>
          )}
        </div>
        <div className="field">
          <label htmlFor={ids.component}>Component</label>
          <select id={ids.component} value={query.component} onChange={(e) => setQuery({ component: e.target.value })}>
            <option value="">All components</option>
            {file.components.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.status}>Status</label>
          <select
            id={ids.status}
            value={query.status}
            onChange={(e) => setQuery({ status: e.target.value as (typeof BOARD_STATUSES)[number] | '' })}
          >
            <option value="">All statuses</option>
            {BOARD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {problem && <ErrorMessage problem={problem} onRetry={() => void list.refetch()} compact />}
      {loading && <Loading testId="file-threads-loading">Loading the threads of {file.file}…</Loading>}
      {matches && !loading && (
        <>
          <p className="muted" data-testid="file-threads-showing" data-shown={items.length} data-matched={matched}>
            {matched === 0
              ? 'No thread of this file matches these filters.'
              : showingText(items.length, matched, items.length >= matched)}
            {matches.query?.line != null && matched > 0 ? `, nearest line ${matches.query.line} first` : ''}
            {items.length < matched ? '. Narrow the filters to see the others.' : ''}
          </p>
          <ul className="report-list">
            {items.map((t) => (
              <li key={t.id} className="report-row" data-testid="file-thread" data-item-id={t.id}>
                <ThreadRef row={t} />
                <p className="report-row__meta">
                  <StatusTag status={t.status} />{' '}
                  {t.source?.line != null ? `Line ${t.source.line}` : 'Line not stamped'} · {typeLabel(t.type)} ·{' '}
                  {t.page}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
