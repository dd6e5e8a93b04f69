import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The loopback redirect of a native app's sign-in (RFC 8252 §7.3): a listener on 127.0.0.1
 * that lives only for one sign-in, takes exactly one callback whose `state` matches, answers
 * the browser with a page that says what happened, and closes. Anything else on it (another
 * path, a second callback, a callback with another state) gets a page saying so and is
 * never taken as the sign-in's answer: a stray or forged link must not end the sign-in the
 * person is in the middle of, so the listener keeps waiting for the matching one.
 */
export type CallbackOutcome =
  | { kind: 'callback'; url: URL }
  | { kind: 'denied'; description: string | null }
  | { kind: 'error'; error: string; description: string | null };

export interface Loopback {
  /** http://127.0.0.1:<port>/callback */
  redirectUri: string;
  port: number;
  /** The one callback for `state`, or what went wrong with it. */
  callback(state: string): Promise<CallbackOutcome>;
  close(): Promise<void>;
}

export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(`Port ${port} on this computer is in use by another program`);
  }
}

const PAGE_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f6f7f9;color:#1d2330}main{max-width:32rem;padding:2rem}h1{font-size:1.4rem}@media (prefers-color-scheme:dark){body{background:#15181e;color:#e6e9ef}}';

// The page's one style block is allowed by its hash: nothing else may run or load there.
const PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'`;

function page(title: string, text: string): string {
  const esc = (s: string) =>
    s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(title)} — Triage Desk</title><style>${PAGE_STYLE}</style><main><h1>${esc(title)}</h1><p>${esc(text)}</p></main></html>`;
}

/** `port`: the one the deployment registered, or 0 for any free one. */
export async function startLoopback(port: number): Promise<Loopback> {
  let expected: { state: string; settle(o: CallbackOutcome): void } | null = null;
  let taken = false;
  const server: Server = createServer((req, res) => {
    const send = (status: number, title: string, text: string) => {
      res.writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': PAGE_CSP,
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
      });
      res.end(page(title, text));
    };
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    if (req.method !== 'GET' || url.pathname !== '/callback')
      return send(404, 'Nothing here', 'This address is only used while Triage Desk signs you in.');
    if (taken || !expected)
      return send(
        409,
        'No sign-in is waiting',
        'Triage Desk is not waiting for a sign-in here. Start it again from Triage Desk if you meant to sign in.',
      );
    const state = url.searchParams.get('state');
    const error = url.searchParams.get('error');
    if (state !== expected.state) {
      return send(
        400,
        'This link does not belong to the sign-in in progress',
        'It was not used. The sign-in Triage Desk started is still waiting: finish it in the tab it opened, or cancel it in Triage Desk.',
      );
    }
    taken = true;
    const { settle } = expected;
    if (error === 'access_denied') {
      send(200, 'Sign-in declined', 'Nothing was shared with Triage Desk. You can close this tab.');
      settle({ kind: 'denied', description: url.searchParams.get('error_description') });
    } else if (error) {
      send(
        200,
        'Sign-in did not finish',
        `The service answered “${error}”. Triage Desk says what to do next. You can close this tab.`,
      );
      settle({ kind: 'error', error, description: url.searchParams.get('error_description') });
    } else {
      send(200, 'Signed in', 'Triage Desk has your sign-in. You can close this tab.');
      settle({ kind: 'callback', url });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(e.code === 'EADDRINUSE' || e.code === 'EACCES' ? new PortInUseError(port) : e),
    );
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    port: actual,
    redirectUri: `http://127.0.0.1:${actual}/callback`,
    callback(state) {
      return new Promise((settle) => {
        expected = { state, settle };
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
