import { useId, useMemo, useState, type KeyboardEvent, type RefObject } from 'react';
import type { Member } from '../../../shared/reader/index.js';
import { roleLabel } from '../../format/labels.js';
import { rankPeople } from './people-search.js';

/** What a pick means: a member's user ID, or null for "nobody" (unassign). */
export interface PickerChoice {
  assignee: string | null;
  /** How to say it: "Alex Park", "you", "nobody". */
  label: string;
}

interface Option extends PickerChoice {
  key: string;
  title: string;
  detail: string;
}

interface MemberPickerProps {
  members: readonly Member[];
  /** The caller, offered first as "Me". */
  you: { id: string; name: string } | null;
  /** Marked as current (e.g. the one thread's assignee). */
  currentId: string | null;
  onPick(choice: PickerChoice): void;
  disabled?: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
  label?: string;
}

function optionsFor(members: readonly Member[], you: MemberPickerProps['you'], query: string): Option[] {
  const q = query.trim().toLocaleLowerCase();
  const others = members.filter((m) => m.id !== you?.id);
  const out: Option[] = [];
  if (you && (!q || 'me'.startsWith(q) || rankPeople([{ name: you.name }], q).length > 0)) {
    out.push({ key: 'me', assignee: you.id, label: 'you', title: `Me (${you.name})`, detail: 'Assign to yourself' });
  }
  if (!q || 'nobody'.startsWith(q) || 'unassign'.startsWith(q) || 'none'.startsWith(q)) {
    out.push({ key: 'nobody', assignee: null, label: 'nobody', title: 'Nobody', detail: 'Unassign' });
  }
  for (const m of rankPeople(others, q)) out.push({ key: m.id, assignee: m.id, label: m.name, title: m.name, detail: `${m.email} · ${roleLabel(m.role)}` });
  return out;
}

/**
 * A searchable list of the workspace's people: type to narrow (name or email), ↑/↓ to move,
 * Enter to pick. "Me" and "Nobody" (unassign) come first.
 */
export function MemberPicker({ members, you, currentId, onPick, disabled = false, inputRef, label = 'Search people' }: MemberPickerProps) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const options = useMemo(() => optionsFor(members, you, query), [members, you, query]);
  const activeIndex = Math.min(active, Math.max(0, options.length - 1));
  const optionId = (i: number) => `${listId}-opt-${i}`;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + options.length) % Math.max(1, options.length));
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      setActive(e.key === 'Home' ? 0 : options.length - 1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const option = options[activeIndex];
      if (option && !disabled) onPick(option);
    }
  };

  return (
    <div className="member-picker">
      <input
        ref={inputRef}
        className="text-input"
        type="search"
        role="combobox"
        aria-label={label}
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={options.length > 0 ? optionId(activeIndex) : undefined}
        placeholder="Type a name or email…"
        value={query}
        disabled={disabled}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="People" className="member-picker__list">
        {options.map((o, i) => (
          <li
            key={o.key}
            id={optionId(i)}
            role="option"
            aria-selected={i === activeIndex}
            aria-disabled={disabled}
            className={i === activeIndex ? 'member-picker__option member-picker__option--active' : 'member-picker__option'}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => !disabled && onPick(o)}
          >
            <span className="member-picker__name">
              {o.title}
              {o.assignee !== null && o.assignee === currentId && <span className="tag tag--accent">current</span>}
            </span>
            <span className="member-picker__detail muted">{o.detail}</span>
          </li>
        ))}
        {options.length === 0 && (
          <li className="member-picker__empty muted" role="presentation">
            No one in this workspace matches “{query}”.
          </li>
        )}
      </ul>
    </div>
  );
}
