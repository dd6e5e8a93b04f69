import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { ErrorBoundary } from './app/ErrorBoundary.js';
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
    <ErrorBoundary area="the app">
      <App />
    </ErrorBoundary>
  </StrictMode>,
);
