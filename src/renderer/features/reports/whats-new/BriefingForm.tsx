import { useId, type FormEvent } from 'react';
import { useNow } from '../../../components/use-now.js';
import { dateInputValue } from '../model/time-window.js';
import { MODE_EFFECT, type BriefingMode } from '../model/whats-new-model.js';
import { useWhatsNew } from '../stores/whats-new-store.js';

const MODE_TEXT: Record<BriefingMode, { label: string; help: string; button: string }> = {
  bookmark: { label: 'Since my bookmark', help: `From where your last briefing ended. ${MODE_EFFECT.bookmark}`, button: 'Brief me since my bookmark' },
  date: { label: 'Since a date', help: `From the start of the day you choose. ${MODE_EFFECT.date}`, button: 'Brief me since that date' },
};

/** The two briefing modes, side by side, each saying what it does to the bookmark. */
export function BriefingForm() {
  const mode = useWhatsNew((s) => s.mode);
  const date = useWhatsNew((s) => s.date);
  const dateProblem = useWhatsNew((s) => s.dateProblem);
  const loading = useWhatsNew((s) => s.loading);
  const { setMode, setDate, brief } = useWhatsNew.getState();
  const now = useNow(60_000);
  const ids = { bookmarkHelp: useId(), dateHelp: useId(), date: useId(), dateProblem: useId() };
  const helpId = { bookmark: ids.bookmarkHelp, date: ids.dateHelp };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void brief();
  };

  return (
    <form className="briefing-form panel-surface no-print" onSubmit={submit} aria-label="Briefing">
      <fieldset className="briefing-modes">
        <legend className="visually-hidden">What the briefing covers</legend>
        {(['bookmark', 'date'] as const).map((m) => (
          <label key={m} className={mode === m ? 'briefing-mode briefing-mode--on' : 'briefing-mode'}>
            <input type="radio" name="briefing-mode" value={m} checked={mode === m} onChange={() => setMode(m)} aria-describedby={helpId[m]} />
            <span className="briefing-mode__text">
              <span className="briefing-mode__label">{MODE_TEXT[m].label}</span>
              <span id={helpId[m]} className="briefing-mode__help">
                {MODE_TEXT[m].help}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {mode === 'date' && (
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
      {dateProblem && (
        <p id={ids.dateProblem} className="inline-error" role="alert">
          {dateProblem}
        </p>
      )}
      <div>
        <button type="submit" className="button button--primary" disabled={loading !== null}>
          {loading ? 'Reading…' : MODE_TEXT[mode].button}
        </button>
      </div>
    </form>
  );
}
