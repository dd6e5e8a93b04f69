import { RelativeTime } from '../../components/RelativeTime.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import { useNetwork } from '../../stores/network-store.js';
import { OpenById } from './OpenById.js';
import { SavedViewsMenu } from './SavedViewsMenu.js';
import { ViewSettingsMenu } from './ViewSettingsMenu.js';
import { ViewSwitch } from './ViewSwitch.js';
import { refreshProject } from '../../app/use-cases/project-session.js';
import { formatCount } from '../../format/counts.js';

function LoadStatus() {
  const progress = useProjectItems((s) => s.progress);
  const loadedAt = useProjectItems((s) => s.loadedAt);
  const failed = useProjectItems((s) => s.loadProblem !== null);
  const offline = useNetwork((s) => s.state?.phase === 'offline');
  // Offline, nothing is being updated: say so (and that a refresh failed, when one did), and
  // how old the threads on screen are.
  if (offline) {
    return (
      <span className="workspace-toolbar__failed" data-testid="load-status">
        {failed ? 'Refresh failed: offline' : 'Offline'}
        {loadedAt !== null && (
          <span className="muted">
            {' '}
            — last updated <RelativeTime ms={loadedAt} />
          </span>
        )}
      </span>
    );
  }
  if (progress) {
    return (
      <span className="workspace-toolbar__progress">
        <progress max={Math.max(progress.planned, 1)} value={progress.done} aria-label="Loading threads" />
        <span>
          Loading… {progress.done} of {progress.planned} requests · {formatCount(progress.rows)} threads so far
        </span>
      </span>
    );
  }
  // A refresh that failed is not an update: say so, and how old the threads on screen are.
  if (failed) {
    return (
      <span className="workspace-toolbar__failed" data-testid="load-status">
        Refresh failed
        {loadedAt !== null && (
          <span className="muted">
            {' '}
            · threads as of <RelativeTime ms={loadedAt} />
          </span>
        )}
      </span>
    );
  }
  if (loadedAt === null) return null;
  return (
    <span className="muted" data-testid="load-status">
      Updated <RelativeTime ms={loadedAt} />
    </span>
  );
}

/** View switch, saved views, view settings, freshness, open by ID and refresh. */
export function WorkspaceToolbar({ onOpenThread }: { onOpenThread(itemId: string): void }) {
  const loading = useProjectItems((s) => s.progress !== null);
  return (
    <div className="workspace-toolbar">
      <ViewSwitch />
      <SavedViewsMenu />
      <ViewSettingsMenu />
      <LoadStatus />
      <span className="workspace-toolbar__spacer" />
      <OpenById onOpen={onOpenThread} />
      <button type="button" className="button" onClick={refreshProject} disabled={loading}>
        {loading ? 'Refreshing…' : 'Refresh'}
      </button>
    </div>
  );
}
