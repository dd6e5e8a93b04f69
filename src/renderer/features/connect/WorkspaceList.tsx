import type { Workspace } from '#shared/reader/index.js';
import { roleLabel } from '../../format/labels.js';
import { describeAvailability } from '../../format/workspace-availability.js';
import { plural } from '../../format/counts.js';

/** Each workspace the token reaches, with your role there and whether the API works there (and if not, who can fix it). */
export function WorkspaceList({ workspaces }: { workspaces: Workspace[] }) {
  if (workspaces.length === 0) {
    return (
      <p className="muted">This token reaches no workspace. Ask a workspace owner to invite you, then connect again.</p>
    );
  }
  return (
    <ul className="workspace-list" data-testid="workspace-list">
      {workspaces.map((ws) => {
        const availability = describeAvailability(ws);
        return (
          <li key={ws.id} className="workspace-row" data-testid="workspace-row" data-available={availability.available}>
            <div className="workspace-row__main">
              <span className="workspace-row__name">{ws.name}</span>
              <span className="tag">{roleLabel(ws.role)}</span>
              {ws.projectCount !== null && (
                <span className="muted">{plural(ws.projectCount, 'project', 'projects')}</span>
              )}
            </div>
            {availability.available ? (
              <p className="workspace-row__status workspace-row__status--ok">Available</p>
            ) : (
              <p className="workspace-row__status workspace-row__status--blocked">
                <strong>Unavailable:</strong> {availability.reason} {availability.fix}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
