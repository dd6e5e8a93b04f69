import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverSignIn, resourceMetadataFromChallenge } from '../../../src/main/services/sign-in/discovery.js';

/**
 * Small stand-ins for what a deployment may or may not publish: each test says which
 * addresses answer and how; everything else is a 404.
 */
type Route = (req: IncomingMessage, res: ServerResponse, origin: string) => void;
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function standIn(routes: Record<string, Route>): Promise<string> {
  let origin = '';
  const server = createServer((req, res) => {
    const route = routes[(req.url ?? '/').split('?')[0]!];
    if (route) route(req, res, origin);
    else res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return origin;
}

const json =
  (body: (origin: string) => unknown, status = 200): Route =>
  (_req, res, origin) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body(origin)));
const asMetadata = (o: string, extra: Record<string, unknown> = {}) => ({
  issuer: `${o}/oauth`,
  authorization_endpoint: `${o}/oauth/auth`,
  token_endpoint: `${o}/oauth/token`,
  registration_endpoint: `${o}/oauth/reg`,
  revocation_endpoint: `${o}/oauth/revoke`,
  code_challenge_methods_supported: ['S256'],
  ...extra,
});
const resourceMetadata = (o: string) => ({ resource: `${o}/api/v1`, authorization_servers: [`${o}/oauth`] });
const challenge401 =
  (metadataPath: string): Route =>
  (_req, res, origin) =>
    res
      .writeHead(401, {
        'content-type': 'application/json',
        'www-authenticate': `Bearer realm="feedback", resource_metadata="${origin}${metadataPath}"`,
      })
      .end('{"error":"No token was sent."}');

