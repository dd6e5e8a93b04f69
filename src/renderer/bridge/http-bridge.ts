import { createBridgeCalls, type Invoke } from '../../shared/bridge/calls.js';
import type { NetworkState, OpenItemEvent, TriageBridge } from '../../shared/bridge/channels.js';
import type { BridgeResult } from '../../shared/bridge/errors.js';

/**
 * Browser mode: the same bridge as the preload's, carried over HTTP to the local gateway
 * (127.0.0.1 only). The gateway prints a URL holding a per-launch secret in the fragment;
 * we keep it for this tab and send it with every call, never in a URL the server logs.
 */
const SECRET_KEY = 'triage-desk:gateway-secret';

function gatewaySecret(): string {
  const fromHash = new URLSearchParams(window.location.hash.slice(1)).get('secret');
  if (fromHash) {
    sessionStorage.setItem(SECRET_KEY, fromHash);
    // Drop the secret from the address bar so it is not bookmarked or shared by accident.
    history.replaceState(null, '', window.location.pathname + window.location.search);
    return fromHash;
  }
  return sessionStorage.getItem(SECRET_KEY) ?? '';
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
  const secret = gatewaySecret();
  const headers = { 'content-type': 'application/json', 'x-triage-secret': secret };

  const invoke: Invoke = async (channel, ...args) => {
    try {
      const res = await fetch(`/bridge/${encodeURIComponent(channel)}`, { method: 'POST', headers, body: JSON.stringify(args) });
      if (res.status === 403) {
        return { ok: false, error: { kind: 'bad_request', message: 'This page is not allowed to talk to the Triage Desk gateway. Open the address the demo printed (it carries a one-time secret).' } };
      }
      return (await res.json()) as BridgeResult<never>;
    } catch {
      return { ok: false, error: { kind: 'network', message: 'The Triage Desk gateway is not answering. Is `npm run demo:web` still running?' } };
    }
  };

  const calls = createBridgeCalls(invoke);
  // A clicked notification opens its thread through the same path as a desktop link.
  const openItemListeners = new Set<(e: OpenItemEvent) => void>();
  return {
    ...calls,
    mode: 'browser',
    notify: {
      async show({ itemId, title, body }) {
        if (typeof Notification === 'undefined') return { ok: false, error: { kind: 'bad_request', message: 'This browser cannot show notifications.' } };
        if (Notification.permission !== 'granted') return { ok: true, data: { shown: false } };
        const n = new Notification(title, { body, tag: itemId });
        n.onclick = () => {
          window.focus();
          for (const l of openItemListeners) l({ itemId });
          n.close();
        };
        return { ok: true, data: { shown: true } };
      },
    },
    exporter: {
      async markdown({ suggestedName, content }) {
        const url = URL.createObjectURL(new Blob([content], { type: 'text/markdown;charset=utf-8' }));
        const a = Object.assign(document.createElement('a'), { href: url, download: suggestedName });
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
        return { ok: true, data: { saved: true, path: null } };
      },
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
        if (!safe) return { ok: false, error: { kind: 'bad_request', message: 'Only web links (http or https) can be opened in the browser.' } };
        window.open(safe, '_blank', 'noopener,noreferrer');
        return { ok: true, data: null };
      },
      async copyText(text: string) {
        try {
          await navigator.clipboard.writeText(text);
          return { ok: true, data: null };
        } catch {
          return { ok: false, error: { kind: 'bad_request', message: 'The browser did not allow copying. Copy the address from the address bar instead.' } };
        }
      },
    },
    network: {
      state: calls.networkState,
      subscribe(listener: (s: NetworkState) => void) {
        // EventSource cannot send headers, so the secret travels as a query parameter on this one stream.
        const source = new EventSource(`/bridge-events?secret=${encodeURIComponent(secret)}`);
        source.addEventListener('network-state', (e) => listener(JSON.parse((e as MessageEvent<string>).data) as NetworkState));
        return () => source.close();
      },
    },
    // No desktop shell in a browser: a thread's link is this page's own address (the route
    // carries the open thread), the browser's menus are its own, and only a clicked
    // notification opens a thread from outside the page.
    app: {
      takeOpenItem: calls.takeOpenItem,
      onOpenItem: (listener) => {
        openItemListeners.add(listener);
        return () => void openItemListeners.delete(listener);
      },
      onMenuCommand: () => () => {},
    },
  };
}
