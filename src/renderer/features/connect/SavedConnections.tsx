import { useState } from 'react';
import type { ConnectionSummary } from '#shared/bridge/channels.js';
import { RelativeTime } from '../../components/RelativeTime.js';
import { useSession } from '../../stores/session-store.js';

function ConnectionRow({
  connection,
  active,
  onActivated,
}: {
  connection: ConnectionSummary;
  active: boolean;
  onActivated: () => void;
}) {
  const busy = useSession((s) => s.busy);
  const activate = useSession((s) => s.activate);
  const remove = useSession((s) => s.remove);
  const [confirming, setConfirming] = useState(false);
  const activating = busy?.action === 'activate' && busy.id === connection.id;
  const removing = busy?.action === 'remove' && busy.id === connection.id;

  return (
    <li className={active ? 'connection-row connection-row--active' : 'connection-row'} data-testid="saved-connection">
      <div className="connection-row__text">
        <span className="connection-row__label">
          {connection.label}
          {active && <span className="tag tag--accent">In use</span>}
          {connection.ephemeral && <span className="tag">This session only</span>}
        </span>
        <span className="muted connection-row__meta">
          {connection.baseUrl}
          {connection.userName ? ` · as ${connection.userName}` : ''} · added <RelativeTime ms={connection.addedAt} />
        </span>
      </div>
      <div className="connection-row__actions">
        {!active && (
          <button
            type="button"
            className="button"
            disabled={busy !== null}
            aria-label={`Use ${connection.label}`}
            onClick={async () => {
              if (await activate(connection.id)) onActivated();
            }}
          >
            {activating ? 'Checking…' : 'Use'}
          </button>
        )}
        {confirming ? (
          <>
            <button
              type="button"
              className="button button--danger"
              disabled={busy !== null}
              onClick={() => void remove(connection.id)}
            >
              {removing ? 'Removing…' : `Remove ${connection.label}`}
            </button>
            <button type="button" className="button button--quiet" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button--quiet"
            aria-label={`Remove ${connection.label}`}
            onClick={() => setConfirming(true)}
          >
            Remove
          </button>
        )}
      </div>
    </li>
  );
}

/** Connections saved earlier: switch between them or forget one (its token leaves the keychain). */
export function SavedConnections({ onActivated }: { onActivated: () => void }) {
  const connections = useSession((s) => s.connections);
  const activeId = useSession((s) => s.active?.connection.id ?? null);
  return (
    <section className="panel" aria-labelledby="saved-connections-heading">
      <h2 id="saved-connections-heading">Saved connections</h2>
      {connections.length === 0 ? (
        <p className="muted">None yet. Add one with the service URL and an API token.</p>
      ) : (
        <ul className="connection-list">
          {connections.map((c) => (
            <ConnectionRow key={c.id} connection={c} active={c.id === activeId} onActivated={onActivated} />
          ))}
        </ul>
      )}
    </section>
  );
}
