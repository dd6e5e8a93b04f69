import type { FastifyRequest } from 'fastify';
import type { Caller } from '../domain/caller.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the API's authentication hook before any handler runs. */
    caller: Caller | null;
  }
}

export function callerOf(req: FastifyRequest): Caller {
  if (!req.caller) throw new Error('callerOf used on a route without the authentication hook');
  return req.caller;
}

/** Absolute URLs (screenshots, attachments) point back at the host the caller used. */
export function baseUrlOf(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}
