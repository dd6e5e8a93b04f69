import type { SignInTab } from './sign-in-store.js';

/**
 * The sign-in page, offered again while the sign-in waits, in words that fit how it was
 * opened: by the desktop app in the person's browser, in a tab this page opened, or not at all
 * because the browser blocked that tab.
 */
export function SignInPageLink({ page, tab }: { page: string; tab: SignInTab }) {
  const link = (text: string) => (
    <a href={page} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
  if (tab === 'blocked')
    return (
      <span data-testid="sign-in-page-link">Your browser blocked the new tab: {link('open the sign-in page')}.</span>
    );
  if (tab === 'opened') {
    return (
      <span data-testid="sign-in-page-link">
        The sign-in page opened in a new tab. {link('Open the sign-in page again')}{' '}
        <span className="muted">if you closed it.</span>
      </span>
    );
  }
  return (
    <span data-testid="sign-in-page-link">
      {link('Open the sign-in page')} <span className="muted">if your browser did not show it.</span>
    </span>
  );
}
