import { useMemo } from 'react';
import type { ItemRow } from '#shared/reader/index.js';
import { Dialog } from '../../components/Dialog.js';
import { RelativeTime } from '../../components/RelativeTime.js';
import { quoteThread } from '../../format/thread-words.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import { useDialogs } from '../../stores/dialogs-store.js';
import { changedSinceLoaded, entryState, isPending, rowsById, type UndoEntry } from '../../stores/undo-history.js';
import { recordsAnew } from '../../stores/undo-records.js';
import { undoEntry } from '../../stores/undo-runner.js';
import { useUndoHistory } from '../../stores/undo-store.js';
import { entryStateText, recordsAnewHint } from '../../format/undo-words.js';
import './undo.css';
import { formatCount, itIs } from '../../format/counts.js';

const SHOWN_REASONS = 3;

/** The open list as every entry looks its threads up: by ID, with the project it is of. */
interface LoadedList {
  projectId: string | null;
  byId: ReadonlyMap<string, ItemRow>;
}

/** A thread as its excerpt says it, or by ID when the open list does not show it. */
function excerptOf(loaded: LoadedList, id: string): string {
  const excerpt = loaded.byId.get(id)?.excerpt;
  return excerpt?.trim() ? quoteThread(excerpt) : id;
}

/** How many of the entry's threads the open list shows changed since; null when the list is another project's. */
function changedSince(loaded: LoadedList, entry: UndoEntry): number | null {
  return loaded.projectId === entry.projectId && isPending(entry) ? changedSinceLoaded(entry, loaded.byId) : null;
}

function Entry({
  entry,
  projectId,
  next,
  loaded,
}: {
  entry: UndoEntry;
  projectId: string;
  next: boolean;
  loaded: LoadedList;
}) {
  const state = entryState(entry);
  const changed = changedSince(loaded, entry);
  const left = entry.plan.tasks.length;
  // A lone thread that cannot be changed back says why in its state already.
  const reasons = state.kind === 'impossible' && entry.leftAlone.length === 1 ? [] : entry.leftAlone;
  return (
    <li className="undo-history__entry" data-testid="undo-entry" data-state={state.kind}>
      <div className="undo-history__text">
        <span className="undo-history__what">{entry.label}</span>
        <span className="undo-history__meta">
          <RelativeTime ms={entry.at} /> · <span data-testid="undo-entry-state">{entryStateText(entry)}</span>
        </span>
        {changed !== null && changed > 0 && (
          <span className="undo-history__hint" data-testid="undo-entry-hint">
            As last loaded,{' '}
            {changed === left
              ? left === 1
                ? 'its thread was'
                : `all ${formatCount(left)} of its threads were`
              : `${formatCount(changed)} of its ${formatCount(left)} threads were`}{' '}
            changed since; undo will check again and leave {changed === 1 ? 'that one' : 'those'} as {itIs(changed)}.
          </span>
        )}
        {isPending(entry) && recordsAnewHint(entry.plan.tasks) && (
          <span className="undo-history__records" data-testid="undo-entry-records">
            {recordsAnewHint(entry.plan.tasks)}
          </span>
        )}
        {reasons.length > 0 && (
          <ul className="undo-history__reasons" aria-label="Threads undo leaves as they are">
            {reasons.slice(0, SHOWN_REASONS).map((r) => (
              <li key={r.itemId}>
                {excerptOf(loaded, r.itemId)}: {r.why}
              </li>
            ))}
            {reasons.length > SHOWN_REASONS && (
              <li>…and {reasons.length - SHOWN_REASONS} more, for the same kind of reason.</li>
            )}
          </ul>
        )}
      </div>
      {isPending(entry) || state.kind === 'running' ? (
        <button
          type="button"
          className="button"
          disabled={state.kind === 'running'}
          onClick={() => void undoEntry(projectId, entry.id)}
        >
          {state.kind === 'running' ? 'Undoing…' : recordsAnew(entry.plan.tasks) ? 'Undo…' : 'Undo'}
          {next && (
            <>
              {' '}
              <kbd>z</kbd>
            </>
          )}
          {/* Named after its change, for lists of buttons read out of context; the visible words lead the name. */}
          <span className="visually-hidden">: {entry.label}</span>
        </button>
      ) : null}
    </li>
  );
}

/**
 * Shift+Z, the toast's History and the palette: every status and assignment change of this
 * session in the project, newest first, what it did, when, and whether it is undone; any
 * entry can be undone from here. Kept in memory per connection and project.
 */
export function UndoHistoryDialog({ projectId }: { projectId: string }) {
  const close = useDialogs((s) => s.close);
  const entries = useUndoHistory(projectId);
  const nextId = entries.find(isPending)?.id;
  const boardProjectId = useProjectItems((s) => s.projectId);
  const rows = useProjectItems((s) => s.data?.rows);
  // One lookup shared by all entries, built again only when the list is read again.
  const loaded = useMemo<LoadedList>(
    () => ({ projectId: rows ? boardProjectId : null, byId: rowsById(rows ?? []) }),
    [rows, boardProjectId],
  );
  return (
    <Dialog title="Undo history" onClose={close} className="dialog--undo-history" testId="undo-history">
      <p className="muted undo-history__intro">
        Status and assignment changes made here since the app opened, newest first. <kbd>z</kbd> undoes the newest one
        not yet undone. Undo leaves alone any thread someone changed since. It sends new changes as you, now: where that
        would resolve, defer or assign threads again in your name, it says so and asks first. Merges are not listed: the
        service cannot undo them.
      </p>
      {entries.length === 0 ? (
        <p data-testid="undo-history-empty">
          Nothing changed in this project yet. Changes you make appear here, and stay undoable while the service still
          holds what you left.
        </p>
      ) : (
        <ol className="undo-history" aria-label="Changes, newest first">
          {entries.map((e) => (
            <Entry key={e.id} entry={e} projectId={projectId} next={e.id === nextId} loaded={loaded} />
          ))}
        </ol>
      )}
    </Dialog>
  );
}
