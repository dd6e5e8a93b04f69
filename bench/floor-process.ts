import fs from 'node:fs';
import http from 'node:http';

/**
 * Child process: the floor. A plain node:http server on 127.0.0.1 that answers every request
 * with bytes captured from a real GET items response (status, content type, body), so the
 * difference to the service is exactly what the service does per request.
 */
interface Capture {
  status: number;
  contentType: string;
  bodyBase64: string;
}

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: floor-process.ts CAPTURE.json\n');
  process.exit(2);
}
const capture = JSON.parse(fs.readFileSync(file, 'utf8')) as Capture;
const body = Buffer.from(capture.bodyBase64, 'base64');
const headers = { 'content-type': capture.contentType, 'content-length': String(body.length) };

// Answers at once: the floor is only ever sent GETs, which have no body to wait for.
const server = http.createServer((_req, res) => {
  res.writeHead(capture.status, headers);
  res.end(body);
});
// Fastify's default; keeps the two servers' connection handling alike.
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
