import { Disclosure } from '../../components/Disclosure.js';
import { DENSITIES, DENSITY_LABELS, setDensity, useDensity } from './density.js';

/**
 * The workspace's view settings, for board and table alike: how tightly they are drawn. Plain
 * radio buttons in a disclosure, so Tab reaches them and the arrow keys pick.
 */
export function ViewSettingsMenu() {
  const density = useDensity();
  return (
    <Disclosure
      label="View ▾"
      panelLabel="View settings"
      focusFirst="input:checked"
      className="view-settings"
      buttonClassName="button"
      panelClassName="view-settings__panel panel-surface"
      testId="view-settings"
    >
      {() => (
        <>
          <fieldset className="view-settings__density">
            <legend>Density</legend>
            {DENSITIES.map((d) => (
              <label key={d}>
                <input type="radio" name="density" value={d} checked={density === d} onChange={() => setDensity(d)} />
                {DENSITY_LABELS[d]}
              </label>
            ))}
          </fieldset>
          <p className="view-settings__note muted">For board and table; remembered for you on this computer.</p>
        </>
      )}
    </Disclosure>
  );
}
