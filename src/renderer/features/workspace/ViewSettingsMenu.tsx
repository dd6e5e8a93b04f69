import { useDisclosure } from '../../components/use-disclosure.js';
import { DENSITIES, DENSITY_LABELS, setDensity, useDensity } from './density.js';

/**
 * The workspace's view settings, for board and table alike: how tightly they are drawn. Plain
 * radio buttons in a disclosure, so Tab reaches them and the arrow keys pick.
 */
export function ViewSettingsMenu() {
  const density = useDensity();
  const { open, toggle, onPanelKeyDown, buttonRef, panelRef, panelId } = useDisclosure('input:checked');
  return (
    <div className="view-settings">
      <button ref={buttonRef} type="button" className="button" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={toggle} data-testid="view-settings">
        View ▾
      </button>
      {open && (
        <div ref={panelRef} id={panelId} className="view-settings__panel panel-surface" role="group" aria-label="View settings" onKeyDown={onPanelKeyDown}>
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
        </div>
      )}
    </div>
  );
}
