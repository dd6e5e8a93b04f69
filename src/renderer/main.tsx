import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './app/App.js';
import { ErrorBoundary } from './app/ErrorBoundary.js';
import { queryClient } from './server-state/query-client.js';
import './styles/base.css';
import './styles/shell.css';
import './styles/connect.css';
import './styles/projects.css';
import './styles/board.css';
import './styles/thread.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ErrorBoundary area="the app">
        <App />
      </ErrorBoundary>
    </QueryClientProvider>
  </StrictMode>,
);
