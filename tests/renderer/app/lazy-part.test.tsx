// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isLoadFailure, LazyView, lazyPart } from '../../../src/renderer/app/lazy-part.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Greeting({ name }: { name: string }) {
  return <h1>Hello {name}</h1>;
}

const chunkFailure = () =>
  new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/Greeting-x.js');

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
});

describe('LazyView', () => {
  it('says what is loading as a polite status, then shows the part with its props', async () => {
    let arrive: (c: typeof Greeting) => void = () => undefined;
    const part = lazyPart('the greeting', () => new Promise<typeof Greeting>((ok) => (arrive = ok)));
    act(() => root.render(<LazyView screen part={part} props={{ name: 'Ada' }} />));
    const status = container.querySelector('[role="status"]');
    expect(status?.textContent).toBe('Loading the greeting…');
    expect(container.querySelector('main')?.getAttribute('aria-busy')).toBe('true');
    await act(async () => arrive(Greeting));
    expect(container.querySelector('h1')?.textContent).toBe('Hello Ada');
    expect(container.querySelector('[role="status"]')).toBeNull();
  });

  it('a part whose files did not arrive says so with a Retry, and Retry loads it again', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(chunkFailure())
      .mockResolvedValue(Greeting);
    const part = lazyPart('the greeting', load);
    await act(async () => root.render(<LazyView part={part} props={{ name: 'Ada' }} />));
    const alert = container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('Triage Desk could not load the greeting');
    const retry = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Retry');
    expect(retry).toBeDefined();
    await act(async () => retry!.click());
    expect(load).toHaveBeenCalledTimes(2);
    expect(container.querySelector('h1')?.textContent).toBe('Hello Ada');
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });
});

describe('isLoadFailure', () => {
  it("knows the browsers' words for a module that did not arrive, and nothing else", () => {
    expect(isLoadFailure(chunkFailure())).toBe(true);
    expect(
      isLoadFailure(new TypeError('error loading dynamically imported module: app://triage-desk/assets/x.js')),
    ).toBe(true);
    expect(isLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isLoadFailure(new Error('Unable to preload CSS for /assets/ReportsScreen.css'))).toBe(true);
    expect(isLoadFailure(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isLoadFailure('Failed to fetch dynamically imported module')).toBe(false);
  });
});
