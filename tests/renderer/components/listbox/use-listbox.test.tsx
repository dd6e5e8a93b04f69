// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LISTBOX_PAGE, moveActive, useListbox } from '../../../../src/renderer/components/listbox/use-listbox.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const FRUITS = Array.from({ length: 20 }, (_, i) => `fruit ${i}`);

interface ProbeProps {
  options: readonly string[];
  onPick(option: string, index: number): void;
  onClose?(): void;
  open?: boolean;
}

function Probe({ options, onPick, onClose, open }: ProbeProps) {
  const listbox = useListbox({
    options,
    onPick,
    ...(onClose ? { onClose } : {}),
    ...(open !== undefined ? { open } : {}),
  });
  return (
    <div>
      <input aria-label="Find" role="combobox" {...listbox.fieldProps} onKeyDown={(e) => listbox.onKeyDown(e)} />
      <ul {...listbox.listProps} aria-label="Fruits">
        {options.map((o, i) => (
          <li key={o} {...listbox.optionProps(i)}>
            {o}
          </li>
        ))}
      </ul>
    </div>
  );
}

let root: Root;
let host: HTMLDivElement;
let scrolled: string[];
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  scrolled = [];
  vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
    scrolled.push(this.textContent ?? '');
  });
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.restoreAllMocks();
});

