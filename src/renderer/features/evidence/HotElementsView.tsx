import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ItemRow } from '#shared/reader/index.js';
import { formatCount, plural, threadCount } from '../../format/counts.js';
import { statusLabel, typeLabel } from '../../format/labels.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import { useWorkspace } from '../../stores/workspace-store.js';
import { elementIdentity } from './element-key.js';
import { groupByElement, pagesByCount, readProgress, type DetailLookup, type ElementGroup } from './evidence-model.js';
import { ReadProgress } from './ReadProgress.js';
import { ScreenshotThumb } from './ScreenshotThumb.js';
import { useEvidenceReads } from './use-evidence-reads.js';
import './evidence.css';

/**
 * How many of a page's threads are read without being asked: a page this size fills within
 * the service's burst allowance, and a busier page asks the person before reading more.
 */
const HOT_READ_BATCH = 200;
/** Threads listed under an element before "Show all". */
const THREADS_SHOWN = 5;

function pick(page: string) {
  useWorkspace.getState().setFilter('page', page);
}

/** Without a page filter: the pages of the filter, busiest first, to choose one. */
function PageChooser({ rows }: { rows: ItemRow[] }) {
  const pages = useMemo(() => pagesByCount(rows), [rows]);
  if (pages.length === 0)
    return <p className="muted">No thread matches these filters, so no page has feedback to show.</p>;
  return (
    <>
      <h2 className="hot-elements__title">Hot elements: choose a page</h2>
      <p className="muted">
        Choose a page to see which of its elements gather the most feedback. Pages with the most threads under these
        filters come first.
      </p>
      <ul className="hot-pages" data-testid="hot-pages">
        {pages.map(({ page, count }) => (
          <li key={page}>
            <button type="button" className="row-button hot-pages__page" onClick={() => pick(page)}>
              <span className="hot-pages__name">{page}</span>
              <span className="muted">{threadCount(count)}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function StatusCounts({ group }: { group: ElementGroup }) {
  const parts = (['open', 'deferred', 'resolved'] as const)
    .filter((s) => group.byStatus[s] > 0)
    .map((s) => `${formatCount(group.byStatus[s])} ${statusLabel(s).toLowerCase()}`);
  if (group.byStatus.other > 0) parts.push(`${formatCount(group.byStatus.other)} other`);
  return (
    <p className="hot-element__counts" data-testid="hot-element-status">
      {parts.join(' · ')}
    </p>
  );
}

function ElementCard({
  group,
  rank,
  lookup,
  onOpen,
}: {
  group: ElementGroup;
  rank: number;
  lookup: DetailLookup;
  onOpen(itemId: string): void;
}) {
  const [all, setAll] = useState(false);
  const headingId = `hot-element-${rank}`;
  const shot = group.latest ? lookup(group.latest.itemId) : lookup(group.rows[0]!.id);
  const shotRow = group.latest ? group.rows.find((r) => r.id === group.latest!.itemId) : null;
  const threads = all ? group.rows : group.rows.slice(0, THREADS_SHOWN);
  return (
    <article className="hot-element panel-surface" aria-labelledby={headingId} data-testid="hot-element">
      <figure className="hot-element__shot">
        <ScreenshotThumb detail={shot} />
        <figcaption className="muted">
          {shotRow
            ? `Latest screenshot, from “${shotRow.excerpt || shotRow.id}”`
            : group.expired > 0
              ? `No screenshot kept: the evidence of ${plural(group.expired, 'thread', 'threads')} expired.`
              : 'No screenshot of this element.'}
        </figcaption>
      </figure>
      <div className="hot-element__body">
        <h3 id={headingId} className="hot-element__name">
          <span className="hot-element__rank">{rank}.</span> {group.element.label}
        </h3>
        <p className="hot-element__key">
          {group.element.kind === 'page' ? (
            <span className="muted">{elementIdentity(group.element)}</span>
          ) : (
            <code className="break">{elementIdentity(group.element)}</code>
          )}
          {group.element.kind === 'stamp' && <span className="muted"> (stamp key)</span>}
        </p>
        <p className="hot-element__total" data-testid="hot-element-total">
          {threadCount(group.rows.length)}
        </p>
        <StatusCounts group={group} />
        <p className="hot-element__types muted" data-testid="hot-element-types">
          {group.byType.map((t) => `${typeLabel(t.type)} ${formatCount(t.count)}`).join(' · ')}
        </p>
        <ul className="hot-element__threads" aria-label={`Threads on ${group.element.label}`}>
          {threads.map((r) => (
            <li key={r.id}>
              <button
                type="button"
                className="row-button hot-element__thread"
                data-item-id={r.id}
                onClick={() => onOpen(r.id)}
              >
                <span className="hot-element__excerpt">{r.excerpt || r.id}</span>
                <span className="muted"> — {statusLabel(r.status)}</span>
              </button>
            </li>
          ))}
        </ul>
        {group.rows.length > THREADS_SHOWN && (
          <button type="button" className="button button--quiet" aria-expanded={all} onClick={() => setAll(!all)}>
            {all ? 'Show fewer' : `Show all ${threadCount(group.rows.length)}`}
          </button>
        )}
      </div>
    </article>
  );
}

function PageElements({ page, rows, onOpen }: { page: string; rows: ItemRow[]; onOpen(itemId: string): void }) {
  const { lookup, want, retry } = useEvidenceReads();
  const [budget, setBudget] = useState(HOT_READ_BATCH);
  const asked = useMemo(() => rows.slice(0, budget), [rows, budget]);
  useEffect(() => want(asked.map((r) => r.id)), [asked, want]);
  const grouping = useMemo(() => groupByElement(asked, lookup), [asked, lookup]);
  const progress = useMemo(() => readProgress(asked, lookup), [asked, lookup]);
  const left = rows.length - asked.length;
  return (
    <>
      <div className="hot-elements__bar">
        <h2 className="hot-elements__title">
          Hot elements of <span className="hot-elements__page">{page}</span>
        </h2>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => useWorkspace.getState().setFilter('page', undefined)}
        >
          All pages
        </button>
      </div>
      <ReadProgress
        done={progress.done}
        total={asked.length}
        failed={progress.failed}
        what="threads"
        rest="grouping them by the element they are pinned to"
      />
      {left > 0 && (
        <p className="notice" data-testid="hot-elements-more">
          This page has {threadCount(rows.length)}; the newest {formatCount(asked.length)} are read and grouped.{' '}
          <button type="button" className="button" onClick={() => setBudget(budget + HOT_READ_BATCH)}>
            Read {formatCount(Math.min(left, HOT_READ_BATCH))} more
          </button>
        </p>
      )}
      {grouping.failed.length > 0 && (
        <p className="notice" role="alert">
          {plural(grouping.failed.length, 'thread', 'threads')} could not be read ({grouping.failed[0]!.message}).{' '}
          <button type="button" className="button" onClick={() => grouping.failed.forEach((f) => retry(f.row.id))}>
            Try again
          </button>
        </p>
      )}
      {rows.length === 0 && <p className="muted">No thread on this page matches these filters.</p>}
      <div className="hot-elements__list" data-testid="hot-elements">
        {grouping.groups.map((g, i) => (
          <ElementCard key={g.element.key} group={g} rank={i + 1} lookup={lookup} onOpen={onOpen} />
        ))}
      </div>
    </>
  );
}

/**
 * Hot elements: which parts of a page people complain about. The workspace's filters choose
 * the threads; its page filter chooses the page (a list of pages stands in until one is).
 */
export function HotElementsView({
  rows,
  page,
  onOpen,
  panel,
}: {
  rows: ItemRow[];
  page: string | undefined;
  onOpen(itemId: string): void;
  panel: ReactNode;
}) {
  // The panel closing gives the focus back to the thread's entry (WorkspaceScreen's focusCard).
  const focusTick = useProjectItems((s) => s.focusTick);
  useEffect(() => {
    const id = useProjectItems.getState().focusedId;
    if (!focusTick || !id) return;
    document
      .querySelector<HTMLElement>(`[data-testid="hot-elements-view"] [data-item-id="${CSS.escape(id)}"]`)
      ?.focus({ preventScroll: true });
  }, [focusTick]);
  return (
    <>
      <section className="hot-elements" aria-label="Hot elements" data-testid="hot-elements-view">
        {page ? <PageElements key={page} page={page} rows={rows} onOpen={onOpen} /> : <PageChooser rows={rows} />}
      </section>
      {panel}
    </>
  );
}