describe('finding browser sign-in', () => {
  it('follows the deployment’s install-config, the resource metadata and the server metadata (RFC 8414)', async () => {
    const origin = await standIn({
      '/mcp/install-config': json((o) => ({ url: `${o}/mcp`, clientId: 'desk-client', callbackPort: 54545 })),
      '/api/v1/workspaces': challenge401('/.well-known/oauth-protected-resource/api/v1'),
      '/.well-known/oauth-protected-resource/api/v1': json(resourceMetadata),
      '/.well-known/oauth-authorization-server/oauth': json((o) => asMetadata(o)),
    });
    const found = await discoverSignIn(origin);
    expect(found).toMatchObject({
      available: true,
      clientId: 'desk-client',
      callbackPort: 54545,
      resource: `${origin}/api/v1`,
      scopes: ['profile', 'email', 'offline_access'],
    });
    expect(found.available && found.server.token_endpoint).toBe(`${origin}/oauth/token`);
  });

  it('registers a client itself when the install-config names none', async () => {
    const origin = await standIn({
      '/mcp/install-config': json((o) => ({ url: `${o}/mcp` })),
      '/.well-known/oauth-protected-resource/api/v1': json(resourceMetadata),
      '/.well-known/oauth-authorization-server/oauth': json((o) => asMetadata(o)),
    });
    expect(await discoverSignIn(origin)).toMatchObject({ available: true, clientId: null, callbackPort: null });
  });

  it('finds the resource metadata where only the 401 names it, and the server through OpenID discovery', async () => {
    const origin = await standIn({
      '/api/v1/workspaces': challenge401('/meta/resource.json'),
      '/meta/resource.json': json(resourceMetadata),
      '/oauth/.well-known/openid-configuration': json((o) => asMetadata(o)),
    });
    expect(await discoverSignIn(origin)).toMatchObject({
      available: true,
      resource: `${origin}/api/v1`,
      clientId: null,
    });
  });

  it('finds the resource metadata at the origin’s well-known address without the API’s path', async () => {
    const origin = await standIn({
      '/.well-known/oauth-protected-resource': json((o) => ({ resource: o, authorization_servers: [`${o}/oauth`] })),
      '/.well-known/oauth-authorization-server/oauth': json((o) => asMetadata(o)),
    });
    const found = await discoverSignIn(origin);
    expect(found).toMatchObject({ available: true, resource: origin, clientId: null });
    expect(found.available && found.server.issuer).toBe(`${origin}/oauth`);
  });

  it('with an install-config and no resource metadata, takes the issuer from the origin', async () => {
    const origin = await standIn({
      '/mcp/install-config': json((o) => ({ url: `${o}/mcp`, clientId: 'desk-client' })),
      '/.well-known/oauth-authorization-server': json((o) =>
        asMetadata(o, { issuer: o, registration_endpoint: undefined }),
      ),
    });
    const found = await discoverSignIn(origin);
    expect(found).toMatchObject({ available: true, resource: null, clientId: 'desk-client', callbackPort: null });
    expect(found.available && found.server.issuer).toBe(origin);
  });

  it('says so when nothing offers sign-in', async () => {
    const origin = await standIn({ '/api/v1/workspaces': json(() => ({ error: 'No token was sent.' }), 401) });
    expect(await discoverSignIn(origin)).toEqual({
      available: false,
      reason: '127.0.0.1:' + new URL(origin).port + ' does not offer browser sign-in. Use a personal token instead.',
    });
  });

  it('says so when the server registers no clients and the deployment names none', async () => {
    const origin = await standIn({
      '/.well-known/oauth-protected-resource/api/v1': json(resourceMetadata),
      '/.well-known/oauth-authorization-server/oauth': json((o) => asMetadata(o, { registration_endpoint: undefined })),
    });
    expect(await discoverSignIn(origin)).toMatchObject({
      available: false,
      reason: expect.stringMatching(/only to apps it registered in advance/),
    });
  });

  it('refuses a server without PKCE (S256)', async () => {
    const origin = await standIn({
      '/.well-known/oauth-protected-resource/api/v1': json(resourceMetadata),
      '/.well-known/oauth-authorization-server/oauth': json((o) =>
        asMetadata(o, { code_challenge_methods_supported: ['plain'] }),
      ),
    });
    expect(await discoverSignIn(origin)).toMatchObject({
      available: false,
      reason: expect.stringMatching(/does not support PKCE \(S256\)/),
    });
  });

  it('tolerates a sign-in server that answers HTML or never answers', async () => {
    const html = await standIn({
      '/.well-known/oauth-protected-resource/api/v1': json(resourceMetadata),
      '/.well-known/oauth-authorization-server/oauth': (_q, res) =>
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Sign in</title>'),
      '/oauth/.well-known/openid-configuration': (_q, res) =>
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'),
    });
    expect(await discoverSignIn(html)).toMatchObject({
      available: false,
      reason: expect.stringMatching(/did not describe itself/),
    });
    const silent = await standIn({
      '/.well-known/oauth-protected-resource/api/v1': json(resourceMetadata),
      '/.well-known/oauth-authorization-server/oauth': () => undefined,
      '/oauth/.well-known/openid-configuration': () => undefined,
    });
    const started = Date.now();
    expect(await discoverSignIn(silent, { timeoutMs: 300 })).toMatchObject({ available: false });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses resource metadata that describes another resource', async () => {
    const origin = await standIn({
      '/.well-known/oauth-protected-resource/api/v1': json(() => ({
        resource: 'https://elsewhere.example/api/v1',
        authorization_servers: ['https://elsewhere.example'],
      })),
      '/.well-known/oauth-protected-resource': json(() => ({
        resource: 'https://elsewhere.example',
        authorization_servers: ['https://elsewhere.example'],
      })),
    });
    expect(await discoverSignIn(origin)).toMatchObject({ available: false });
  });

  it('never signs in over plain http to another computer', async () => {
    expect(await discoverSignIn('http://feedback.example.com')).toEqual({
      available: false,
      reason: 'Browser sign-in needs an https:// address; feedback.example.com was given with http://.',
    });
  });
});

describe('reading a Bearer challenge', () => {
  it('finds resource_metadata quoted or not, beside other parameters and schemes', () => {
    expect(
      resourceMetadataFromChallenge(
        'Bearer resource_metadata="https://a.example/.well-known/oauth-protected-resource"',
      ),
    ).toBe('https://a.example/.well-known/oauth-protected-resource');
    expect(
      resourceMetadataFromChallenge(
        'Bearer realm="feedback", error="invalid_token", error_description="The token, it \\"expired\\"", resource_metadata="https://a.example/m"',
      ),
    ).toBe('https://a.example/m');
    expect(resourceMetadataFromChallenge('Basic realm="x", Bearer resource_metadata=https://a.example/m')).toBe(
      'https://a.example/m',
    );
    expect(resourceMetadataFromChallenge('Bearer realm="feedback"')).toBeNull();
    expect(resourceMetadataFromChallenge('Basic realm="resource_metadata=x"')).toBeNull();
    expect(resourceMetadataFromChallenge(null)).toBeNull();
  });
});
