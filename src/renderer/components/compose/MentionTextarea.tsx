import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { Member } from '#shared/reader/index.js';
import { useListbox } from '../listbox/use-listbox.js';
import { rankPeople } from '../../format/people-search.js';
import {
  activeMentionQuery,
  insertMention,
  suggestionsAbove,
  type MentionPerson,
  type MentionQuery,
} from './mentions.js';
import './compose.css';

const MAX_SUGGESTIONS = 6;

/** The part of the window an element can show: cut by every ancestor that clips its overflow. */
function visibleBounds(el: HTMLElement): { top: number; bottom: number } {
  let top = 0;
  let bottom = window.innerHeight;
  for (let p = el.parentElement; p; p = p.parentElement) {
    if (getComputedStyle(p).overflowY === 'visible') continue;
    const r = p.getBoundingClientRect();
    top = Math.max(top, r.top);
    bottom = Math.min(bottom, r.bottom);
  }
  return { top, bottom };
}

interface MentionTextareaProps {
  id: string;
  value: string;
  onChange(value: string): void;
  /** A person picked from the suggestions: the draft remembers them so they are sent by ID. */
  onMention(person: MentionPerson): void;
  members: readonly Member[];
  /** Ctrl/Cmd+Enter. */
  onSubmit(): void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  placeholder?: string;
  rows?: number;
  disabled?: boolean;
  describedBy?: string;
  invalid?: boolean;
}

/**
 * A textarea that suggests workspace members after "@", with the keys of every listbox here
 * (use-listbox): Enter inserts "@Full Name", Esc dismisses the list (a second Esc is left to
 * whatever is around it), Tab moves on and leaves the name as typed.
 */
export function MentionTextarea({
  id,
  value,
  onChange,
  onMention,
  members,
  onSubmit,
  textareaRef,
  placeholder,
  rows = 4,
  disabled,
  describedBy,
  invalid,
}: MentionTextareaProps) {
  const [caret, setCaret] = useState(0);
  /** The "@" whose suggestions were dismissed with Esc, so they stay closed while typing that name. */
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const fieldRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** Open the list upwards: the composer sits at the bottom of its panel. */
  const [above, setAbove] = useState(false);

  const query: MentionQuery | null = useMemo(() => activeMentionQuery(value, caret), [value, caret]);
  const suggestions = useMemo(() => (query ? rankPeople(members, query.query, MAX_SUGGESTIONS) : []), [members, query]);
  const open = !!query && suggestions.length > 0 && dismissedAt !== query.start;

  // Measured before paint, so the list never flashes where it would be cut off.
  useLayoutEffect(() => {
    const field = fieldRef.current;
    const list = listRef.current;
    if (!open || !field || !list) return;
    setAbove(suggestionsAbove(field.getBoundingClientRect(), visibleBounds(field), list.offsetHeight));
  }, [open, suggestions.length]);

  const trackCaret = (el: HTMLTextAreaElement) => setCaret(el.selectionStart ?? el.value.length);

  const pick = (person: MentionPerson) => {
    if (!query) return;
    const next = insertMention(value, query, caret, person);
    onChange(next.text);
    onMention(person);
    setCaret(next.caret);
    listbox.setActiveIndex(0);
    // Picked: this "@" is settled, so its list stays closed (the name itself would match again).
    setDismissedAt(query.start);
    // Put the caret after the inserted name once React has written the new value.
    requestAnimationFrame(() => {
      const el = textareaRef.current;
      if (el) {
        el.focus();
        el.setSelectionRange(next.caret, next.caret);
      }
    });
  };

  const listbox = useListbox({
    options: suggestions,
    open,
    onPick: (person) => pick(person),
    onClose: () => setDismissedAt(query?.start ?? null),
  });

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
      e.preventDefault();
      onSubmit();
      return;
    }
    listbox.onKeyDown(e);
  };

  return (
    <div className="mention-field" ref={fieldRef}>
      <textarea
        id={id}
        ref={textareaRef}
        className="text-area"
        value={value}
        rows={rows}
        placeholder={placeholder}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-autocomplete="list"
        // No aria-expanded: a textbox may not carry it (only a combobox may, and a textarea
        // cannot be one); the open list is announced through aria-controls and the active option.
        {...listbox.fieldProps}
        onChange={(e) => {
          onChange(e.target.value);
          trackCaret(e.target);
        }}
        onSelect={(e) => trackCaret(e.currentTarget)}
        onClick={(e) => trackCaret(e.currentTarget)}
        onKeyDown={onKeyDown}
        onBlur={() => setDismissedAt(query?.start ?? null)}
        onFocus={() => setDismissedAt(null)}
      />
      {open && (
        <ul
          ref={listRef}
          {...listbox.listProps}
          aria-label="People to mention"
          className={above ? 'mention-suggestions mention-suggestions--above' : 'mention-suggestions'}
          data-testid="mention-suggestions"
        >
          {suggestions.map((m, i) => (
            <li
              key={m.id}
              {...listbox.optionProps(i)}
              className={
                i === listbox.activeIndex
                  ? 'mention-suggestions__option mention-suggestions__option--active'
                  : 'mention-suggestions__option'
              }
            >
              <span className="mention-suggestions__name">{m.name}</span> <span className="muted">{m.email}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
