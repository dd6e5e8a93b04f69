import { useCallback, useEffect, useRef } from 'react';
import type { Decision } from '#shared/reader/index.js';
import { ErrorMessage } from '../../../components/ErrorMessage.js';
import { ExportBar } from '../components/ExportBar.js';
import { LoadedAt } from '../components/LoadedAt.js';
import { Loading } from '../components/Loading.js';
import { useReportsContext } from '../components/reports-context.js';
import { revealInReport } from '../components/reveal.js';
import { decisionsMarkdown } from '../model/decisions-markdown.js';
import { rangeText } from '../model/paging.js';
import { ruleBlockedReason } from '../model/rule-permission.js';
import { useDecisions } from '../stores/decisions-store.js';
import { useDecisionLog, useDecisionLogReader } from '../stores/decisions-query.js';
import { isFiltering, queryText } from '../model/decisions-filter.js';
import { DecisionFilters } from './DecisionFilters.js';
import { useRulePermission } from '../stores/permission-query.js';
import { useRuleDraft } from '../stores/rule-store.js';
import { DecisionCard } from './DecisionCard.js';
import { CorrectionsPanel, RecurringPanel } from './DecisionPatterns.js';
import { DecisionPager } from './DecisionPager.js';
import { RuleForm } from './RuleForm.js';
import { RulesPanel } from './RulesPanel.js';
import { CappedBanner } from '../components/CappedBanner.js';
import { UnreadableNotice } from '../../../components/UnreadableNotice.js';
import { unreadableOf } from '#shared/reader/problems.js';
import { formatCount } from '../../../format/counts.js';

const RULE_BLOCKED_ID = 'rule-blocked-reason';

/** The decision log: decisions with their conversations, corrections, recurring places and rules. */
export function DecisionsTab() {
  const { projectId, projectName, canSaveRules } = useReportsContext();
  useEffect(() => {
    useDecisions.getState().showProject(projectId);
    useRuleDraft.getState().enter(projectId);
  }, [projectId]);
  useDecisionLogReader(projectId);
  const { page, loading, problem, loadedAt, view, refresh } = useDecisionLog(projectId);
  const { permission, problem: permissionProblem, retry: retryPermission } = useRulePermission(projectId, canSaveRules);
  const blocked = ruleBlockedReason(permission);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  const draftRule = useCallback((decision: Decision) => {
    useRuleDraft.getState().startFromDecision(decision);
    // The form sits beside the log; bring it into view and put the cursor in the text.
    requestAnimationFrame(() => {
      const form = textareaRef.current?.closest<HTMLElement>('[data-testid="rule-form"]');
      if (form && textareaRef.current) revealInReport(form, textareaRef.current);
    });
  }, []);

  const query = useDecisions((s) => s.query);
  const markdown = () => {
    if (!page || !view) return '';
    return decisionsMarkdown({
      projectName,
      generatedAt: Date.now(),
      shown: view,
      patterns: page,
      capped: page.capped,
      filter: view.filtered ? queryText(query) : null,
    });
  };

  return (
    <div className="decisions">
      <div className="report-toolbar">
        <p className="report-toolbar__summary">
          {page && (
            <>
              <strong data-testid="decisions-total">{formatCount(page.decided)}</strong>{' '}
              {page.decided === 1 ? 'decision' : 'decisions'}: threads resolved or deferred after a discussion, newest
              first.
              <span className="print-only">
                {' '}
                This page lists decisions {rangeText(page.offset, page.decisions.length, page.decided)}.
              </span>
            </>
          )}
        </p>
        <LoadedAt at={loadedAt} loading={loading} onRefresh={refresh} what="decision log" />
        <ExportBar projectName={projectName} kind="decision-log" markdown={markdown} disabled={!page} />
      </div>
      <UnreadableNotice problems={unreadableOf(page)} />
      {page?.capped && <CappedBanner reader="the log" consequence="older decisions are missing" />}
      <div className="decisions-layout">
        <div className="decisions-main">
          {problem && <ErrorMessage problem={problem} onRetry={refresh} />}
          {loading && (
            <Loading testId="decisions-loading">
              {page ? 'Loading that page of the decision log…' : `Loading the decision log of ${projectName}…`}
            </Loading>
          )}
          {page && page.decided > 0 && <DecisionFilters />}
          <DecisionPager where="top" />
          {page && page.decided === 0 && (
            <p className="muted">No decisions yet: no thread was resolved or deferred after a discussion.</p>
          )}
          {view?.filtered && view.total === 0 && (
            <p className="notice" data-testid="decisions-no-match">
              No decisions {queryText(query)}. Change the search or choose “Clear search”.
            </p>
          )}
          {view && (
            <div
              className="decision-list"
              aria-busy={loading}
              data-testid="decision-list"
              data-filtered={isFiltering(query)}
            >
              {view.rows.map((d, i) => (
                <DecisionCard
                  key={d.id}
                  decision={d}
                  number={view.offset + i + 1}
                  onDraftRule={draftRule}
                  ruleBlocked={blocked}
                  ruleBlockedId={RULE_BLOCKED_ID}
                />
              ))}
            </div>
          )}
          <DecisionPager where="bottom" />
        </div>
        <aside className="decisions-aside" aria-label="Rules and patterns">
          {permissionProblem && <ErrorMessage problem={permissionProblem} onRetry={retryPermission} compact />}
          <RuleForm key={projectId} textareaRef={textareaRef} blocked={blocked} blockedId={RULE_BLOCKED_ID} />
          {page && <RulesPanel rules={page.rules} />}
          {page && <RecurringPanel recurring={page.recurring} />}
          {page && <CorrectionsPanel corrections={page.corrections} />}
        </aside>
      </div>
    </div>
  );
}
