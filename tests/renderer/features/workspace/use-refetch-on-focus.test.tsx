// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIN_AGE_MS, useRefetchOnFocus } from '../../../../src/renderer/features/workspace/use-refetch-on-focus.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Probe({ refetch, loadedAt, loading }: { refetch(): void; loadedAt: number | null; loading: boolean }) {
  useRefetchOnFocus(refetch, loadedAt, loading);
  return null;
}

let root: Root;
const NOW = 1_800_000_000_000;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  root = createRoot(document.createElement('div'));
});
afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const show = (props: Parameters<typeof Probe>[0]) => act(() => root.render(<Probe {...props} />));
const focus = () => act(() => void window.dispatchEvent(new Event('focus')));

describe('refetch when the window regains focus', () => {
  it('refetches threads older than the minimum age, not fresh ones nor while a load runs', () => {
    const refetch = vi.fn();
    show({ refetch, loadedAt: NOW - 5_000, loading: false });
    focus();
    expect(refetch).not.toHaveBeenCalled();

    show({ refetch, loadedAt: NOW - MIN_AGE_MS - 1, loading: true });
    focus();
    expect(refetch).not.toHaveBeenCalled();

    show({ refetch, loadedAt: NOW - MIN_AGE_MS - 1, loading: false });
    focus();
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('uses the latest refetch and listens once for the screen’s life, however often the threads load', () => {
    const adds = vi.spyOn(window, 'addEventListener');
    const removes = vi.spyOn(window, 'removeEventListener');
    const first = vi.fn();
    const second = vi.fn();
    show({ refetch: first, loadedAt: null, loading: true });
    for (let i = 0; i < 5; i++) show({ refetch: second, loadedAt: NOW - MIN_AGE_MS - i - 1, loading: i % 2 === 1 });
    expect(adds.mock.calls.filter(([type]) => type === 'focus')).toHaveLength(1);
    expect(removes.mock.calls.filter(([type]) => type === 'focus')).toHaveLength(0);
    focus();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
    expect(removes.mock.calls.filter(([type]) => type === 'focus')).toHaveLength(1);
    focus();
    expect(second).toHaveBeenCalledTimes(1);
    root = createRoot(document.createElement('div'));
  });
});
