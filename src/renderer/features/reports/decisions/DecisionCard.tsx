import type { Decision } from '#shared/reader/index.js';
import { typeLabel } from '../../../format/labels.js';
import { formatDateTime } from '../../../format/relative-time.js';
import { Quote } from '../components/Quote.js';
import { StatusTag } from '../components/StatusTag.js';
import { ThreadRef } from '../components/ThreadRef.js';
import { plural } from '../../../format/counts.js';

interface DecisionCardProps {
  decision: Decision;
  /** Position in the whole log, 1-based, as the export numbers it. */
  number: number;
  onDraftRule(decision: Decision): void;
  /** Why Save as rule is off (the caller's role), or null when it is on. */
  ruleBlocked: string | null;
  ruleBlockedId: string;
}

/** One decision: the question, the outcome and who decided, and the conversation that led there. */
export function DecisionCard({ decision: d, number, onDraftRule, ruleBlocked, ruleBlockedId }: DecisionCardProps) {
  const headingId = `decision-${d.id}`;
  return (
    <article className="decision panel-surface" aria-labelledby={headingId} data-testid="decision" data-item-id={d.id}>
      <header className="decision__head">
        <h3 id={headingId} className="decision__title">
          <span className="decision__number">{number}.</span> <ThreadRef row={d} />
        </h3>
        <p className="report-row__meta">
          <StatusTag status={d.outcome} /> {d.decidedBy ? `by ${d.decidedBy}` : '(who decided is not recorded)'} on{' '}
          {formatDateTime(d.decidedAt)} · {typeLabel(d.type)} · {d.page}
        </p>
      </header>
      <Quote message={d.question} label="Question" />
      {d.omittedReplies > 0 && (
        <p className="muted">{plural(d.omittedReplies, 'earlier reply', 'earlier replies')} not quoted.</p>
      )}
      {d.conversation.map((m, i) => (
        <Quote key={`${m.at}-${i}`} message={m} />
      ))}
      <div className="decision__actions no-print">
        <button
          type="button"
          className="button"
          onClick={() => onDraftRule(d)}
          disabled={ruleBlocked !== null}
          aria-describedby={ruleBlocked ? ruleBlockedId : undefined}
          data-testid="decision-save-rule"
        >
          Save as rule…
        </button>
      </div>
    </article>
  );
}
