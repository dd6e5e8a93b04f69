import type { ReactNode } from 'react';

/** A persistent notice about what is on screen (not an error: nothing failed, but something is partial). */
export function Banner({
  tone = 'info',
  testId,
  children,
}: {
  tone?: 'info' | 'warning';
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={`banner banner--${tone}`} role="status" data-testid={testId}>
      {children}
    </div>
  );
}
