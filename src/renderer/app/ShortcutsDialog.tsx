import { Dialog } from '../components/Dialog.js';
import { useDialogs } from '../stores/dialogs-store.js';
import { displayChord, isMacPlatform, parseKeys, SHORTCUTS, type ShortcutGroup } from './shortcuts.js';

const GROUPS: ShortcutGroup[] = [
  'Move and open',
  'Select',
  'Act on threads',
  'Duplicates queue',
  'Evidence gallery',
  'Views and search',
  'Help',
];

const headingId = (group: ShortcutGroup) => `shortcuts-${group.replace(/\s+/g, '-').toLowerCase()}`;

/** `?`: every shortcut, grouped, from the same table the app dispatches from. */
export function ShortcutsDialog() {
  const close = useDialogs((s) => s.close);
  const mac = isMacPlatform();
  return (
    <Dialog title="Keyboard shortcuts" onClose={close} className="dialog--shortcuts" testId="shortcuts-dialog">
      <p className="muted">
        Single keys work whenever no text field has the keyboard. Sequences such as “g b” are two keys pressed one after
        the other.
      </p>
      <div className="shortcuts">
        {GROUPS.map((group) => (
          <section key={group} className="shortcuts__group" aria-labelledby={headingId(group)}>
            <h3 id={headingId(group)}>{group}</h3>
            <dl>
              {SHORTCUTS.filter((s) => s.group === group).map((s) => (
                <div key={`${s.keys}-${s.label}`} className="shortcuts__row">
                  <dt>
                    {parseKeys(s.keys).map((k, i) => (
                      <span key={i}>
                        {i > 0 && <span className="muted"> then </span>}
                        <kbd>{displayChord(k, mac)}</kbd>
                      </span>
                    ))}
                  </dt>
                  <dd>
                    {s.label}
                    {s.only && <span className="muted"> ({s.only} only)</span>}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
