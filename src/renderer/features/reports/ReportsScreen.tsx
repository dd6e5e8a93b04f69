import { useEffect, useMemo, type ComponentType } from 'react';
import { ErrorBoundary } from '../../app/ErrorBoundary.js';
import { useNow } from '../../components/use-now.js';
import { formatDateTime } from '../../format/relative-time.js';
import { ReportsContext, type ReportsContextValue } from './components/reports-context.js';
import { useProjectName } from './components/use-project-name.js';
import { panelId, ReportTabs, tabId } from './components/ReportTabs.js';
import { DecisionsTab } from './decisions/DecisionsTab.js';
import { HotspotsTab } from './hotspots/HotspotsTab.js';
import { ReviewTab } from './review/ReviewTab.js';
import { TrendsTab } from './trends/TrendsTab.js';
import { TAB_LABEL, type ReportTab } from './model/tabs.js';
import { useReportTab } from './stores/tab-store.js';
import { useWhatsNew } from './stores/whats-new-store.js';
import { WhatsNewTab } from './whats-new/WhatsNewTab.js';
import './reports.css';
import './reports-print.css';

interface ReportsScreenProps {
  projectId: string;
  projectName: string;
  /** Whether the caller may save rules; null while unknown (the screen then asks for the caller's role). */
  canSaveRules: boolean | null;
  onOpenThread(itemId: string): void;
}

const TAB_CONTENT: Record<ReportTab, ComponentType> = {
  'whats-new': WhatsNewTab,
  review: ReviewTab,
  trends: TrendsTab,
  decisions: DecisionsTab,
  hotspots: HotspotsTab,
};

/**
 * The reports of one project: the briefing since the bookmark, the project review, the
 * decision log and the source hotspots. Only the open tab is mounted (each keeps its data
 * in its store), so printing or exporting a PDF lays out just that report.
 */
export function ReportsScreen({ projectId, projectName: givenName, canSaveRules, onOpenThread }: ReportsScreenProps) {
  const projectName = useProjectName(projectId, givenName);
  const tab = useReportTab((s) => s.tab);
  const setTab = useReportTab((s) => s.setTab);
  const context = useMemo<ReportsContextValue>(
    () => ({ projectId, projectName, canSaveRules, openThread: onOpenThread }),
    [projectId, projectName, canSaveRules, onOpenThread],
  );

  useEffect(() => useWhatsNew.getState().enter(projectId), [projectId]);

  const now = useNow(60_000);
  const Content = TAB_CONTENT[tab];
  return (
    <ReportsContext.Provider value={context}>
      <main className="reports-screen report-print-root" aria-labelledby="reports-title" data-testid="reports-screen">
        <header className="reports-screen__head">
          <h1 id="reports-title">
            {projectName} <span className="reports-screen__report">— {TAB_LABEL[tab]}</span>
          </h1>
          <p className="reports-screen__printed print-only">Printed from Triage Desk on {formatDateTime(now)}</p>
        </header>
        <ReportTabs current={tab} onChange={setTab} />
        <div
          className="report-panel-host"
          role="tabpanel"
          id={panelId(tab)}
          aria-labelledby={tabId(tab)}
          data-testid={`reports-panel-${tab}`}
        >
          <ErrorBoundary area={`the ${TAB_LABEL[tab]} report`} resetKey={`${projectId}:${tab}`}>
            <Content />
          </ErrorBoundary>
        </div>
      </main>
    </ReportsContext.Provider>
  );
}
