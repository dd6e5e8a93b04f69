import { create } from 'zustand';
import type { SignedOutEvent, SignInArgs } from '../../../shared/bridge/channels.js';
import { getBridge } from '../../bridge/index.js';
import { explain } from '../../stores/notice-store.js';
import { failure } from '../../stores/failure.js';
import { useSession } from '../../stores/session-store.js';

/**
 * A browser sign-in as the page sees it: waiting for the browser (with the sign-in page to
 * offer again and a Cancel button), what the person should know afterwards, and a sign-in
 * that ended ("Signed out of … — sign in again"), said once until signed in again.
 */
interface SignInState {
  waiting: { host: string; page: string | null } | null;
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

export const useSignIn = create<SignInState>()((set, get) => ({
  waiting: null,
  signedOut: null,

  async start(args) {
    if (get().waiting) return false;
    const host = hostOf(args.baseUrl);
    set({ waiting: { host, page: null } });
    useSession.getState().clearProblem();
    const r = await getBridge().connections.signIn(args);
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
    if (waiting) set({ waiting: { ...waiting, page: url } });
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
