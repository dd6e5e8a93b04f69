import { RelativeTime } from '../../components/RelativeTime.js';
import type { LoadProgress } from '../../stores/load-project-items.js';
import { OpenById } from './OpenById.js';

interface BoardToolbarProps {
  total: number | null;
  capped: boolean;
  progress: LoadProgress | null;
  loadedAt: number | null;
  onRefresh(): void;
  onOpenThread(itemId: string): void;
}

export function BoardToolbar({ total, capped, progress, loadedAt, onRefresh, onOpenThread }: BoardToolbarProps) {
  return (
    <div className="board-toolbar">
      <div className="board-toolbar__status">
        {total !== null && (
          <span>
            {capped ? 'at least ' : ''}
            {total.toLocaleString('en-US')} threads
          </span>
        )}
        {progress ? (
          <span className="board-toolbar__progress">
            <progress max={Math.max(progress.planned, 1)} value={progress.done} aria-label="Loading threads" />
            <span>
              Loading… {progress.done} of {progress.planned} requests · {progress.rows.toLocaleString('en-US')} threads so far
            </span>
          </span>
        ) : (
          loadedAt !== null && (
            <span className="muted">
              Updated <RelativeTime ms={loadedAt} />
            </span>
          )
        )}
      </div>
      <p className="board-toolbar__keys muted" aria-label="Keyboard shortcuts">
        <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>h</kbd>/<kbd>l</kbd> column · <kbd>Enter</kbd> open · <kbd>o</kbd>/<kbd>d</kbd>/<kbd>r</kbd> open, defer, resolve · <kbd>Esc</kbd> close
      </p>
      <OpenById onOpen={onOpenThread} />
      <button type="button" className="button" onClick={onRefresh} disabled={progress !== null}>
        {progress ? 'Refreshing…' : 'Refresh'}
      </button>
    </div>
  );
}
