import type { MouseEvent } from 'react';
import { useNavigation } from '../stores/navigation-store.js';

/**
 * Where the skip link lands: the board's tabbable card or the table (the keyboard's way into
 * either), else the workspace itself while the threads load or when none match.
 */
function focusThreads(): void {
  const target =
    document.querySelector<HTMLElement>('[data-testid="board"] [tabindex="0"]') ??
    document.querySelector<HTMLElement>('[data-testid="items-table"]') ??
    document.querySelector<HTMLElement>('main.workspace');
  if (!target) return;
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

/**
 * The first Tab stop on a project's threads: past the header, toolbar and filters (about
 * twenty stops) straight to the board or table. Hidden until focused.
 */
export function SkipLink() {
  const onThreads = useNavigation((s) => s.screen.name === 'board');
  if (!onThreads) return null;
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    // The address is the app's route: following the link would navigate away.
    e.preventDefault();
    focusThreads();
  };
  return (
    <a className="skip-link" href="#threads" onClick={onClick} data-testid="skip-link">
      Skip to the threads
    </a>
  );
}
