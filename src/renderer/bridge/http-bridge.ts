import { createBridgeCalls, type Invoke } from '#shared/bridge/calls.js';
import type { NetworkState, OpenItemEvent, TriageBridge } from '#shared/bridge/channels.js';
import type { BridgeResult } from '#shared/bridge/errors.js';
import { isNetworkState, isSignedOutEvent, isSignInPage } from '#shared/bridge/events.js';

/**
 * Browser mode: the same bridge as the preload's, carried over HTTP to the local gateway
 * (127.0.0.1 only). The gateway prints a URL holding a one-time launch secret in the
 * fragment; this tab exchanges it for its own session (the gateway then refuses the
 * secret) and sends the session with every call, never in a URL the server logs.
 */
const SESSION_KEY = 'triage-desk:gateway-session';
/** What a tab without a session was opened on (a copied thread link), kept for after its launch link. */
const REQUESTED_KEY = 'triage-desk:requested-address';
/** Dispatched on window when this tab gets a new session (a launch link pasted into it). */
export const SESSION_EVENT = 'triage-desk:session';

type Session = { ok: true; id: string } | { ok: false; message: string };

const NOT_ALLOWED =
  'This page has no session with the Triage Desk gateway. Open a launch link the demo printed (each works once, for one tab); in the terminal running the demo, press Enter for a new one.';
const NOT_ALLOWED_YET =
  'This tab has no session with the Triage Desk gateway yet. Paste a launch link the demo printed into this tab’s address bar (each works once; in the terminal running the demo, press Enter for a new one): the thread this address asked for opens then.';

const secretIn = (hash: string) => new URLSearchParams(hash.slice(1)).get('secret');

/**
 * Takes the launch secret out of the address bar at once (synchronously), then exchanges it.
 * A tab opened on another address (a copied thread link) without a session keeps that
 * address, to go back to once a launch link gives it one.
 */
function openSession(): Promise<Session> {
  const fromHash = secretIn(window.location.hash);
  if (!fromHash) {
    const kept = sessionStorage.getItem(SESSION_KEY);
    if (kept) return Promise.resolve({ ok: true, id: kept });
    const asked = window.location.hash;
    if (asked && asked !== '#') sessionStorage.setItem(REQUESTED_KEY, asked);
    return Promise.resolve({ ok: false, message: asked && asked !== '#' ? NOT_ALLOWED_YET : NOT_ALLOWED });
  }
  // Drop the secret from the address bar so it is not bookmarked or shared by accident; a
  // tab that was asked for a thread before it had a session goes back to that address.
  const requested = sessionStorage.getItem(REQUESTED_KEY) ?? '';
  sessionStorage.removeItem(REQUESTED_KEY);
  history.replaceState(null, '', window.location.pathname + window.location.search + requested);
  return exchange(fromHash);
}

async function exchange(launchSecret: string): Promise<Session> {
  try {
    const res = await fetch('/session', { method: 'POST', headers: { 'x-triage-launch': launchSecret } });
    const body = (await res.json()) as BridgeResult<{ session: string }>;
    if (body.ok) {
      sessionStorage.setItem(SESSION_KEY, body.data.session);
      return { ok: true, id: body.data.session };
    }
    // A used link in a tab that already holds a session (opened twice): keep working.
    const kept = sessionStorage.getItem(SESSION_KEY);
    return kept ? { ok: true, id: kept } : { ok: false, message: body.error.message };
  } catch {
    return { ok: false, message: 'The Triage Desk gateway is not answering. Is `npm run demo:web` still running?' };
  }
}

/** A download of text the page made: the browser's own save, the tab's "save dialog". */
function download(suggestedName: string, content: string, type: string): BridgeResult<{ saved: boolean; path: null }> {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: suggestedName });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { ok: true, data: { saved: true, path: null } };
}

function webUrlOrNull(raw: string): string | null {
  try {
    const u = new URL(raw);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password ? u.toString() : null;
  } catch {
    return null;
  }
}

