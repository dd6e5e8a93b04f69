import { useCallback, useEffect } from 'react';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { LiveRegion } from '../components/LiveRegion.js';
import { NetworkStatus } from '../components/NetworkStatus.js';
import { BoardScreen } from '../features/board/BoardScreen.js';
import { ConnectScreen } from '../features/connect/ConnectScreen.js';
import { ProjectPicker } from '../features/projects/ProjectPicker.js';
import { useSession } from '../stores/session-store.js';
import { AppHeader } from './AppHeader.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { useNavigation, type Screen } from './navigation-store.js';

/** Asks the bridge for the active connection and opens the project picker, or the connect screen without one. */
function useBoot(): () => void {
  const go = useNavigation((s) => s.go);
  const start = useSession((s) => s.start);
  return useCallback(() => {
    void start().then((hasActive) => {
      // A failed start stays on the starting screen, which explains it and offers a retry.
      if (hasActive) go({ name: 'projects' });
      else if (!useSession.getState().problem) go({ name: 'connect' });
    });
  }, [go, start]);
}

function Starting({ onRetry }: { onRetry: () => void }) {
  const problem = useSession((s) => s.problem);
  const go = useNavigation((s) => s.go);
  return (
    <main className="screen screen--centered" aria-busy={!problem}>
      {problem ? (
        <div className="starting-problem">
          <ErrorMessage problem={problem} onRetry={onRetry} />
          <button type="button" className="button button--quiet" onClick={() => go({ name: 'connect' })}>
            Open connections instead
          </button>
        </div>
      ) : (
        <p className="muted">Opening Triage Desk…</p>
      )}
    </main>
  );
}

function ScreenView({ screen, boot }: { screen: Screen; boot: () => void }) {
  switch (screen.name) {
    case 'starting':
      return <Starting onRetry={boot} />;
    case 'connect':
      return <ConnectScreen />;
    case 'projects':
      return <ProjectPicker />;
    case 'board':
      return <BoardScreen projectId={screen.projectId} projectName={screen.projectName} />;
  }
}

export function App() {
  const boot = useBoot();
  useEffect(boot, [boot]);
  const screen = useNavigation((s) => s.screen);
  return (
    <div className="shell">
      <AppHeader />
      <ErrorBoundary area={`the ${screen.name === 'board' ? 'board' : screen.name === 'projects' ? 'project list' : 'connections'}`} resetKey={screen}>
        <ScreenView screen={screen} boot={boot} />
      </ErrorBoundary>
      <footer className="shell__footer">
        <NetworkStatus />
      </footer>
      <LiveRegion />
    </div>
  );
}
