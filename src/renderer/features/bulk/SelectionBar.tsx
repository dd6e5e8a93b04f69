import type { Status } from '#shared/api/common.js';
import { planProgressText } from '../../format/bulk-text.js';
import { BOARD_STATUSES, STATUS_KEY, statusLabel } from '../../format/labels.js';
import { useBulk } from '../../stores/bulk-store.js';
import { clearSelection, openMerge, selectAll } from '../../app/use-cases/workspace.js';
import { AssignMenu } from './AssignMenu.js';
import { bulkAssign, bulkSetStatus } from './bulk-actions.js';
import { BulkReceipt } from './BulkReceipt.js';
import '../../styles/bulk.css';
import { formatCount } from '../../format/counts.js';

interface SelectionBarProps {
  projectId: string;
  /** Selected threads still listed, in list order. */
  selected: string[];
  /** Every thread the filters show, for "Select all". */
  shownIds: string[];
}

function Progress() {
  const running = useBulk((s) => s.running);
  const stop = useBulk((s) => s.stop);
  if (!running) return null;
  return (
    <div className="bulk-progress" data-testid="bulk-progress">
      <progress max={running.total} value={running.finished} aria-label="Bulk change progress" />
      <span role="status">
        {running.stopping
          ? 'Stopping after the requests already sent…'
          : planProgressText(running.plan, running.finished, running.total)}
      </span>
      <button type="button" className="button button--quiet" onClick={stop} disabled={running.stopping}>
        Stop
      </button>
    </div>
  );
}

/**
 * "N selected" with the actions that apply to all of them. Shown while threads are
 * selected, while a bulk change runs, and until its receipt is dismissed.
 */
export function SelectionBar({ projectId, selected, shownIds }: SelectionBarProps) {
  const running = useBulk((s) => s.running !== null);
  const receipt = useBulk((s) => s.receipt);
  if (selected.length === 0 && !running && !receipt) return null;
  const setStatus = (status: Status) => void bulkSetStatus(projectId, selected, status);

  return (
    <div className="selection-bar-wrap">
      {selected.length > 0 && (
        <div className="selection-bar" role="toolbar" aria-label="Selected threads" data-testid="selection-bar">
          <span className="selection-bar__count" data-testid="selection-count">
            {formatCount(selected.length)} selected
          </span>
          {selected.length < shownIds.length && (
            <button type="button" className="button button--quiet" onClick={() => selectAll(shownIds)}>
              Select all {formatCount(shownIds.length)} shown
            </button>
          )}
          <button type="button" className="button button--quiet" onClick={clearSelection}>
            Clear <kbd>Esc</kbd>
          </button>
          <span className="selection-bar__sep" aria-hidden="true" />
          <span className="selection-bar__group" role="group" aria-label="Set status">
            {BOARD_STATUSES.map((s) => (
              <button
                key={s}
                type="button"
                className="button"
                disabled={running}
                onClick={() => setStatus(s)}
                title={`Set ${statusLabel(s)} (${STATUS_KEY[s]})`}
              >
                {statusLabel(s)}
              </button>
            ))}
          </span>
          <AssignMenu
            count={selected.length}
            disabled={running}
            onPick={(person) => void bulkAssign(projectId, selected, person)}
          />
          <button
            type="button"
            className="button"
            disabled={running || selected.length < 2}
            onClick={openMerge}
            title="Merge duplicates (m)"
          >
            Merge…
          </button>
        </div>
      )}
      <Progress />
      {receipt && !running && <BulkReceipt receipt={receipt} projectId={projectId} />}
    </div>
  );
}
