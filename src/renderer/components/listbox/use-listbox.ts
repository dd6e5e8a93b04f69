import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/** Options a PageUp/PageDown moves by: about what a list shows at once. */
export const LISTBOX_PAGE = 8;

interface ListboxOptions<T> {
  options: readonly T[];
  /** Enter or a click on an option. */
  onPick(option: T, index: number): void;
  /**
   * Escape, when the list can close on its own (a popup under a field). Without it Escape is
   * left to what is around (the dialog the list fills closes instead).
   */
  onClose?(): void;
  /** Whether the list is showing; closed, no key is taken and no option is active. Open by default. */
  open?: boolean;
}

interface Listbox {
  listId: string;
  /** The active option (always within the list), or -1 when there is none. */
  activeIndex: number;
  setActiveIndex(index: number): void;
  optionId(index: number): string;
  /** Handles the list's keys; true when the key was one (the caller then leaves it alone). */
  onKeyDown(e: KeyboardEvent<HTMLElement>): boolean;
  /** For the field that keeps the focus (the combobox or textarea). */
  fieldProps: { 'aria-controls': string | undefined; 'aria-activedescendant': string | undefined };
  /** For the `role="listbox"` element. */
  listProps: { id: string; role: 'listbox' };
  /** For each `role="option"` element. */
  optionProps(index: number): {
    id: string;
    role: 'option';
    'aria-selected': boolean;
    onMouseDown(e: { preventDefault(): void }): void;
    onMouseMove(): void;
    onClick(): void;
  };
}

/** Where a key moves the active option in a list of `count`: arrows wrap, pages and Home/End stop at the ends. */
export function moveActive(key: string, from: number, count: number, page = LISTBOX_PAGE): number | null {
  if (count === 0) return null;
  const last = count - 1;
  switch (key) {
    case 'ArrowDown':
      return from >= last ? 0 : from + 1;
    case 'ArrowUp':
      return from <= 0 ? last : from - 1;
    case 'PageDown':
      return Math.min(last, from + page);
    case 'PageUp':
      return Math.max(0, from - page);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/**
 * One keyboard listbox for every field that offers a list while keeping the focus (command
 * palette, people picker, @mention suggestions), after the WAI-ARIA combobox pattern: the
 * focus stays in the field, which names the active option with aria-activedescendant.
 * ↑/↓ wrap round the ends, Home/End go to the first/last option, PageUp/PageDown move by
 * a page and stop at the ends, Enter picks, Escape closes (see `onClose`), Tab is left alone
 * so it moves on as everywhere else. The option a key makes active is scrolled into view.
 */
export function useListbox<T>({ options, onPick, onClose, open = true }: ListboxOptions<T>): Listbox {
  const listId = useId();
  const [active, setActive] = useState(0);
  const count = open ? options.length : 0;
  const activeIndex = count === 0 ? -1 : Math.min(active, count - 1);
  const optionId = (i: number) => `${listId}-opt-${i}`;
  /** Set by a key, so only keys scroll: the pointer already points where it is. */
  const scrollPending = useRef(false);

  useEffect(() => {
    if (!scrollPending.current || activeIndex < 0) return;
    scrollPending.current = false;
    document.getElementById(`${listId}-opt-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, listId]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>): boolean => {
    if (count === 0 || e.altKey || e.ctrlKey || e.metaKey) return false;
    const to = moveActive(e.key, activeIndex, count);
    if (to !== null) {
      e.preventDefault();
      scrollPending.current = true;
      setActive(to);
      return true;
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      onPick(options[activeIndex]!, activeIndex);
      return true;
    }
    if (e.key === 'Escape' && onClose) {
      // Only the list closes; the panel or dialog around stays.
      e.preventDefault();
      e.stopPropagation();
      e.nativeEvent.stopImmediatePropagation();
      onClose();
      return true;
    }
    return false;
  };

  return {
    listId,
    activeIndex,
    setActiveIndex: setActive,
    optionId,
    onKeyDown,
    fieldProps: {
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': activeIndex >= 0 ? optionId(activeIndex) : undefined,
    },
    listProps: { id: listId, role: 'listbox' },
    optionProps: (i) => ({
      id: optionId(i),
      role: 'option',
      'aria-selected': i === activeIndex,
      // Keep the focus (and the caret) in the field while clicking.
      onMouseDown: (e) => e.preventDefault(),
      onMouseMove: () => {
        if (i !== activeIndex) setActive(i);
      },
      onClick: () => onPick(options[i]!, i),
    }),
  };
}
