import type { MouseEvent } from 'react';
import { useNavigation } from '../../../stores/navigation-store.js';

/**
 * The first Tab stop on a project's reports: past the header and its sections straight to the
 * open report's tab (from there, Tab enters the report). Hidden until focused, like the
 * threads' skip link.
 */
export function ReportsSkipLink() {
  const onReports = useNavigation((s) => s.screen.name === 'reports');
  if (!onReports) return null;
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    // The address is the app's route: following the link would navigate away.
    e.preventDefault();
    document.querySelector<HTMLElement>('[data-testid="reports-screen"] [role="tab"][aria-selected="true"]')?.focus();
  };
  return (
    <a className="skip-link" href="#report" onClick={onClick} data-testid="reports-skip-link">
      Skip to the report
    </a>
  );
}
