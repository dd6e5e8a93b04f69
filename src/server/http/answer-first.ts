import http from 'node:http';
import type { FastifyHttpOptions, FastifyServerFactory } from 'fastify';
import { JSON_UTF8 } from './frozen-json.js';

type SlowClientLimits = 'keepAliveTimeout' | 'requestTimeout' | 'connectionTimeout' | 'maxRequestsPerSocket';

/**
 * The server options Fastify hands a serverFactory: the options given to Fastify() with its
 * defaults filled in (fastify/lib/server.js getServerInstance reads the same ones), so the
 * limits are always there. Fastify types them as a plain record, hence one cast below.
 */
type FilledServerOptions = Required<Pick<FastifyHttpOptions<http.Server>, SlowClientLimits>> &
  Pick<FastifyHttpOptions<http.Server>, 'http'>;

/**
 * A Fastify serverFactory for a service that answers some requests before Fastify routes
 * them: its request listener first offers each request to `answer`, which returns the bytes
 * of a 200 JSON answer or null; anything it does not answer goes to Fastify's `handler`.
 * The server is configured from the options Fastify passes the factory, as Fastify would
 * configure its own HTTP/1 server, so the slow-client limits set once in app.ts apply here
 * too and cannot drift apart.
 */
export function answeringFirst(answer: (req: http.IncomingMessage) => Buffer | null): FastifyServerFactory {
  return (handler, opts) => {
    const options = opts as FilledServerOptions;
    const server = http.createServer(options.http ?? {}, (req, res) => {
      const bytes = answer(req);
      if (bytes === null) {
        handler(req, res);
        return;
      }
      // The headers Fastify sends for the same bytes (status, content type, length).
      res.writeHead(200, { 'content-type': JSON_UTF8, 'content-length': bytes.length });
      res.end(bytes);
    });
    // What Fastify does after creating its own server; zero means "Node's default" there too.
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
