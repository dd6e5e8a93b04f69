import { useEffect } from 'react';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { LiveRegion } from '../components/LiveRegion.js';
import { NetworkStatus } from '../components/NetworkStatus.js';
import { NoticeToast } from '../components/NoticeToast.js';
import { UndoToast } from '../features/undo/UndoToast.js';
import { DialogHost } from './DialogHost.js';
import { ConnectScreen } from '../features/connect/ConnectScreen.js';
import { InboxScreen } from '../features/inbox/InboxScreen.js';
import { ProjectPicker } from '../features/projects/ProjectPicker.js';
import { ReportsSkipLink } from '../features/reports/components/ReportsSkipLink.js';
import { WorkspaceScreen } from '../features/workspace/WorkspaceScreen.js';
import { AppDialogs } from './AppDialogs.js';
import { AppHeader } from './AppHeader.js';
import { useDocumentTitle } from './document-title.js';
import { SignedOutBanner } from '../features/connect/SignedOutBanner.js';
import { SESSION_EVENT } from '../bridge/http-bridge.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { LazyView } from './lazy-part.js';
import { dedupeQueueScreen, reportsScreen } from './lazy-screens.js';
import { SkipLink } from './SkipLink.js';
import { useNavigation, type Screen } from '../stores/navigation-store.js';
import { useGlobalShortcuts } from './use-global-shortcuts.js';
import { openThreadInProject } from './use-cases/workspace.js';
import { useSession } from '../stores/session-store.js';
import { useUrlSync } from './use-url-sync.js';
import { openFirstScreen } from './use-cases/page-start.js';

const boot = () => void openFirstScreen();

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

function ScreenView({ screen }: { screen: Screen }) {
  switch (screen.name) {
    case 'starting':
      return <Starting onRetry={boot} />;
    case 'connect':
      return <ConnectScreen />;
    case 'projects':
      return <ProjectPicker />;
    case 'inbox':
      return <InboxScreen />;
    case 'board':
      return <WorkspaceScreen projectId={screen.projectId} projectName={screen.projectName} />;
    case 'reports':
      return (
        <LazyView
          screen
          part={reportsScreen}
          props={{
            projectId: screen.projectId,
            projectName: screen.projectName,
            canSaveRules: null,
            onOpenThread: (id: string) => openThreadInProject(screen, id),
          }}
        />
      );
    case 'dedupe':
      return (
        <LazyView
          screen
          part={dedupeQueueScreen}
          props={{
            projectId: screen.projectId,
            projectName: screen.projectName,
            onExit: () => useNavigation.getState().go({ ...screen, name: 'board' }),
          }}
        />
      );
  }
}

const AREA: Record<Screen['name'], string> = {
  starting: 'the start screen',
  connect: 'connections',
  projects: 'the project list',
  inbox: 'your inbox',
  board: 'the project',
  reports: 'the reports',
  dedupe: 'the dedupe queue',
};

export function App() {
  useUrlSync();
  useGlobalShortcuts();
  useDocumentTitle();
  // Browser mode: a launch link pasted into this tab gives it a session; start again with it.
  useEffect(() => {
    window.addEventListener(SESSION_EVENT, boot);
    return () => window.removeEventListener(SESSION_EVENT, boot);
  }, []);
  const screen = useNavigation((s) => s.screen);
  return (
    <div className="shell">
      <SkipLink />
      <ReportsSkipLink />
      <AppHeader />
      <div className="shell__notices">
        <SignedOutBanner />
      </div>
      <ErrorBoundary area={AREA[screen.name]} resetKey={screen}>
        <ScreenView screen={screen} />
      </ErrorBoundary>
      <footer className="shell__footer">
        <NetworkStatus />
      </footer>
      <ErrorBoundary area="the dialog">
        <AppDialogs />
        <DialogHost />
      </ErrorBoundary>
      <UndoToast />
      <NoticeToast />
      <LiveRegion />
    </div>
  );
}
