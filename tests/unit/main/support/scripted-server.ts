import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  /** Raw path and query as sent. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** Value of the test's clock when the request arrived, if one was given. */
  at: number | undefined;
}

export type Handler = (req: ReceivedRequest, res: ServerResponse, n: number) => void;

/**
 * A real HTTP service on 127.0.0.1 whose answers each test scripts: the client under test
 * goes through sockets, status codes and headers exactly as in production.
 */
export class ScriptedServer {
  readonly requests: ReceivedRequest[] = [];
  private handler: Handler = (_req, res) => json(res, 500, { error: 'No handler scripted for this test.' });
  private server: Server | null = null;
  baseUrl = '';

  constructor(private readonly now?: () => number) {}

  handle(handler: Handler): this {
    this.handler = handler;
    return this;
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const received: ReceivedRequest = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: this.now?.(),
        };
        this.requests.push(received);
        this.handler(received, res, this.requests.length);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function raw(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(text);
}

/** Kills the connection without an answer, as a crashed proxy or dropped Wi-Fi would. */
export function drop(res: ServerResponse): void {
  res.socket?.destroy();
}