export function createHttpBridge(): TriageBridge {
  let session = openSession();
  // A launch link pasted into this tab later (it has no session yet, or wants a new one) is taken at once, without a reload.
  window.addEventListener('hashchange', () => {
    if (!secretIn(window.location.hash)) return;
    session = openSession();
    void session.then((s) => {
      if (s.ok) window.dispatchEvent(new Event(SESSION_EVENT));
    });
  });

  const invoke: Invoke = async (channel, ...args) => {
    const s = await session;
    if (!s.ok) return { ok: false, error: { kind: 'bad_request', reason: 'no_session', message: s.message } };
    try {
      const headers = { 'content-type': 'application/json', 'x-triage-session': s.id };
      const res = await fetch(`/bridge/${encodeURIComponent(channel)}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(args),
      });
      if (res.status === 403) return { ok: false, error: { kind: 'bad_request', message: NOT_ALLOWED } };
      return (await res.json()) as BridgeResult<never>;
    } catch {
      return {
        ok: false,
        error: {
          kind: 'network',
          message: 'The Triage Desk gateway is not answering. Is `npm run demo:web` still running?',
        },
      };
    }
  };

  const calls = createBridgeCalls(invoke);
  /**
   * One event stream per tab, whatever listens: a browser keeps at most six connections to one
   * host across all its tabs, and a stream holds one for good, so a stream per subscription
   * soon left a second tab's requests waiting forever.
   */
  const eventListeners = new Map<string, Set<(data: unknown) => void>>();
  let stream: EventSource | null = null;
  let opening = false;
  const openStream = () => {
    // Subscriptions made together before the session is known open one stream, not one each.
    if (opening) return;
    opening = true;
    void session.then((s) => {
      opening = false;
      if (!s.ok || eventListeners.size === 0) return;
      stream?.close();
      // EventSource cannot send headers, so the session travels as a query parameter on this one stream.
      const source = new EventSource(`/bridge-events?session=${encodeURIComponent(s.id)}`);
      stream = source;
      for (const event of eventListeners.keys()) listenOn(source, event);
    });
  };
  const listenOn = (source: EventSource, event: string) =>
    source.addEventListener(event, (e) => {
      const value: unknown = JSON.parse((e as MessageEvent<string>).data);
      for (const l of eventListeners.get(event) ?? []) l(value);
    });
  // A new session (a launch link pasted into the tab) opens the stream again under it.
  window.addEventListener(SESSION_EVENT, openStream);
  const streamEvents = <T>(event: string, accept: (v: unknown) => v is T, listener: (v: T) => void): (() => void) => {
    const wrapped = (v: unknown) => {
      if (accept(v)) listener(v);
    };
    const known = eventListeners.get(event);
    if (known) known.add(wrapped);
    else {
      eventListeners.set(event, new Set([wrapped]));
      if (stream) listenOn(stream, event);
    }
    if (!stream) openStream();
    return () => {
      eventListeners.get(event)?.delete(wrapped);
      if ([...eventListeners.values()].every((set) => set.size === 0)) {
        eventListeners.clear();
        stream?.close();
        stream = null;
      }
    };
  };
  // A clicked notification opens its thread through the same path as a desktop link.
  const openItemListeners = new Set<(e: OpenItemEvent) => void>();
  return {
    ...calls,
    mode: 'browser',
    notify: {
      async show({ itemId, title, body }) {
        if (typeof Notification === 'undefined')
          return { ok: false, error: { kind: 'bad_request', message: 'This browser cannot show notifications.' } };
        if (Notification.permission !== 'granted')
          return { ok: true, data: { shown: false, reason: 'The browser did not allow notifications for this page.' } };
        const n = new Notification(title, { body, tag: itemId });
        n.onclick = () => {
          window.focus();
          for (const l of openItemListeners) l({ itemId });
          n.close();
        };
        return { ok: true, data: { shown: true } };
      },
      async availability() {
        if (typeof Notification === 'undefined')
          return { ok: true, data: { available: false, reason: 'This browser cannot show notifications.' } };
        if (Notification.permission === 'denied') {
          return {
            ok: true,
            data: {
              available: false,
              reason:
                'The browser did not allow notifications. Allow them for this page in the browser’s site settings, then try again.',
            },
          };
        }
        return { ok: true, data: { available: true, reason: null } };
      },
    },
    exporter: {
      markdown: async ({ suggestedName, content }) => download(suggestedName, content, 'text/markdown;charset=utf-8'),
      csv: async ({ suggestedName, content }) => download(suggestedName, content, 'text/csv;charset=utf-8'),
      async pdf() {
        // The print stylesheet lays the report out; "Save as PDF" is the browser's own destination.
        window.print();
        return { ok: true, data: { saved: true, path: null } };
      },
    },
    // Already in a browser: a new tab is the system browser here. Same http(s)-only rule as main.
    shell: {
      async openExternal(url: string) {
        const safe = webUrlOrNull(url);
        if (!safe)
          return {
            ok: false,
            error: { kind: 'bad_request', message: 'Only web links (http or https) can be opened in the browser.' },
          };
        window.open(safe, '_blank', 'noopener,noreferrer');
        return { ok: true, data: null };
      },
      async copyText(text: string) {
        try {
          await navigator.clipboard.writeText(text);
          return { ok: true, data: null };
        } catch {
          return {
            ok: false,
            error: {
              kind: 'bad_request',
              message: 'The browser did not allow copying. Copy the address from the address bar instead.',
            },
          };
        }
      },
    },
    network: {
      state: calls.networkState,
      subscribe: (listener: (s: NetworkState) => void) =>
        streamEvents('network-state', (v): v is NetworkState => isNetworkState(v), listener),
    },
    connections: {
      ...calls.connections,
      onSignedOut: (listener) => streamEvents('signed-out', isSignedOutEvent, listener),
      onSignInPage: (listener) => streamEvents('sign-in-page', isSignInPage, listener),
    },
    // No desktop shell in a browser: a thread's link is this page's own address (the route
    // carries the open thread), the browser's menus are its own, and only a clicked
    // notification opens a thread from outside the page.
    app: {
      // The gateway never holds a launch link (the page's address is the link): no need to ask it.
      takeOpenItem: () => Promise.resolve({ ok: true, data: null }),
      onOpenItem: (listener) => {
        openItemListeners.add(listener);
        return () => void openItemListeners.delete(listener);
      },
      onMenuCommand: () => () => {},
    },
  };
}
