import { ErrorMessage } from '../../../components/ErrorMessage.js';
import { Loading } from '../components/Loading.js';
import { useReportsContext } from '../components/reports-context.js';
import { useWhatsNew } from '../stores/whats-new-store.js';
import { BriefingForm } from './BriefingForm.js';
import { BriefingView } from './BriefingView.js';

/**
 * What changed since the bookmark, or since a date. Nothing loads on its own: a bookmark
 * briefing moves the bookmark, so it runs only when the person asks for it.
 */
export function WhatsNewTab() {
  const { projectName } = useReportsContext();
  const briefing = useWhatsNew((s) => s.briefing);
  const loading = useWhatsNew((s) => s.loading);
  const problem = useWhatsNew((s) => s.problem);
  const brief = useWhatsNew((s) => s.brief);
  return (
    <div className="whats-new">
      <BriefingForm />
      {loading && (
        <Loading testId="briefing-loading">
          {loading === 'bookmark' ? `Reading what changed in ${projectName} since your bookmark…` : `Reading what changed in ${projectName} since that date…`}
        </Loading>
      )}
      {problem && <ErrorMessage problem={problem} onRetry={() => void brief()} />}
      {briefing && !loading && <BriefingView briefing={briefing} />}
      {!briefing && !loading && !problem && (
        <p className="muted">Choose what the briefing covers, then ask for it. It lists new threads, replies, what was resolved or deferred, and what concerns you.</p>
      )}
    </div>
  );
}
