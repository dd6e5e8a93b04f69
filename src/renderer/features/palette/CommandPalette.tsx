import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { displayChord, isMacPlatform, parseKeys } from '../../app/shortcuts.js';
import { Dialog } from '../../components/Dialog.js';
import { useDialogs } from '../../stores/dialogs-store.js';
import { useProjects } from '../../stores/projects-store.js';
import { useSession } from '../../stores/session-store.js';
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
 * Ctrl/Cmd+K: every action by name. Type a few letters of it, move with the arrows, Enter
 * runs it. Actions that cannot run right now stay listed with the reason.
 */
export function CommandPalette() {
  const close = useDialogs((s) => s.close);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const listId = useId();
  const projects = useProjects((s) => s.projects);
  const connectionId = useSession((s) => s.active?.connection.id ?? null);
  // After a reload straight into a project the list was never fetched; "Open project" needs it.
  useEffect(() => {
    const known = useProjects.getState();
    if (connectionId && known.connectionId !== connectionId && !known.loading) void known.load(connectionId);
  }, [connectionId]);
  // Built per opening (and when the project list arrives): it describes the moment it was opened in.
  const commands = useMemo(() => buildCommands(projects), [projects]);
  const results = useMemo(() => fuzzyFilter(commands, query, (c) => `${c.title} ${c.group}`), [commands, query]);
  const current = Math.min(active, Math.max(0, results.length - 1));
  const optionId = (i: number) => `${listId}-${i}`;

  useEffect(() => {
    document.getElementById(`${listId}-${current}`)?.scrollIntoView({ block: 'nearest' });
  }, [listId, current]);

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

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const last = results.length - 1;
    // Home and End keep moving the caret in the field; the list has PageUp/PageDown for long jumps.
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, PageDown: current + 8, PageUp: current - 8 };
    const to = moves[e.key];
    if (to !== undefined) {
      e.preventDefault();
      setActive(Math.max(0, Math.min(last, to)));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      run(results[current]);
    } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
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
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={results.length > 0 ? optionId(current) : undefined}
        placeholder="Type a command: “table”, “resolve”, “assign”, a project or a saved view…"
        autoFocus
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setRefusal(null);
        }}
        onKeyDown={onKeyDown}
      />
      {refusal && (
        <p className="palette__refusal" role="alert">
          {refusal}
        </p>
      )}
      <ul className="palette__list" role="listbox" id={listId} aria-label="Commands">
        {results.map((cmd, i) => (
          <li
            key={cmd.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === current}
            aria-disabled={cmd.unavailable ? true : undefined}
            className={`palette__option${i === current ? ' palette__option--active' : ''}${cmd.unavailable ? ' palette__option--unavailable' : ''}`}
            onMouseMove={() => i !== current && setActive(i)}
            onClick={() => run(cmd)}
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
