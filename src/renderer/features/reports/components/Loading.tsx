import type { ReactNode } from 'react';

/** A long read in progress, saying what is loading; read out once, politely. */
export function Loading({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="reports-loading" role="status" data-testid={testId}>
      <span className="reports-loading__spinner" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
