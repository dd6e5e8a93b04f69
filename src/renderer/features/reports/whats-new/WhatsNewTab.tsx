import { ErrorMessage } from '../../../components/ErrorMessage.js';
import { ExportBar } from '../components/ExportBar.js';
import { Loading } from '../components/Loading.js';
import { useReportsContext } from '../components/reports-context.js';
import { PRESET_TEXT } from '../model/briefing-presets.js';
import { whatsNewMarkdown } from '../model/whats-new-markdown.js';
import { useBriefing } from '../stores/whats-new-query.js';
import { BriefingForm } from './BriefingForm.js';
import { BriefingView } from './BriefingView.js';

/**
 * What changed since the last briefing, in the last days, or since a date. Nothing loads
 * on its own: reading a briefing moves where the next "since my last briefing" starts, so it
 * runs only when the person asks for it.
 */
export function WhatsNewTab() {
  const { projectId, projectName } = useReportsContext();
  const { briefing, details, loading, problem, brief } = useBriefing(projectId);

  const markdown = () => {
    if (!briefing) return '';
    return whatsNewMarkdown({
      projectName,
      generatedAt: Date.now(),
      preset: briefing.preset,
      data: briefing.data,
      details: details?.kind === 'ready' ? details.byId : new Map(),
    });
  };

  return (
    <div className="whats-new">
      <BriefingForm />
      {loading && (
        <Loading testId="briefing-loading">{`Reading what changed in ${projectName} ${PRESET_TEXT[loading].span}…`}</Loading>
      )}
      {problem && <ErrorMessage problem={problem} onRetry={() => brief()} />}
      {briefing && !loading && (
        <BriefingView
          briefing={briefing}
          details={details}
          exportBar={<ExportBar projectName={projectName} kind="whats-new" markdown={markdown} disabled={false} />}
        />
      )}
      {!briefing && !loading && !problem && (
        <p className="muted">
          Choose what the briefing covers, then ask for it. It lists new threads, replies, what was resolved or
          deferred, and what concerns you.
        </p>
      )}
    </div>
  );
}
