import type { ReactNode } from 'react';

/**
 * A number in a chart's table that opens the threads behind it in the workspace: a plain link
 * to the app's own address, so it is reachable by Tab, says where it goes, and Back returns.
 */
export function DrillLink({
  href,
  title,
  label,
  children,
}: {
  href: string;
  title: string;
  label?: string;
  children: ReactNode;
}) {
  return (
    <a
      className="drill-link"
      href={href}
      title={title}
      aria-label={label ? `${label}: ${title}` : undefined}
      data-testid="drill-link"
    >
      {children}
    </a>
  );
}
