import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { signInWithBrowser } from '../../../src/main/services/sign-in/browser-sign-in.js';
import type { SignInDiscovery } from '../../../src/main/services/sign-in/discovery.js';

/**
 * A sign-in server that misbehaves part-way through the flow: its registration or token
 * endpoint answers a web page, or never answers. The "browser" goes straight back to the
 * loopback with a code, as a person who allowed the sign-in would.
 */
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise((r) => s.close(r));
    }),
  );
});

async function signInServer(handlers: {
  token?: Handler;
  reg?: Handler;
}): Promise<{ origin: string; calls: string[] }> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    calls.push(req.url ?? '');
    const handler = req.url === '/oauth/token' ? handlers.token : req.url === '/oauth/reg' ? handlers.reg : undefined;
    if (handler) return handler(req, res);
    res.writeHead(404).end();
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls };
}

const discovery = (origin: string, clientId: string | null): Extract<SignInDiscovery, { available: true }> => ({
  available: true,
  server: {
    issuer: `${origin}/oauth`,
    authorization_endpoint: `${origin}/oauth/auth`,
    token_endpoint: `${origin}/oauth/token`,
    registration_endpoint: `${origin}/oauth/reg`,
  },
  resource: null,
  clientId,
  callbackPort: null,
  scopes: ['offline_access'],
});

/** The person allows at once: the browser lands on the loopback with a code and the right state. */
async function allowAtOnce(url: string): Promise<void> {
  const auth = new URL(url);
  const back = new URL(auth.searchParams.get('redirect_uri')!);
  back.searchParams.set('code', 'the-code');
  back.searchParams.set('state', auth.searchParams.get('state')!);
  void fetch(back);
}

const webPage: Handler = (_req, res) =>
  res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Maintenance</title><p>Back soon');
const never: Handler = () => undefined;
// The libraries' own wording, which a person cannot act on.
const LIBRARY_TEXT = /JSON|OperationProcessingError|unexpected|must be|"response"|fetch failed|aborted/i;

describe('a sign-in server failing during the flow', () => {
  for (const [what, token, said] of [
    [
      'answers a web page',
      webPage,
      /answered with something that is not a sign-in answer \(HTTP 200, a web page\) while finishing the sign-in/,
    ],
    ['never answers', never, /did not answer in time while finishing the sign-in/],
  ] as const) {
    it(`token endpoint ${what}: a clear sentence, nothing kept, and the loopback closed`, async () => {
      const { origin } = await signInServer({ token });
      let redirect = '';
      const r = await signInWithBrowser(discovery(origin, 'desk'), {
        requestTimeoutMs: 1_000,
        openBrowser: async (url) => {
          redirect = new URL(url).searchParams.get('redirect_uri')!;
          await allowAtOnce(url);
        },
      });
      expect(r.ok).toBe(false);
      const message = r.ok ? '' : r.message;
      expect(message).toMatch(said);
      expect(message).toMatch(/Nothing was changed: start the sign-in again, or use a personal token\.$/);
      expect(message).not.toMatch(LIBRARY_TEXT);
      expect(r).toMatchObject({ kind: 'refused' });
      await expect(fetch(redirect)).rejects.toThrow();
    });
  }

  for (const [what, reg, said] of [
    [
      'answers a web page',
      webPage,
      /answered with something that is not a sign-in answer \(HTTP 200, a web page\) while registering Triage Desk as an app/,
    ],
    ['never answers', never, /did not answer in time while registering Triage Desk as an app/],
  ] as const) {
    it(`registration ${what}: a clear sentence, and the browser is never opened`, async () => {
      const { origin } = await signInServer({ reg });
      let opened = false;
      const r = await signInWithBrowser(discovery(origin, null), {
        requestTimeoutMs: 1_000,
        openBrowser: async () => {
          opened = true;
        },
      });
      expect(r.ok).toBe(false);
      const message = r.ok ? '' : r.message;
      expect(message).toMatch(said);
      expect(message).not.toMatch(LIBRARY_TEXT);
      expect(opened).toBe(false);
    });
  }

  it('quotes the service’s own refusal of the code', async () => {
    const { origin } = await signInServer({
      token: (_req, res) =>
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: 'invalid_grant', error_description: 'The code was already used' })),
    });
    const r = await signInWithBrowser(discovery(origin, 'desk'), { requestTimeoutMs: 1_000, openBrowser: allowAtOnce });
    expect(r).toMatchObject({
      ok: false,
      kind: 'refused',
      message: `${new URL(origin).host} refused finishing the sign-in (invalid_grant: The code was already used). Nothing was changed: start the sign-in again, or use a personal token.`,
    });
  });
});
