import type { FastifyRequest } from 'fastify';
import type { Caller } from '../domain/caller.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the API's authentication hook before any handler runs. */
    caller: Caller | null;
  }
  interface FastifyInstance {
    /** --public-url, normalized; null when absolute links use the address the connection reached. */
    publicUrl: string | null;
  }
}

export function callerOf(req: FastifyRequest): Caller {
  if (!req.caller) throw new Error('callerOf used on a route without the authentication hook');
  return req.caller;
}

/**
 * Where absolute URLs (screenshots, attachments, the OpenAPI server) point: the configured
 * public URL, else the local address and port the connection reached. Never the Host
 * header: the caller writes it, and it would end up in answers others read.
 */
export function baseUrlOf(req: FastifyRequest): string {
  if (req.server.publicUrl !== null) return req.server.publicUrl;
  const { localAddress, localPort } = req.socket;
  const address = (localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return `http://${address.includes(':') ? `[${address}]` : address}:${localPort ?? 80}`;
}