const show = (props: ProbeProps) => act(() => root.render(<Probe {...props} />));
const field = () => host.querySelector('input')!;
/** Presses a key in the field; true when the listbox took it (its default was prevented). */
function press(key: string, init: KeyboardEventInit = {}): boolean {
  let event!: KeyboardEvent;
  act(() => {
    event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
    field().dispatchEvent(event);
  });
  return event.defaultPrevented;
}
/** The active option's text, found as assistive technology finds it: through aria-activedescendant. */
function active(): string | null {
  const id = field().getAttribute('aria-activedescendant');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('moving through a listbox with the keys', () => {
  it('starts on the first option, named by aria-activedescendant, the list named by aria-controls', () => {
    show({ options: FRUITS, onPick: vi.fn() });
    expect(active()).toBe('fruit 0');
    expect(field().getAttribute('aria-controls')).toBe(host.querySelector('[role="listbox"]')!.id);
    expect(host.querySelector('[aria-selected="true"]')!.textContent).toBe('fruit 0');
    expect(host.querySelectorAll('[aria-selected="true"]')).toHaveLength(1);
  });

  it('ArrowDown moves to the next option and wraps from the last to the first', () => {
    show({ options: FRUITS.slice(0, 3), onPick: vi.fn() });
    expect(press('ArrowDown')).toBe(true);
    expect(active()).toBe('fruit 1');
    press('ArrowDown');
    expect(active()).toBe('fruit 2');
    press('ArrowDown');
    expect(active()).toBe('fruit 0');
  });

  it('ArrowUp moves to the previous option and wraps from the first to the last', () => {
    show({ options: FRUITS.slice(0, 3), onPick: vi.fn() });
    expect(press('ArrowUp')).toBe(true);
    expect(active()).toBe('fruit 2');
    press('ArrowUp');
    expect(active()).toBe('fruit 1');
  });

  it('Home and End go to the first and the last option', () => {
    show({ options: FRUITS, onPick: vi.fn() });
    expect(press('End')).toBe(true);
    expect(active()).toBe('fruit 19');
    expect(press('Home')).toBe(true);
    expect(active()).toBe('fruit 0');
  });

  it('PageDown and PageUp move by a page and stop at the ends', () => {
    show({ options: FRUITS, onPick: vi.fn() });
    expect(press('PageDown')).toBe(true);
    expect(active()).toBe(`fruit ${LISTBOX_PAGE}`);
    press('PageDown');
    press('PageDown');
    expect(active()).toBe('fruit 19');
    press('PageUp');
    expect(active()).toBe(`fruit ${19 - LISTBOX_PAGE}`);
    press('PageUp');
    press('PageUp');
    expect(active()).toBe('fruit 0');
  });

  it('Enter picks the active option', () => {
    const onPick = vi.fn();
    show({ options: FRUITS, onPick });
    press('ArrowDown');
    press('ArrowDown');
    expect(press('Enter')).toBe(true);
    expect(onPick).toHaveBeenCalledWith('fruit 2', 2);
  });

  it('Escape closes the list when it can close, and stays within it', () => {
    const onClose = vi.fn();
    const around = vi.fn();
    host.addEventListener('keydown', around);
    show({ options: FRUITS, onPick: vi.fn(), onClose });
    expect(press('Escape')).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(around).not.toHaveBeenCalled();
  });

  it('leaves Escape to what is around when the list cannot close by itself, and Tab always', () => {
    const around = vi.fn();
    host.addEventListener('keydown', around);
    const onPick = vi.fn();
    show({ options: FRUITS, onPick });
    expect(press('Escape')).toBe(false);
    expect(press('Tab')).toBe(false);
    expect(around).toHaveBeenCalledTimes(2);
    expect(onPick).not.toHaveBeenCalled();
  });

  it('leaves modified keys and typing alone', () => {
    const onPick = vi.fn();
    show({ options: FRUITS, onPick });
    expect(press('Enter', { ctrlKey: true })).toBe(false);
    expect(press('a')).toBe(false);
    expect(press('ArrowDown', { altKey: true })).toBe(false);
    expect(onPick).not.toHaveBeenCalled();
    expect(active()).toBe('fruit 0');
  });

  it('scrolls the option a key makes active into view', () => {
    show({ options: FRUITS, onPick: vi.fn() });
    expect(scrolled).toEqual([]);
    press('End');
    expect(scrolled).toEqual(['fruit 19']);
    press('Home');
    expect(scrolled).toEqual(['fruit 19', 'fruit 0']);
  });

  it('follows the pointer without scrolling, and picks what is clicked', () => {
    const onPick = vi.fn();
    show({ options: FRUITS, onPick });
    const third = host.querySelectorAll('[role="option"]')[3]!;
    act(() => void third.dispatchEvent(new MouseEvent('mousemove', { bubbles: true })));
    expect(active()).toBe('fruit 3');
    expect(scrolled).toEqual([]);
    act(() => void third.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    expect(onPick).toHaveBeenCalledWith('fruit 3', 3);
  });

  it('keeps the active option within a list that shrinks', () => {
    show({ options: FRUITS, onPick: vi.fn() });
    press('End');
    show({ options: FRUITS.slice(0, 4), onPick: vi.fn() });
    expect(active()).toBe('fruit 3');
  });

  it('takes no key and names no option while closed or empty', () => {
    const onPick = vi.fn();
    show({ options: FRUITS, onPick, open: false });
    expect(field().hasAttribute('aria-activedescendant')).toBe(false);
    expect(field().hasAttribute('aria-controls')).toBe(false);
    expect(press('ArrowDown')).toBe(false);
    expect(press('Enter')).toBe(false);
    show({ options: [], onPick });
    expect(field().hasAttribute('aria-activedescendant')).toBe(false);
    expect(press('Enter')).toBe(false);
    expect(onPick).not.toHaveBeenCalled();
  });
});

describe('where a key moves the active option', () => {
  it('wraps the arrows, stops pages and Home/End at the ends, ignores other keys and empty lists', () => {
    expect(moveActive('ArrowDown', 4, 5)).toBe(0);
    expect(moveActive('ArrowUp', 0, 5)).toBe(4);
    expect(moveActive('PageDown', 3, 5)).toBe(4);
    expect(moveActive('PageUp', 3, 5)).toBe(0);
    expect(moveActive('PageDown', 0, 30)).toBe(LISTBOX_PAGE);
    expect(moveActive('End', 0, 5)).toBe(4);
    expect(moveActive('Home', 3, 5)).toBe(0);
    expect(moveActive('x', 3, 5)).toBeNull();
    expect(moveActive('ArrowDown', 0, 0)).toBeNull();
  });
});
