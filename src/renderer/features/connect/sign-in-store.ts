import { create } from 'zustand';
import type { SignedOutEvent, SignInArgs } from '#shared/bridge/channels.js';
import { getBridge } from '../../bridge/index.js';
import { explain } from '../../stores/notice-store.js';
import { failure } from '../../stores/failure.js';
import { useSession } from '../../stores/session-store.js';

/**
 * A browser sign-in as the page sees it: waiting for the browser (with the sign-in page to
 * offer again and a Cancel button), what the person should know afterwards, and a sign-in
 * that ended ("Signed out of … — sign in again"), said once until signed in again.
 *
 * The desktop app's main process opens the sign-in page in the person's browser. In browser
 * mode this page opens it: a new tab opened by the click that starts the sign-in (a tab
 * opened later, when the page's address arrives, would be taken for a pop-up and blocked),
 * sent to the sign-in page when its address arrives.
 */
export type SignInTab =
  /** The desktop app: the main process opened the person's browser. */
  | 'external'
  /** Browser mode: the click opened a tab, which goes to the sign-in page. */
  | 'opened'
  /** Browser mode: the browser refused the new tab, so the page offers a link. */
  | 'blocked';

interface SignInState {
  waiting: { host: string; page: string | null; tab: SignInTab } | null;
  signedOut: SignedOutEvent | null;
  start(args: SignInArgs): Promise<boolean>;
  cancel(): Promise<void>;
  notePage(url: string): void;
  noteSignedOut(event: SignedOutEvent): void;
}

const hostOf = (baseUrl: string) => {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
};

/** The tab opened for the sign-in under way, until it is sent to the sign-in page. */
let placeholder: Window | null = null;

/** Must run inside the click that starts the sign-in: browsers allow new tabs only there. */
function openSignInTab(): SignInTab {
  if (getBridge().mode !== 'browser') return 'external';
  const tab = window.open('', '_blank');
  if (!tab) return 'blocked';
  try {
    // The sign-in page must not reach back into this one.
    tab.opener = null;
    tab.document.documentElement.lang = 'en';
    tab.document.title = 'Opening the sign-in page…';
    const text = tab.document.createElement('p');
    text.textContent = 'Opening the sign-in page…';
    tab.document.body.append(text);
  } catch {
    // Not writable: the tab stays blank until the sign-in page arrives.
  }
  placeholder = tab;
  return 'opened';
}

/** A sign-in that ended before its page arrived leaves no empty tab behind. */
function closePlaceholder(): void {
  if (placeholder && !placeholder.closed) placeholder.close();
  placeholder = null;
}

export const useSignIn = create<SignInState>()((set, get) => ({
  waiting: null,
  signedOut: null,

  async start(args) {
    if (get().waiting) return false;
    const host = hostOf(args.baseUrl);
    set({ waiting: { host, page: null, tab: openSignInTab() } });
    useSession.getState().clearProblem();
    const r = await getBridge().connections.signIn(args);
    closePlaceholder();
    set({ waiting: null });
    if (!r.ok) {
      if (r.error.reason === 'cancelled') explain(r.error.message);
      else useSession.setState({ problem: failure(`Could not sign in to ${host}`, r.error) });
      return false;
    }
    useSession.setState({ active: r.data, postedAs: null });
    const ended = get().signedOut;
    if (ended?.connectionId === r.data.connection.id) set({ signedOut: null });
    // A port fallback, a sign-in without refresh: worth knowing, nothing to do now.
    if (r.data.notes.length > 0) explain(r.data.notes.join(' '));
    await useSession.getState().refreshList();
    return true;
  },

  async cancel() {
    await getBridge().connections.cancelSignIn();
  },

  notePage(url) {
    const waiting = get().waiting;
    if (!waiting) return;
    if (placeholder && !placeholder.closed) placeholder.location.href = url;
    placeholder = null;
    set({ waiting: { ...waiting, page: url } });
  },

  noteSignedOut(event) {
    // Once per ended sign-in: every request that meets it reports the same end.
    if (get().signedOut?.connectionId === event.connectionId) return;
    set({ signedOut: event });
  },
}));

/** The shell's sign-in events, for the app's lifetime. */
export function subscribeSignInEvents(): () => void {
  const connections = getBridge().connections;
  const offPage = connections.onSignInPage((url) => useSignIn.getState().notePage(url));
  const offEnded = connections.onSignedOut((event) => useSignIn.getState().noteSignedOut(event));
  return () => {
    offPage();
    offEnded();
  };
}
