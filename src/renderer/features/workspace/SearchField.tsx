import { useEffect, useRef, useState } from 'react';
import { useWorkspace } from '../../stores/workspace-store.js';
import { SEARCH_INPUT_ID } from '../../app/use-cases/workspace.js';

/** Typing pauses this long before the search is sent: one request per thought, not per key. */
const DEBOUNCE_MS = 250;

/** Where focus goes when Escape leaves an empty search: back to the list being worked on. */
function focusList() {
  const target = document.querySelector<HTMLElement>(
    '[data-testid="items-table"], [data-board-columns] .card[tabindex="0"]',
  );
  target?.focus({ preventScroll: true });
}

/**
 * Text search over first messages and replies, done by the service. The field owns what is
 * being typed; the filter (and the URL) follow after a short pause, or at once on Enter.
 * Whether the replies have been searched yet is the filter bar's `SearchProgress`.
 */
export function SearchField() {
  const q = useWorkspace((s) => s.filters.q ?? '');
  const [text, setText] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // The filter changed from outside (a saved view, back/forward, "Clear filters"): show it.
  if (q !== shownQ) {
    setShownQ(q);
    if (text.trim() !== q) setText(q);
  }

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const commit = (value: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    useWorkspace.getState().setFilter('q', value, { typing: true });
  };

  return (
    <div className="search-field" role="search">
      <label htmlFor={SEARCH_INPUT_ID} className="visually-hidden">
        Search threads and replies
      </label>
      <input
        id={SEARCH_INPUT_ID}
        type="search"
        spellCheck={false}
        autoComplete="off"
        placeholder="Search threads…"
        value={text}
        onChange={(e) => {
          const value = e.target.value;
          setText(value);
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => commit(value), DEBOUNCE_MS);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit(text);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            if (text) {
              setText('');
              commit('');
            } else focusList();
          }
        }}
      />
      {!text && (
        <kbd className="search-field__key" aria-hidden="true" title="Press / to search">
          /
        </kbd>
      )}
    </div>
  );
}
