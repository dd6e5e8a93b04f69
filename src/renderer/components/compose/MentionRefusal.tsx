import type { MentionProblem } from './mention-problem.js';
import type { MentionPerson } from './mentions.js';

interface MentionRefusalProps {
  problem: MentionProblem;
  onChoose(name: string, person: MentionPerson): void;
  onIgnore(name: string): void;
  onCancel(): void;
  /**
   * Found before sending (the members list says the name fits several people), not refused by
   * the service. `waiting`: Send was pressed, and the reply goes once the person chooses.
   */
  beforeSend?: { waiting: boolean };
  /** Takes focus when shown: after a refusal or a held Send, never while the person is still typing. */
  focusFirst?: boolean;
}

function question(
  problem: Extract<MentionProblem, { kind: 'ambiguous' }>,
  beforeSend: MentionRefusalProps['beforeSend'],
): string {
  if (beforeSend) {
    const who = problem.candidates.map((c) => c.name).join(' or ');
    return beforeSend.waiting
      ? `Who did you mean: ${who}? Your reply is waiting and goes once you choose.`
      : `Who do you mean: ${who}? Nothing is posted until you choose.`;
  }
  return 'Who did you mean? Nothing was posted yet.';
}

/**
 * "“Alex” matches several people — who did you mean?" with one button per candidate. Nothing
 * was posted; picking one rewrites the mention to that full name (and, once Send was pressed,
 * sends). Shown before sending too, as soon as the members list says a typed name is ambiguous.
 */
export function MentionRefusal({
  problem,
  onChoose,
  onIgnore,
  onCancel,
  beforeSend,
  focusFirst = true,
}: MentionRefusalProps) {
  if (problem.kind === 'ambiguous') {
    return (
      <div
        className="decision"
        role="group"
        aria-labelledby="mention-question"
        data-testid="mention-choice"
        data-when={beforeSend ? 'before-send' : 'refused'}
      >
        <p id="mention-question">
          {problem.sentence === undefined ? (
            <strong>
              “@{problem.name}” matches {problem.candidates.length} people.
            </strong>
          ) : (
            <strong>
              The service refused the mention “@{problem.name}”: {problem.sentence}
            </strong>
          )}{' '}
          {question(problem, beforeSend)}
        </p>
        <div className="decision__actions">
          {problem.candidates.map((c, i) => (
            <button
              key={c.id}
              type="button"
              className="button"
              onClick={() => onChoose(problem.name, c)}
              autoFocus={focusFirst && i === 0}
            >
              {c.name}
              {c.email && <span className="muted"> {c.email}</span>}
            </button>
          ))}
          {beforeSend && (
            <button type="button" className="button button--quiet" onClick={() => onIgnore(problem.name)}>
              Mention no one: keep “@{problem.name}” as text
            </button>
          )}
          {!beforeSend && (
            <button type="button" className="button button--quiet" onClick={onCancel}>
              Edit the message
            </button>
          )}
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
