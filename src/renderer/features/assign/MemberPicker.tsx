import { useMemo, useState, type RefObject } from 'react';
import type { Member } from '#shared/reader/index.js';
import { useListbox } from '../../components/listbox/use-listbox.js';
import { roleLabel } from '../../format/labels.js';
import { rankPeople } from '../../format/people-search.js';

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
  for (const m of rankPeople(others, q))
    out.push({ key: m.id, assignee: m.id, label: m.name, title: m.name, detail: `${m.email} · ${roleLabel(m.role)}` });
  return out;
}

/**
 * A searchable list of the workspace's people: type to narrow (name or email), move and pick
 * with the keys of every listbox here (use-listbox). "Me" and "Nobody" (unassign) come first.
 */
export function MemberPicker({
  members,
  you,
  currentId,
  onPick,
  disabled = false,
  inputRef,
  label = 'Search people',
}: MemberPickerProps) {
  const [query, setQuery] = useState('');
  const options = useMemo(() => optionsFor(members, you, query), [members, you, query]);
  const listbox = useListbox({ options, onPick: (o) => !disabled && onPick(o) });

  return (
    <div className="member-picker">
      <input
        ref={inputRef}
        className="text-input"
        type="search"
        role="combobox"
        aria-label={label}
        aria-expanded="true"
        aria-autocomplete="list"
        {...listbox.fieldProps}
        placeholder="Type a name or email…"
        value={query}
        disabled={disabled}
        onChange={(e) => {
          setQuery(e.target.value);
          listbox.setActiveIndex(0);
        }}
        onKeyDown={(e) => {
          // Enter with nothing to pick does nothing either (no form around to submit).
          if (!listbox.onKeyDown(e) && e.key === 'Enter') e.preventDefault();
        }}
      />
      <ul {...listbox.listProps} aria-label="People" className="member-picker__list">
        {options.map((o, i) => (
          <li
            key={o.key}
            {...listbox.optionProps(i)}
            aria-disabled={disabled}
            className={
              i === listbox.activeIndex
                ? 'member-picker__option member-picker__option--active'
                : 'member-picker__option'
            }
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
