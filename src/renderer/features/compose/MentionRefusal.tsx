import type { MentionProblem } from './mention-problem.js';
import type { MentionPerson } from './mentions.js';

interface MentionRefusalProps {
  problem: MentionProblem;
  onChoose(name: string, person: MentionPerson): void;
  onIgnore(name: string): void;
  onCancel(): void;
}

/**
 * "“Alex” matches several people — who did you mean?" with one button per candidate. Nothing
 * was posted; picking one rewrites the mention to that full name and sends again.
 */
export function MentionRefusal({ problem, onChoose, onIgnore, onCancel }: MentionRefusalProps) {
  if (problem.kind === 'ambiguous') {
    return (
      <div className="decision" role="group" aria-labelledby="mention-question" data-testid="mention-choice">
        <p id="mention-question">
          {problem.sentence === undefined ? (
            <strong>“@{problem.name}” matches {problem.candidates.length} people.</strong>
          ) : (
            <strong>The service refused the mention “@{problem.name}”: {problem.sentence}</strong>
          )}{' '}
          Who did you mean? Nothing was posted yet.
        </p>
        <div className="decision__actions">
          {problem.candidates.map((c, i) => (
            <button key={c.id} type="button" className="button" onClick={() => onChoose(problem.name, c)} autoFocus={i === 0}>
              {c.name}
              {c.email && <span className="muted"> {c.email}</span>}
            </button>
          ))}
          <button type="button" className="button button--quiet" onClick={onCancel}>
            Edit the message
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="decision" role="group" aria-labelledby="mention-question" data-testid="mention-choice">
      <p id="mention-question">
        <strong>{problem.sentence}</strong> Nothing was posted yet.
      </p>
      <div className="decision__actions">
        <button type="button" className="button" onClick={() => onIgnore(problem.name)} autoFocus>
          Post without mentioning “{problem.name}”
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Edit the message
        </button>
      </div>
    </div>
  );
}
