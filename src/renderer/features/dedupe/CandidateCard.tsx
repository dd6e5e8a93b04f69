import type { ReactNode } from 'react';
import type { SimilarCandidate } from '#shared/reader/index.js';
import { statusLabel, typeLabel } from '../../format/labels.js';
import { useThread } from '../../stores/thread-store.js';
import { scorePercent } from './dedupe-model.js';
import './dedupe.css';
import { plural } from '../../format/counts.js';

interface CandidateCardProps {
  candidate: SimilarCandidate;
  /** Buttons for what can be done with it. */
  children?: ReactNode;
  className?: string;
}

/** A similar thread: how similar (score and the reasons the service gave) and what it is. */
export function CandidateCard({ candidate: c, children, className }: CandidateCardProps) {
  return (
    <article
      className={`candidate ${className ?? ''}`}
      data-testid="candidate"
      data-item-id={c.id}
      aria-label={`${scorePercent(c.score)} similar: ${c.line}`}
    >
      <div className="candidate__head">
        <span className="candidate__score" title="Similarity score from the service (0–100 %)">
          {scorePercent(c.score)}
        </span>
        <span className={`tag status-tag status-tag--${c.status}`}>{statusLabel(c.status)}</span>
        <span className="muted">
          {typeLabel(c.type)} · <span className="break">{c.page}</span> · {plural(c.replyCount, 'reply', 'replies')}
          {c.reportCount > 0 && ` · ${plural(c.reportCount, 'report', 'reports')}`}
        </span>
      </div>
      <p className="candidate__line">{c.line}</p>
      <ul className="candidate__reasons" aria-label="Why it matched">
        {c.reasons.map((r) => (
          <li key={r} className="tag">
            {r}
          </li>
        ))}
      </ul>
      {children && <div className="candidate__actions">{children}</div>}
    </article>
  );
}

/** Leaves the dialog it sits in and shows the candidate thread beside the list. */
export function OpenCandidateButton({ itemId, onClose }: { itemId: string; onClose(): void }) {
  return (
    <button
      type="button"
      className="button button--quiet"
      onClick={() => {
        onClose();
        void useThread.getState().open(itemId);
      }}
    >
      Open
    </button>
  );
}
