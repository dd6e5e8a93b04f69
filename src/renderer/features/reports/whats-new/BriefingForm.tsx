import { useId, type FormEvent } from 'react';
import { useNow } from '../../../components/use-now.js';
import { BRIEFING_PRESETS, PRESET_TEXT, presetHelp } from '../model/briefing-presets.js';
import { dateInputValue } from '../model/time-window.js';
import { useReportsContext } from '../components/reports-context.js';
import { useBriefing } from '../stores/whats-new-query.js';
import { useWhatsNew } from '../stores/whats-new-store.js';

/** What the briefing covers: since the last one read here, the last 7 days, or since a date. */
export function BriefingForm() {
  const preset = useWhatsNew((s) => s.preset);
  const date = useWhatsNew((s) => s.date);
  const dateProblem = useWhatsNew((s) => s.dateProblem);
  const lastBriefedUntil = useWhatsNew((s) => s.lastBriefedUntil);
  const { setPreset, setDate } = useWhatsNew.getState();
  const { projectId } = useReportsContext();
  const { loading, brief } = useBriefing(projectId);
  const now = useNow(60_000);
  const baseId = useId();
  const ids = { date: `${baseId}-date`, dateProblem: `${baseId}-date-problem` };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    brief();
  };

  return (
    <form className="briefing-form panel-surface no-print" onSubmit={submit} aria-label="Briefing" noValidate>
      <fieldset className="briefing-modes">
        <legend className="visually-hidden">What the briefing covers</legend>
        {BRIEFING_PRESETS.map((p) => (
          <label key={p} className={preset === p ? 'briefing-mode briefing-mode--on' : 'briefing-mode'}>
            <input
              type="radio"
              name="briefing-preset"
              value={p}
              checked={preset === p}
              onChange={() => setPreset(p)}
              aria-describedby={`${baseId}-${p}-help`}
            />
            <span className="briefing-mode__text">
              <span className="briefing-mode__label">{PRESET_TEXT[p].label}</span>
              <span
                id={`${baseId}-${p}-help`}
                className="briefing-mode__help"
                data-testid={`briefing-preset-help-${p}`}
              >
                {presetHelp(p, lastBriefedUntil)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="briefing-form__go">
        {preset === 'date' && (
          <div className="field field--inline">
            <label htmlFor={ids.date}>Start date</label>
            <input
              id={ids.date}
              type="date"
              value={date}
              max={dateInputValue(now)}
              onChange={(e) => setDate(e.target.value)}
              aria-invalid={dateProblem ? true : undefined}
              aria-describedby={dateProblem ? ids.dateProblem : undefined}
            />
          </div>
        )}
        <button type="submit" className="button button--primary" disabled={loading !== null}>
          {loading ? 'Reading…' : PRESET_TEXT[preset].button}
        </button>
      </div>
      {dateProblem && (
        <p id={ids.dateProblem} className="inline-error" role="alert" data-testid="briefing-date-problem">
          {dateProblem}
        </p>
      )}
    </form>
  );
}
