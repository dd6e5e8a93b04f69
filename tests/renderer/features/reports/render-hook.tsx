import { QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from '../../../../src/renderer/server-state/query-client.js';

type ActGlobal = { IS_REACT_ACT_ENVIRONMENT?: boolean };

/**
 * Mounting and unmounting run inside act(); what the query cache does afterwards arrives as it
 * would in the app (tests wait for it), so React is told act() is only used here.
 */
function inAct(work: () => void): void {
  (globalThis as ActGlobal).IS_REACT_ACT_ENVIRONMENT = true;
  act(work);
  (globalThis as ActGlobal).IS_REACT_ACT_ENVIRONMENT = false;
}

/**
 * Runs a hook inside a mounted component with the app's query client, as the reports use
 * it; `result.current` is what the last render returned. Needs a DOM (happy-dom).
 */
export function renderHook<T>(hook: () => T) {
  const result = { current: undefined as T };
  function Probe(): ReactNode {
    result.current = hook();
    return null;
  }
  const root = createRoot(document.createElement('div'));
  inAct(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <Probe />
      </QueryClientProvider>,
    ),
  );
  return { result, unmount: () => inAct(() => root.unmount()) };
}
