import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Browser mode exposes the bridge over HTTP, so it must refuse anything but the page it
 * served: the Host check defeats DNS rebinding, the Origin check cross-site requests,
 * and the per-launch secret any other local program or tab that guesses the port.
 */
type GuardVerdict = { ok: true } | { ok: false; status: 403 | 421; reason: string };

function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

export function checkHostAndOrigin(req: IncomingMessage, port: number): GuardVerdict {
  const hosts = allowedHosts(port);
  if (!hosts.includes(req.headers.host ?? '')) return { ok: false, status: 421, reason: 'Unexpected Host header' };
  const origin = req.headers.origin;
  if (origin !== undefined && !hosts.some((h) => origin === `http://${h}`))
    return { ok: false, status: 403, reason: 'Cross-origin request refused' };
  return { ok: true };
}

export function secretMatches(given: string | undefined | null, secret: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}
