import { useEffect, useRef } from 'react';
import { useNavigation } from '../../stores/navigation-store.js';
import { ErrorMessage } from '../../components/ErrorMessage.js';
import { useSession } from '../../stores/session-store.js';
import { ConnectForm } from './ConnectForm.js';
import { FoundCredentials } from './FoundCredentials.js';
import { SavedConnections } from './SavedConnections.js';
import { WorkspaceList } from './WorkspaceList.js';

/** Saved connections, a form to add one, and what the active one reaches. */
export function ConnectScreen() {
  const active = useSession((s) => s.active);
  const problem = useSession((s) => s.problem);
  const clearProblem = useSession((s) => s.clearProblem);
  const refreshList = useSession((s) => s.refreshList);
  const go = useNavigation((s) => s.go);
  const resultRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    void refreshList();
  }, [refreshList]);

  // After connecting, move focus to the result so keyboard and screen-reader users land on it.
  const focusResult = () => requestAnimationFrame(() => resultRef.current?.focus());
  const anyAvailable = active?.workspaces.some((w) => w.available) ?? false;

  return (
    <main className="screen connect-screen">
      <h1 className="visually-hidden">Connections</h1>
      <div className="connect-screen__columns">
        <div className="connect-screen__side">
          <ConnectForm onConnected={focusResult} />
          <FoundCredentials onConnected={focusResult} />
          {problem && <ErrorMessage problem={problem} onDismiss={clearProblem} />}
        </div>
        <div className="connect-screen__main">
          {active && (
            <section className="panel" aria-labelledby="workspaces-heading">
              <h2 id="workspaces-heading" ref={resultRef} tabIndex={-1}>
                {active.connection.label}
                <span className="muted heading-meta">
                  {' '}
                  · signed in as {active.you?.name ?? 'a token with no person'} · {active.connection.baseUrl}
                </span>
              </h2>
              {/* Kept while this connection is in use, not only as a passing notice: the address it uses is not the one given. */}
              {active.notes?.map((note) => (
                <p key={note} className="connection-note" data-testid="connection-note">
                  {note}
                </p>
              ))}
              <WorkspaceList workspaces={active.workspaces} />
              {!anyAvailable && active.workspaces.length > 0 && (
                <p className="muted">
                  None of these workspaces allows the API yet, so there are no projects to triage. The notes above say
                  who can change that.
                </p>
              )}
              <button
                type="button"
                className="button button--primary"
                onClick={() => go({ name: 'projects' })}
                disabled={!anyAvailable}
              >
                Choose a project
              </button>
            </section>
          )}
          <SavedConnections onActivated={focusResult} />
        </div>
      </div>
    </main>
  );
}
