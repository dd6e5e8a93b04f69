import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type RefObject } from 'react';
import { ErrorMessage } from '../../../components/ErrorMessage.js';
import { queryProblem } from '../../../server-state/query-client.js';
import { useSession } from '../../../stores/session-store.js';
import { useReportsContext } from '../components/reports-context.js';
import { citations, ruleCounter, RULE_CITED_MAX, RULE_MAX_CHARS } from '../model/rule-draft.js';
import { saveRuleMutation, type RuleOutcome } from '../stores/rule-save.js';
import { useRuleDraft } from '../stores/rule-store.js';

interface RuleFormProps {
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** Why saving is off for this person, or null. */
  blocked: string | null;
  blockedId: string;
}

function Outcome({ outcome }: { outcome: RuleOutcome | undefined }) {
  if (!outcome) return null;
  if (outcome.kind === 'duplicate') {
    return (
      <p
        className="rule-outcome rule-outcome--duplicate"
        role="status"
        data-testid="rule-outcome"
        data-outcome="duplicate"
      >
        Already a rule — nothing added.
      </p>
    );
  }
  return (
    <div className="rule-outcome rule-outcome--saved" role="status" data-testid="rule-outcome" data-outcome="saved">
      <p>Rule saved. {outcome.cited.length > 0 ? `It cites ${outcome.cited.join(', ')}.` : 'It cites no thread.'}</p>
      <blockquote className="rule-outcome__rule">{outcome.rule}</blockquote>
    </div>
  );
}

function CitedThreads() {
  const sourceIds = useRuleDraft((s) => s.sourceIds);
  const [text, setText] = useState('');
  const inputId = useId();
  const { cited, uncited } = citations(sourceIds);
  const add = () => {
    useRuleDraft.getState().addSources(text);
    setText('');
  };
  const { removeSource } = useRuleDraft.getState();
  return (
    <fieldset className="rule-sources">
      <legend>Source threads</legend>
      {sourceIds.length === 0 ? (
        <p className="muted">No thread cited. Add the threads this rule came from, by ID.</p>
      ) : (
        <ul className="rule-sources__list" data-testid="rule-sources">
          {[...cited.map((id) => ({ id, cited: true })), ...uncited.map((id) => ({ id, cited: false }))].map((s) => (
            <li key={s.id} className="rule-source" data-cited={s.cited}>
              <code>{s.id}</code>
              <span className={s.cited ? 'tag tag--accent' : 'tag'}>{s.cited ? 'Cited' : 'Kept, not cited'}</span>
              <button
                type="button"
                className="button button--quiet"
                onClick={() => removeSource(s.id)}
                aria-label={`Remove ${s.id}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {uncited.length > 0 && (
        <p className="field__help">
          The service cites the first {RULE_CITED_MAX} threads; the other {uncited.length}{' '}
          {uncited.length === 1 ? 'is' : 'are'} kept with the rule but not cited.
        </p>
      )}
      <div className="field field--inline">
        <label htmlFor={inputId}>Cite a thread</label>
        <input
          id={inputId}
          value={text}
          placeholder="Thread ID, e.g. itm_1a2b3c"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button" onClick={add} disabled={text.trim() === ''}>
          Add
        </button>
      </div>
    </fieldset>
  );
}

/**
 * Saving a rule into the project context: one sentence under 500 characters with a live
 * counter, the threads it came from, and the service's answer in words.
 */
export function RuleForm({ textareaRef, blocked, blockedId }: RuleFormProps) {
  const { projectId } = useReportsContext();
  const connectionId = useSession((s) => s.active?.connection.id);
  const draft = useRuleDraft((s) => s.draft);
  const fromDecision = useRuleDraft((s) => s.fromDecision);
  const draftProblem = useRuleDraft((s) => s.draftProblem);
  const revision = useRuleDraft((s) => s.revision);
  const start = useRuleDraft((s) => s.start);
  const { setDraft, clear } = useRuleDraft.getState();
  // The form is keyed by project (DecisionsTab): an answer for a project left behind is never shown.
  const save = useMutation(saveRuleMutation(connectionId, projectId));
  const saving = save.isPending;
  // The outcome describes the draft it answered, a refusal holds until the draft starts afresh.
  const outcome = save.variables?.revision === revision ? save.data : undefined;
  const problem = save.variables?.start === start ? queryProblem('The rule was not saved', save) : null;
  const ids = { text: useId(), counter: useId(), help: useId(), problem: useId() };
  const counter = ruleCounter(draft);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (blocked || saving) return;
    const rule = useRuleDraft.getState().ruleToSave();
    if (rule) save.mutate(rule);
    else save.reset();
  };

  const describedBy = [ids.help, ids.counter, draftProblem ? ids.problem : null, blocked ? blockedId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <section
      className="report-panel panel-surface rule-form no-print"
      aria-labelledby="rule-form-title"
      data-testid="rule-form"
    >
      <h2 id="rule-form-title">Save a rule</h2>
      <p id={ids.help} className="field__help">
        A rule is one sentence added to the project context under “Rules learned”; it guides how future threads are
        typed.
        {fromDecision ? ` Drafted from ${fromDecision}: edit it into the general rule.` : ''}
      </p>
      {blocked && (
        <p id={blockedId} className="notice notice--warning" data-testid="rule-blocked">
          {blocked}
        </p>
      )}
      <form onSubmit={submit}>
        {/* One switch for every control: a person who may not save rules cannot start drafting one either. */}
        <fieldset className="rule-form__form" disabled={blocked !== null}>
          <div className="field">
            <label htmlFor={ids.text}>Rule</label>
            <textarea
              id={ids.text}
              ref={textareaRef}
              className="rule-form__text"
              rows={3}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              aria-invalid={counter.over || draftProblem ? true : undefined}
              aria-describedby={describedBy}
            />
            <p
              id={ids.counter}
              className={
                counter.over
                  ? 'rule-counter rule-counter--over'
                  : counter.warn
                    ? 'rule-counter rule-counter--warn'
                    : 'rule-counter'
              }
              data-testid="rule-counter"
              aria-live={counter.warn ? 'polite' : 'off'}
            >
              {counter.length} / {RULE_MAX_CHARS} · {counter.text}
            </p>
            {draftProblem && (
              <p id={ids.problem} className="inline-error" role="alert">
                {draftProblem}
              </p>
            )}
          </div>
          <CitedThreads />
          <div className="rule-form__actions">
            <button
              type="submit"
              className="button button--primary"
              disabled={blocked !== null || saving || draft.trim() === '' || counter.over}
              aria-describedby={blocked ? blockedId : undefined}
              data-testid="rule-save"
            >
              {saving ? 'Saving…' : 'Save rule'}
            </button>
            <button type="button" className="button button--quiet" onClick={clear} disabled={saving}>
              Clear
            </button>
          </div>
        </fieldset>
      </form>
      <Outcome outcome={outcome} />
      {problem && <ErrorMessage problem={problem} onDismiss={save.reset} compact />}
    </section>
  );
}
