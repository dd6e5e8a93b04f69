import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { NetworkState, SignedOutEvent } from '#shared/bridge/channels.js';
import { RENDERER_CSP } from '#shared/renderer-csp.js';
import { dispatchBridgeCall, type BridgeHandlers } from '../bridge/handlers.js';
import { checkHostAndOrigin } from './guard.js';
import { NO_SESSION, SessionBook } from './sessions.js';
import { readStaticFile } from './static-files.js';
import { asciiJson } from './ascii-json.js';

const MAX_BODY_BYTES = 1_000_000;
/** Open event streams at once: one per tab; a page leaking streams must not exhaust sockets. */
export const MAX_EVENT_STREAMS = 16;

interface GatewayOptions {
  handlers: BridgeHandlers;
  /** Built renderer (out/renderer). */
  rendererDir: string;
  /** Subscribes to the main services' network state for the event stream. */
  onNetworkState(listener: (s: NetworkState) => void): () => void;
  /** A browser sign-in ended; sent to every tab as `signed-out`. */
  onSignedOut?(listener: (e: SignedOutEvent) => void): () => void;
  /** The sign-in page of a browser sign-in under way; sent as `sign-in-page` (the tab offers it as a link). */
  onSignInPage?(listener: (url: string) => void): () => void;
  port?: number;
  /** Fixed first launch secret for tests; a fresh random one otherwise. */
  secret?: string;
}

export interface Gateway {
  url: string;
  /**
   * The address to open: carries a launch secret in the fragment, which browsers never send
   * to the server. It works once: the tab that opens it exchanges it for its own session.
   */
  launchUrl: string;
  /** Another one-time launch address, for another tab. */
  newLaunchUrl(): string;
  port: number;
  /** The first launch secret (the one in launchUrl). */
  secret: string;
  close(): Promise<void>;
}

/**
 * Browser mode: serves the built renderer and the bridge over HTTP on 127.0.0.1 only,
 * for machines where the Electron binary is unavailable and for end-to-end tests.
 */
export async function startGateway(opts: GatewayOptions): Promise<Gateway> {
  const secret = opts.secret ?? randomBytes(24).toString('base64url');
  const rendererDir = resolve(opts.rendererDir);
  let port = 0;
  const streams = new Set<ServerResponse>();
  const sessions = new SessionBook(secret);

  const server: Server = createServer({ headersTimeout: 10_000, requestTimeout: 30_000 }, (req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent)
        sendJson(res, 500, {
          ok: false,
          error: { kind: 'server', message: 'The gateway failed to answer. Try again.' },
        });
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const verdict = checkHostAndOrigin(req, port);
    if (!verdict.ok) return sendJson(res, verdict.status, { error: verdict.reason });
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);

    if (url.pathname === '/healthz') return sendJson(res, 200, { ok: true });

    if (url.pathname === '/session') {
      if (req.method !== 'POST') return sendJson(res, 405, { error: 'Use POST' });
      const exchanged = sessions.exchange(header(req, 'x-triage-launch'));
      if (!exchanged.ok)
        return sendJson(res, 403, { ok: false, error: { kind: 'bad_request', message: exchanged.message } });
      return sendJson(res, 200, { ok: true, data: { session: exchanged.session } });
    }

    if (url.pathname.startsWith('/bridge/')) {
      if (req.method !== 'POST') return sendJson(res, 405, { error: 'Use POST' });
      if (!sessions.holds(header(req, 'x-triage-session')))
        return sendJson(res, 403, { ok: false, error: { kind: 'bad_request', message: NO_SESSION } });
      let channel: string;
      try {
        channel = decodeURIComponent(url.pathname.slice('/bridge/'.length));
      } catch {
        return sendJson(res, 400, {
          ok: false,
          error: {
            kind: 'bad_request',
            message: 'The bridge call name is not a valid path: a % must start an escape such as %3A.',
          },
        });
      }
      const body = await readBody(req);
      if (body === null) {
        // The rest of the body is unread: close the connection rather than let it be reused mid-stream.
        res.setHeader('connection', 'close');
        return sendJson(res, 413, { ok: false, error: { kind: 'bad_request', message: 'That request is too large.' } });
      }
      let args: unknown;
      try {
        args = body.length ? JSON.parse(body) : [];
      } catch {
        return sendJson(res, 400, {
          ok: false,
          error: { kind: 'bad_request', message: 'The bridge call was not valid JSON.' },
        });
      }
      return sendJson(res, 200, await dispatchBridgeCall(opts.handlers, channel, args));
    }

    if (url.pathname === '/bridge-events') {
      if (!sessions.holds(url.searchParams.get('session'))) return sendJson(res, 403, { error: NO_SESSION });
      if (streams.size >= MAX_EVENT_STREAMS) {
        res.setHeader('retry-after', '5');
        return sendJson(res, 429, {
          error: `At most ${MAX_EVENT_STREAMS} event streams may be open at once; close other Triage Desk tabs.`,
        });
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      res.write(': connected\n\n');
      streams.add(res);
      req.on('close', () => streams.delete(res));
      return;
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'Method not allowed' });
    const file = await readStaticFile(rendererDir, url.pathname);
    if (!file) return sendJson(res, 404, { error: 'Not found. Build the renderer first: npx electron-vite build' });
    res.writeHead(200, {
      'content-type': file.type,
      'content-security-policy': RENDERER_CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  const broadcast = (event: string, data: unknown) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const s of streams) s.write(frame);
  };
  const unsubscribers = [
    opts.onNetworkState((state) => broadcast('network-state', state)),
    opts.onSignedOut?.((e) => broadcast('signed-out', e)),
    opts.onSignInPage?.((url) => broadcast('sign-in-page', url)),
  ];
  const unsubscribe = () => unsubscribers.forEach((u) => u?.());

  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? 0, '127.0.0.1', () => ok());
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/`;

  return {
    url,
    launchUrl: `${url}#secret=${secret}`,
    newLaunchUrl: () => `${url}#secret=${sessions.newLaunchSecret()}`,
    port,
    secret,
    async close() {
      unsubscribe();
      for (const s of streams) s.end();
      streams.clear();
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(asciiJson(body));
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
