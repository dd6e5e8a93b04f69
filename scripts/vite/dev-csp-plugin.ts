import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin, ResolvedConfig } from 'vite';
import { RENDERER_CSP } from '../../src/shared/renderer-csp.js';

/**
 * The renderer's Content Security Policy, loosened just enough for the Vite dev server. The
 * React-refresh preamble (@vitejs/plugin-react) is an inline module script and Vite's client
 * injects every stylesheet as a <style> element; RENDERER_CSP's `script-src 'self'; style-src
 * 'self'` refuses both. Rather than 'unsafe-inline', each HTML response gets its own nonce and
 * Vite's `html.cspNonce` machinery writes it on every tag Vite and the plugins inject, and into
 * `<meta property="csp-nonce">`, where Vite's client reads it for the styles it adds later.
 * The HMR websocket is added to connect-src; every other directive stays RENDERER_CSP's.
 *
 * `apply: 'serve'`: builds never load this plugin, so the packaged page keeps the strict
 * policy and index.html's strict meta byte for byte.
 */

export const DEV_CSP_PLUGIN_NAME = 'triage-desk:dev-csp';

/** A browser ignores these, with a console warning, when the policy arrives in a <meta>. */
const HEADER_ONLY_DIRECTIVES = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

const CSP_META_RE = /<meta\b[^>]*\bhttp-equiv\s*=\s*(["']?)content-security-policy\1(?=[\s/>])[^>]*>/gi;

/** A Host header is the client's to choose: only a plain name or IPv4 address goes into a policy. */
const PLAIN_HOSTNAME_RE = /^[a-z0-9.-]+$/i;

interface HtmlRequest {
  req: IncomingMessage;
  res: ServerResponse;
  nonce?: string;
}

function freshNonce(): string {
  return randomBytes(18).toString('base64');
}

function devRendererCsp(nonce: string, socketOrigins: readonly string[], opts: { forMeta: boolean }): string {
  const directives = parsePolicy(RENDERER_CSP);
  // A directive the base policy leaves out falls back to default-src: keep that meaning when adding to it.
  const fallback = directives.get('default-src') ?? [];
  const extend = (name: string, extra: readonly string[]) => {
    const sources = (directives.get(name) ?? fallback).filter((s) => s !== "'none'");
    directives.set(name, [...sources, ...extra.filter((s) => !sources.includes(s))]);
  };
  extend('script-src', [`'nonce-${nonce}'`]);
  extend('style-src', [`'nonce-${nonce}'`]);
  extend('connect-src', socketOrigins);
  return [...directives]
    .filter(([name]) => !(opts.forMeta && HEADER_ONLY_DIRECTIVES.has(name)))
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

function parsePolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    const key = name?.toLowerCase();
    // Browsers enforce a repeated directive's first occurrence only.
    if (key && !directives.has(key)) directives.set(key, sources);
  }
  return directives;
}

/**
 * The websocket Vite's client opens from a page served with this Host header, worked out as
 * the client does: server.ws host/port/clientPort when set, else the page's own host and port.
 * The client's "direct target" retry is left out: it only runs when a proxy in between breaks
 * the first socket, and the Electron window talks to the dev server directly.
 */
function hmrSocketOrigins(config: ResolvedConfig, requestHost: string | undefined): string[] {
  const ws = config.server.ws;
  if (ws === false) return [];
  const protocol = ws?.protocol ?? (config.server.https ? 'wss' : 'ws');
  let port: number | string | undefined = ws?.clientPort || ws?.port || undefined;
  if (config.server.middlewareMode && !ws?.server) port ||= 24678;
  let page: URL | undefined;
  try {
    page = requestHost ? new URL(`http://${requestHost}`) : undefined;
  } catch {
    page = undefined;
  }
  const hostname = ws?.host || page?.hostname;
  port ||= page?.port;
  if (!hostname || !PLAIN_HOSTNAME_RE.test(hostname)) return [];
  return [`${protocol}://${hostname}${port ? `:${port}` : ''}`];
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

export function devCspPlugin(): Plugin {
  const requests = new AsyncLocalStorage<HtmlRequest>();
  // For a page transformed outside any request (a tool calling server.transformIndexHtml).
  let serverNonce = freshNonce();
  let config: ResolvedConfig | undefined;

  const currentNonce = () => {
    const request = requests.getStore();
    if (!request) return serverNonce;
    request.nonce ??= freshNonce();
    return request.nonce;
  };

  return {
    name: DEV_CSP_PLUGIN_NAME,
    apply: 'serve',
    config() {
      serverNonce = freshNonce();
      return { html: { cspNonce: serverNonce } };
    },
    configResolved(resolved) {
      config = resolved;
      // Vite reads html.cspNonce afresh for every page it transforms (its meta and nonce="…"
      // hooks run around all plugins' hooks), so a getter hands it the current response's nonce.
      Object.defineProperty(resolved.html, 'cspNonce', { get: currentNonce, enumerable: true, configurable: true });
    },
    configureServer(server) {
      // Added here, ahead of Vite's own middlewares, so its index.html transform runs inside this request's context.
      server.middlewares.use((req, res, next) => requests.run({ req, res }, next));
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const request = requests.getStore();
        const nonce = currentNonce();
        const sockets = config ? hmrSocketOrigins(config, request?.req.headers.host) : [];
        if (request && !request.res.headersSent) {
          request.res.setHeader('Content-Security-Policy', devRendererCsp(nonce, sockets, { forMeta: false }));
        }
        // A <meta> policy is enforced alongside the header, so index.html's strict one would still refuse the nonce'd tags.
        const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(devRendererCsp(nonce, sockets, { forMeta: true }))}" />`;
        return html.replace(CSP_META_RE, meta);
      },
    },
  };
}
