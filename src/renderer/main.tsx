import { bootCallsAnswered } from './boot.js';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './app/App.js';
import { listenForTheShell, openFirstScreen } from './app/use-cases/page-start.js';
import { ErrorBoundary } from './app/ErrorBoundary.js';
import { queryClient } from './server-state/query-client.js';
import './styles/base.css';
import './styles/shell.css';
import './styles/connect.css';
import './styles/projects.css';
import './styles/board.css';
import './styles/thread.css';

/**
 * How long the first render waits for the boot's answers (boot-calls.ts): the connection to
 * restore and a board's first rows. With them in, the first screen is chosen before React
 * renders, so the first frame is the screen the address asks for with its rows (not "Opening
 * Triage Desk…" and an empty board before it), and the service's answer is not slowed by a
 * render running beside it (measured: a render started on the connection alone, beside the
 * rows' request, painted the first cards later). A slow start still shows "Opening Triage
 * Desk…" this soon.
 */
const FIRST_FRAME_WAIT_MS = 100;
const noop = () => undefined;

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

const firstFrameDue = new Promise<void>((done) => setTimeout(done, FIRST_FRAME_WAIT_MS));
void Promise.race([bootCallsAnswered, firstFrameDue]).then(async () => {
  // The page listens for its whole life, so nothing undoes this.
  listenForTheShell();
  const opening = openFirstScreen();
  await Promise.race([opening.then(noop, noop), firstFrameDue]);
  // Rows already in hand reach the project's store in the microtasks after the screen is chosen.
  await new Promise((done) => setTimeout(done, 0));
  // Rendered with its effects at once rather than over later tasks: the screen's subscriptions
  // are in place before answers still on their way reach its stores, which then show in the
  // next frame instead of waiting for one painted without them.
  flushSync(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <ErrorBoundary area="the app">
            <App />
          </ErrorBoundary>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
});
