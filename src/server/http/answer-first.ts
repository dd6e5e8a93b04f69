import http from 'node:http';
import type { ServerTimeouts } from './timeouts.js';

const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * The HTTP server for a service that answers some requests before Fastify routes them: its
 * request listener first offers each request to `answer`, which returns the bytes of a 200
 * JSON answer or null; anything it does not answer goes to Fastify's `handler`. Built with
 * the options Fastify would give its own server (http/timeouts.ts), so slow and idle
 * clients are cut off alike.
 */
export function answeringFirst(timeouts: ServerTimeouts, answer: (req: http.IncomingMessage) => Buffer | null) {
  return (handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): http.Server => {
    const server = http.createServer({ headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs, connectionsCheckingInterval: timeouts.checkEveryMs }, (req, res) => {
      const bytes = answer(req);
      if (bytes === null) {
        handler(req, res);
        return;
      }
      // The headers Fastify sends for the same bytes (status, content type, length).
      res.writeHead(200, { 'content-type': JSON_UTF8, 'content-length': bytes.length });
      res.end(bytes);
    });
    server.keepAliveTimeout = timeouts.keepAliveMs;
    server.requestTimeout = timeouts.requestMs;
    server.setTimeout(timeouts.idleSocketMs);
    return server;
  };
}
