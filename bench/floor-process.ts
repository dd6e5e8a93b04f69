import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';

/**
 * Child process: the floor. A plain node:http server on 127.0.0.1 that answers every request
 * with bytes captured from a real GET items response (status, content type, body), so the
 * difference to the service is exactly what the service does per request.
 *
 * With `--check DATABASE_URL PROJECT_ID` it first does, at once, what every instance of the
 * service on PostgreSQL must do per request: read the cache versions (one primary-key read of
 * the shared and the project's version, storage/versions.ts), so nothing another instance
 * changed is answered from memory, and take from the caller's rate-limit bucket (one upsert,
 * http/shared-rate-limit.ts), so several instances give one person one limit. The least a
 * correct read costs there.
 */
interface Capture {
  status: number;
  contentType: string;
  bodyBase64: string;
}

const [file, flag, databaseUrl, projectId] = process.argv.slice(2);
if (!file || (flag !== undefined && (flag !== '--check' || !databaseUrl || !projectId))) {
  process.stderr.write('usage: floor-process.ts CAPTURE.json [--check DATABASE_URL PROJECT_ID]\n');
  process.exit(2);
}
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 4 }) : null;
const VERSIONS_SQL = `SELECT 'shared' AS kind, scope AS id, version FROM cache_versions WHERE scope = 'shared'
  UNION ALL SELECT 'project', id, cache_version FROM projects WHERE id IN ($1)`;
const TAKE_SQL = `INSERT INTO rate_buckets (key, tokens, at, took) VALUES ('bench floor', 1e9, $1, 1)
  ON CONFLICT (key) DO UPDATE SET tokens = rate_buckets.tokens - 1, at = excluded.at, took = 1 RETURNING tokens, took`;
const capture = JSON.parse(fs.readFileSync(file, 'utf8')) as Capture;
const body = Buffer.from(capture.bodyBase64, 'base64');
const headers = { 'content-type': capture.contentType, 'content-length': String(body.length) };

const answer = (res: http.ServerResponse) => {
  res.writeHead(capture.status, headers);
  res.end(body);
};
// Answers at once: the floor is only ever sent GETs, which have no body to wait for.
const server = http.createServer((_req, res) => {
  if (!pool) return answer(res);
  Promise.all([pool.query(VERSIONS_SQL, [projectId]), pool.query(TAKE_SQL, [Date.now()])]).then(
    () => answer(res),
    (e: unknown) => res.writeHead(500).end(String(e)),
  );
});
// Fastify's default; keeps the two servers' connection handling alike.
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
});
process.once('SIGTERM', () => server.close(() => void (pool?.end() ?? Promise.resolve()).then(() => process.exit(0))));
