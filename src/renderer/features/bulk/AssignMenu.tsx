import { useMemo, useState, type KeyboardEvent } from 'react';
import { Popover } from '../../components/Popover.js';
import { roleLabel } from '../../format/labels.js';
import type { Person } from '../../stores/bulk-model.js';
import { useOpenProjectMembers } from '../../server-state/project-members.js';
import { me } from './bulk-actions.js';
import { formatCount } from '../../format/counts.js';

interface Choice {
  key: string;
  label: string;
  detail: string;
  /** null unassigns. */
  person: Person | null;
}

/** Arrow keys move between the choices; the filter field hands focus to the first one. */
function moveFocus(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const panel = e.currentTarget;
  const buttons = [...panel.querySelectorAll<HTMLButtonElement>('.assign-menu__choice')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next = e.key === 'ArrowDown' ? Math.min(buttons.length - 1, at + 1) : at - 1;
  e.preventDefault();
  if (next < 0) panel.querySelector<HTMLInputElement>('input')?.focus();
  else buttons[next]?.focus();
}

function AssignPanel({ count, onPick, close }: { count: number; onPick(person: Person | null): void; close(): void }) {
  const { members, loading, problem } = useOpenProjectMembers();
  const [filter, setFilter] = useState('');

  const choices = useMemo(() => {
    const self = me();
    const all: Choice[] = [
      ...(self ? [{ key: 'me', label: `Me (${self.name})`, detail: 'Assign to yourself', person: self }] : []),
      { key: 'none', label: 'Unassign', detail: 'Nobody', person: null },
      ...members
        .filter((m) => m.id !== self?.id)
        .map((m) => ({
          key: m.id,
          label: m.name,
          detail: `${roleLabel(m.role)} · ${m.email}`,
          person: { id: m.id, name: m.name },
        })),
    ];
    const f = filter.trim().toLocaleLowerCase();
    return f
      ? all.filter((c) => c.label.toLocaleLowerCase().includes(f) || c.detail.toLocaleLowerCase().includes(f))
      : all;
  }, [members, filter]);

  const pick = (choice: Choice) => {
    close();
    onPick(choice.person);
  };

  return (
    <div className="assign-menu" onKeyDown={moveFocus}>
      <label htmlFor="assign-filter" className="assign-menu__label">
        Assign {count === 1 ? 'this thread' : `these ${formatCount(count)} threads`} to
      </label>
      <input
        id="assign-filter"
        type="text"
        autoComplete="off"
        placeholder="Type a name…"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && choices[0]) {
            e.preventDefault();
            pick(choices[0]);
          }
        }}
      />
      {problem && (
        <p className="inline-error">
          {problem.title}: {problem.error.message}
        </p>
      )}
      <ul className="assign-menu__list" aria-label="People">
        {choices.map((c) => (
          <li key={c.key}>
            <button type="button" className="row-button assign-menu__choice" onClick={() => pick(c)}>
              <span>{c.label}</span>
              <span className="muted">{c.detail}</span>
            </button>
          </li>
        ))}
        {choices.length === 0 && (
          <li className="muted assign-menu__none">
            {loading ? 'Loading people…' : 'Nobody by that name in this workspace.'}
          </li>
        )}
      </ul>
    </div>
  );
}

/** Member picker for assigning the selection: yourself, nobody, or anyone in the workspace. */
export function AssignMenu({
  count,
  onPick,
  disabled = false,
}: {
  count: number;
  onPick(person: Person | null): void;
  disabled?: boolean;
}) {
  if (disabled) {
    return (
      <button type="button" className="button" disabled>
        Assign…
      </button>
    );
  }
  return (
    <Popover label="Assign… ▾" testId="bulk-assign" buttonClassName="button">
      {(close) => <AssignPanel count={count} onPick={onPick} close={close} />}
    </Popover>
  );
}
