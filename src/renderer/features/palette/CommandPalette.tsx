import { useMemo, useState, type KeyboardEvent } from 'react';
import { displayChord, isMacPlatform, parseKeys } from '../../app/shortcuts.js';
import { Dialog } from '../../components/Dialog.js';
import { useListbox } from '../../components/listbox/use-listbox.js';
import { useDialogs } from '../../stores/dialogs-store.js';
import { useProjectList } from '../../server-state/project-list.js';
import { buildCommands, type PaletteCommand } from './commands.js';
import { fuzzyFilter } from './fuzzy.js';
import '../../styles/palette.css';

function Keys({ keys }: { keys: string }) {
  const mac = isMacPlatform();
  return (
    <span className="palette__keys" aria-label={`Shortcut: ${keys}`}>
      {parseKeys(keys).map((k, i) => (
        <kbd key={i}>{displayChord(k, mac)}</kbd>
      ))}
    </span>
  );
}

/**
 * Ctrl/Cmd+K: every action by name. Type a few letters of it, move with the listbox keys
 * (use-listbox), Enter runs it. Actions that cannot run right now stay listed with the reason.
 */
export function CommandPalette() {
  const close = useDialogs((s) => s.close);
  const [query, setQuery] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  // After a reload straight into a project the list was never read; "Open project" needs it.
  const { projects } = useProjectList();
  // Built per opening (and when the project list arrives): it describes the moment it was opened in.
  const commands = useMemo(() => buildCommands(projects), [projects]);
  const results = useMemo(() => fuzzyFilter(commands, query, (c) => `${c.title} ${c.group}`), [commands, query]);
  const run = (cmd: PaletteCommand | undefined) => {
    if (!cmd) return;
    if (cmd.unavailable) {
      setRefusal(`${cmd.title}: ${cmd.unavailable}`);
      return;
    }
    close();
    // After the dialog has closed and handed focus back, so the command can move it.
    requestAnimationFrame(() => cmd.run());
  };

  // No onClose: Escape closes the whole palette (the dialog), the list being all of it.
  const listbox = useListbox({ options: results, onPick: run });

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (listbox.onKeyDown(e)) return;
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
      e.preventDefault();
      close();
    }
  };

  return (
    <Dialog title="Command palette" hideTitle onClose={close} className="dialog--palette" testId="command-palette">
      <input
        className="palette__input"
        role="combobox"
        aria-label="Command"
        aria-expanded="true"
        aria-autocomplete="list"
        {...listbox.fieldProps}
        placeholder="Type a command: “table”, “resolve”, “assign”, a project or a saved view…"
        autoFocus
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          listbox.setActiveIndex(0);
          setRefusal(null);
        }}
        onKeyDown={onKeyDown}
      />
      {refusal && (
        <p className="palette__refusal" role="alert">
          {refusal}
        </p>
      )}
      <ul className="palette__list" {...listbox.listProps} aria-label="Commands">
        {results.map((cmd, i) => (
          <li
            key={cmd.id}
            {...listbox.optionProps(i)}
            aria-disabled={cmd.unavailable ? true : undefined}
            className={`palette__option${i === listbox.activeIndex ? ' palette__option--active' : ''}${cmd.unavailable ? ' palette__option--unavailable' : ''}`}
          >
            <span className="palette__group">{cmd.group}</span>
            <span className="palette__title">
              {cmd.title}
              {cmd.unavailable && <span className="palette__why"> — {cmd.unavailable}</span>}
            </span>
            {cmd.keys && <Keys keys={cmd.keys} />}
          </li>
        ))}
        {results.length === 0 && <li className="palette__none muted">No command matches “{query}”.</li>}
      </ul>
    </Dialog>
  );
}
