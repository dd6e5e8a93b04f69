import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createServer, normalizePublicUrl } from './app.js';
import { SHAPES, type Shapes } from './http/lean-shapes.js';
import { FixtureError, loadFixture } from './fixture/load.js';
import {
  DatabaseOpenError,
  DB_FILE_NAME,
  describeUrl,
  isDatabaseEmpty,
  isDataDirEmpty,
  openDatabase,
  type Db,
} from './storage/open.js';

/** SQLite's own name for a database that lives in memory: taken as it is, never as a folder. */
const IN_MEMORY = ':memory:';

const USAGE = `Usage: npm run server -- [--port 4010] [--host 127.0.0.1] [--public-url URL] [--data ./var/data | --database postgres://…]
                          [--demo | --fixture file.json] [--shapes minimal]
                          [--oauth | --no-oauth] [--oauth-access-ttl SECONDS] [--oauth-client-id ID --oauth-callback-port N]

  --port N         TCP port (0 picks a free one). Default 4010.
  --host ADDR      Address to listen on. Default 127.0.0.1.
  --public-url URL Start of absolute links in answers (screenshots, attachments, the
                   OpenAPI server), e.g. https://feedback.example.com. Default: the
                   listening address. The Host header is never used.
  --trust-proxy ADDRS
                   Behind a reverse proxy (nginx, a load balancer): its addresses or CIDR ranges,
                   comma-separated, e.g. 127.0.0.1 or 10.0.0.0/8. Requests from them are taken to
                   come from the client X-Forwarded-For names, so limits per client address count
                   clients, not the proxy. Needs --public-url (the address people reach).
  --access-log     Print one line per API request: method, path, status.
  --answer-before-routing
                   Answer lists already in memory before Fastify routes them (SQLite, one
                   instance): faster cached reads, but those requests pass no hook, so it
                   cannot be combined with --access-log. Off by default.
  --rate-limit N/B Per-token limit: N requests a minute, bursts of B. Default 300/120.
                   For trying a client against a strict service (end-to-end tests).
  --data DIR       SQLite: the data directory; the database is DIR/${DB_FILE_NAME}. Default ./var/data.
                   --data :memory: keeps everything in memory, gone when the service stops.
  --database URL   PostgreSQL instead: postgres://user:password@host:5432/database (also read
                   from DATABASE_URL).
  --demo           Seed the demo dataset when the database is empty.
  --fixture FILE   Load a fixture (JSON) into an empty database.
  --shapes MODE    Answer shapes: full (default, the contract's) or minimal (the lean answers
                   of the live hosted service; docs/api-decisions.md "Lean mode").
  --oauth          Offer "Sign in with your browser": an OAuth 2.1 authorization server under
                   /oauth, and people revoke sign-ins at /oauth/account. On by default with --demo.
  --no-oauth       Turn it off (with --demo too).
  --oauth-access-ttl SECONDS
                   Lifetime of OAuth access tokens, 1 to 86400. Default 3600. Short ones are for
                   trying a client's refresh (end-to-end tests).
  --oauth-client-id ID --oauth-callback-port N
                   An app registered in advance, returning to http://127.0.0.1:N/callback or
                   http://localhost:N/callback; /mcp/install-config names it. Without them,
                   apps register themselves (dynamic client registration).
  --help           Show this help.`;

class UsageError extends Error {}

interface CliOptions {
  port: number;
  host: string;
  /** Where the data lives: a SQLite directory, or a PostgreSQL URL. */
  store: { dataDir: string } | { databaseUrl: string };
  demo: boolean;
  fixture: string | null;
  shapes: Shapes;
  publicUrl: string | null;
  trustProxy: string[];
  rateLimit: { perMinute: number; burst: number } | null;
  accessLog: boolean;
  answerBeforeRouting: boolean;
  oauth: boolean;
  oauthAccessTtl: number | null;
  oauthClient: { clientId: string; callbackPort: number } | null;
}

function parseCli(argv: string[], env: NodeJS.ProcessEnv = process.env): CliOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        database: { type: 'string' },
        demo: { type: 'boolean' },
        fixture: { type: 'string' },
        shapes: { type: 'string' },
        'public-url': { type: 'string' },
        'trust-proxy': { type: 'string' },
        'rate-limit': { type: 'string' },
        'access-log': { type: 'boolean' },
        'answer-before-routing': { type: 'boolean' },
        oauth: { type: 'boolean' },
        'no-oauth': { type: 'boolean' },
        'oauth-access-ttl': { type: 'string' },
        'oauth-client-id': { type: 'string' },
        'oauth-callback-port': { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  if (values.help) return 'help';
  const portText = values.port ?? '4010';
  if (!/^\d+$/.test(portText) || Number(portText) > 65535)
    throw new UsageError(`--port must be a whole number from 0 to 65535, not "${portText}".`);
  if (values.host !== undefined && values.host.trim() === '') throw new UsageError('--host must not be empty.');
  if (values.data !== undefined && values.data.trim() === '') throw new UsageError('--data must not be empty.');
  const databaseUrl = values.database ?? (values.data === undefined ? env['DATABASE_URL'] : undefined);
  if (values.data !== undefined && values.database !== undefined)
    throw new UsageError('Use either --data (SQLite) or --database (PostgreSQL), not both.');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl.trim())) {
    throw new UsageError(
      `--database${values.database === undefined ? ' (from DATABASE_URL)' : ''} must be a PostgreSQL URL such as postgres://user:password@host:5432/database.`,
    );
  }
  if (values.demo && values.fixture !== undefined) throw new UsageError('Use either --demo or --fixture, not both.');
  const shapes = values.shapes ?? 'full';
  if (!isShapes(shapes)) throw new UsageError(`--shapes must be ${SHAPES.join(' or ')}, not "${shapes}".`);
  let publicUrl: string | null = null;
  if (values['public-url'] !== undefined) {
    try {
      publicUrl = normalizePublicUrl(values['public-url']);
    } catch (e) {
      throw new UsageError(`--public-url: ${(e as Error).message}`);
    }
  }
  const trustProxy = values['trust-proxy'] === undefined ? [] : values['trust-proxy'].split(',').map((a) => a.trim());
  for (const address of trustProxy) {
    if (!isAddressOrRange(address))
      throw new UsageError(
        `--trust-proxy takes IP addresses or CIDR ranges separated by commas, such as 127.0.0.1 or 10.0.0.0/8, not "${address}".`,
      );
  }
  if (trustProxy.length > 0 && publicUrl === null) {
    throw new UsageError(
      '--trust-proxy needs --public-url: behind a proxy, the address the service listens on is not the one people reach.',
    );
  }
  if (values['answer-before-routing'] && values['access-log']) {
    throw new UsageError(
      '--answer-before-routing and --access-log do not go together: answers made before routing pass no hook, so the log would miss them.',
    );
  }
  if (values['answer-before-routing'] && databaseUrl !== undefined) {
    throw new UsageError(
      '--answer-before-routing is for one instance on SQLite: on PostgreSQL nothing is answered from memory.',
    );
  }
  let rateLimit: CliOptions['rateLimit'] = null;
  if (values['rate-limit'] !== undefined) {
    const m = /^(\d{1,6})\/(\d{1,6})$/.exec(values['rate-limit']);
    if (!m || Number(m[1]) < 1 || Number(m[2]) < 1)
      throw new UsageError(
        `--rate-limit must read N/B (requests a minute / burst), both at least 1, such as 300/120, not "${values['rate-limit']}".`,
      );
    rateLimit = { perMinute: Number(m[1]), burst: Number(m[2]) };
  }
  if (values.oauth && values['no-oauth']) throw new UsageError('Use either --oauth or --no-oauth, not both.');
  const oauth = values['no-oauth'] ? false : (values.oauth ?? values.demo ?? false);
  const needsOauth = (flag: string) => {
    if (!oauth)
      throw new UsageError(
        `${flag} needs the OAuth sign-in on: add --oauth (it is on by default with --demo, unless --no-oauth).`,
      );
  };
  let oauthAccessTtl: number | null = null;
  const ttlText = values['oauth-access-ttl'];
  if (ttlText !== undefined) {
    needsOauth('--oauth-access-ttl');
    if (!/^\d{1,5}$/.test(ttlText) || Number(ttlText) < 1 || Number(ttlText) > 86_400) {
      throw new UsageError(`--oauth-access-ttl must be a whole number of seconds from 1 to 86400, not "${ttlText}".`);
    }
    oauthAccessTtl = Number(ttlText);
  }
  let oauthClient: CliOptions['oauthClient'] = null;
  const clientId = values['oauth-client-id'];
  const callbackPort = values['oauth-callback-port'];
  if (clientId !== undefined || callbackPort !== undefined) {
    needsOauth(clientId !== undefined ? '--oauth-client-id' : '--oauth-callback-port');
    if (clientId === undefined || callbackPort === undefined)
      throw new UsageError('--oauth-client-id and --oauth-callback-port go together: give both, or neither.');
    if (!/^[\x21-\x7E]{1,200}$/.test(clientId)) {
      throw new UsageError(
        `--oauth-client-id must be 1 to 200 printable characters without spaces, not "${clientId}".`,
      );
    }
    if (!/^\d{1,5}$/.test(callbackPort) || Number(callbackPort) < 1 || Number(callbackPort) > 65535) {
      throw new UsageError(`--oauth-callback-port must be a whole number from 1 to 65535, not "${callbackPort}".`);
    }
    oauthClient = { clientId, callbackPort: Number(callbackPort) };
  }
  return {
    publicUrl,
    trustProxy,
    rateLimit,
    oauth,
    oauthAccessTtl,
    oauthClient,
    accessLog: values['access-log'] ?? false,
    answerBeforeRouting: values['answer-before-routing'] ?? false,
    port: Number(portText),
    host: values.host ?? '127.0.0.1',
    store:
      databaseUrl !== undefined
        ? { databaseUrl: databaseUrl.trim() }
        : { dataDir: values.data === IN_MEMORY ? IN_MEMORY : path.resolve(values.data ?? './var/data') },
    demo: values.demo ?? false,
    fixture: values.fixture ?? null,
    shapes,
  };
}

function isAddressOrRange(text: string): boolean {
  const [address, bits, extra] = text.split('/');
  const family = net.isIP(address ?? '');
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const isShapes = (text: string): text is Shapes => (SHAPES as readonly string[]).includes(text);

function readFixtureFile(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`Cannot read the fixture file ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}.`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new FixtureError(`${file} is not valid JSON: ${(e as Error).message}`);
  }
}

async function buildDemo(now: number): Promise<unknown> {
  // Loaded only with --demo: the generator is large and not needed to serve a data directory.
  const { buildDemoFixture } = await import('./demo/index.js');
  return buildDemoFixture({ now });
}

/** A failed seed must not leave a database behind, or the next start would skip seeding. */
function removeDatabaseFiles(dataDir: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal'])
    fs.rmSync(path.join(dataDir, DB_FILE_NAME + suffix), { force: true });
}

function describeStore(store: CliOptions['store']): string {
  if ('databaseUrl' in store) return `data in ${describeUrl(store.databaseUrl)}`;
  return store.dataDir === IN_MEMORY ? 'data in memory only, gone when it stops' : `data in ${store.dataDir}`;
}

async function openAndSeed(opts: CliOptions): Promise<{ db: Db; note: string }> {
  const { store } = opts;
  const where =
    'dataDir' in store ? `the data directory ${store.dataDir}` : `the database ${describeUrl(store.databaseUrl)}`;
  // SQLite: a directory without the file is empty, and a failed seed removes the file again.
  // PostgreSQL: the database says whether it is empty; a failed seed rolls back its one transaction.
  const emptyDir = 'dataDir' in store ? store.dataDir === IN_MEMORY || isDataDirEmpty(store.dataDir) : null;
  if (opts.fixture !== null && emptyDir === false)
    throw new UsageError(`--fixture loads only into an empty database, and ${where} already holds ${DB_FILE_NAME}.`);
  const db = await openDatabase(store);
  const empty = emptyDir ?? (await isDatabaseEmpty(db));
  if (opts.fixture !== null && !empty) {
    await db.destroy();
    throw new UsageError(`--fixture loads only into an empty database, and ${where} already holds data.`);
  }
  const seed = empty
    ? opts.fixture !== null
      ? readFixtureFile(opts.fixture)
      : opts.demo
        ? await buildDemo(Date.now())
        : null
    : null;
  if (seed === null) return { db, note: empty ? 'started empty' : 'using the existing data' };
  try {
    const summary = await loadFixture(db, seed);
    return {
      db,
      note: `seeded ${summary.items} threads in ${summary.projects} projects from ${opts.fixture ?? 'the demo dataset'}`,
    };
  } catch (e) {
    await db.destroy();
    if ('dataDir' in store && store.dataDir !== IN_MEMORY) removeDatabaseFiles(store.dataDir);
    throw e;
  }
}

async function main(argv: string[]): Promise<number> {
  let opts: CliOptions | 'help';
  try {
    opts = parseCli(argv);
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (opts === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let db: Db;
  let note: string;
  try {
    ({ db, note } = await openAndSeed(opts));
  } catch (e) {
    process.stderr.write(
      `${e instanceof UsageError || e instanceof FixtureError || e instanceof DatabaseOpenError ? 'Cannot start' : 'Failed to start'}: ${(e as Error).message}\n`,
    );
    return e instanceof UsageError ? 2 : 1;
  }
  // The demo's personas are one-click sign-ins on the sign-in pages, in a demo only.
  const personas = opts.oauth && opts.demo ? (await import('./demo/personas.js')).signInPersonaIds() : [];
  const app = createServer({
    db,
    logger: { level: 'warn' },
    oauth: {
      enabled: opts.oauth,
      ...(opts.oauthAccessTtl !== null ? { accessTokenTtlSeconds: opts.oauthAccessTtl } : {}),
      ...(opts.oauthClient !== null ? { preRegisteredClient: opts.oauthClient } : {}),
      ...(personas.length ? { personas } : {}),
    },
    shapes: opts.shapes,
    ...(opts.publicUrl !== null ? { publicUrl: opts.publicUrl } : {}),
    ...(opts.trustProxy.length > 0 ? { trustProxy: opts.trustProxy } : {}),
    ...(opts.rateLimit !== null ? { rateLimit: opts.rateLimit } : {}),
    answerBeforeRouting: opts.answerBeforeRouting,
  });
  if (opts.accessLog) {
    app.addHook('onResponse', (req, reply, done) => {
      process.stdout.write(`access ${req.method} ${req.url.split('?')[0]} ${reply.statusCode}\n`);
      done();
    });
  }
  try {
    await app.listen({ host: opts.host, port: opts.port });
  } catch (e) {
    process.stderr.write(`Cannot listen on ${opts.host}:${opts.port}: ${(e as Error).message}\n`);
    await db.destroy();
    return 1;
  }
  const address = app.server.address();
  const port = address !== null && typeof address === 'object' ? address.port : opts.port;
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  const lean = opts.shapes === 'minimal' ? '; minimal answer shapes' : '';
  const limits = opts.rateLimit
    ? `; rate limit ${opts.rateLimit.perMinute}/min, bursts of ${opts.rateLimit.burst}`
    : '';
  const oauth = opts.oauth ? '; browser sign-in (OAuth) under /oauth' : '';
  process.stdout.write(
    `Feedback service (${note}; ${describeStore(opts.store)}${lean}${limits}${oauth}) listening on http://${host}:${port}\n`,
  );

  return new Promise<number>((resolve) => {
    let closing = false;
    const stop = (signal: string) => {
      if (closing) return;
      closing = true;
      process.stdout.write(`${signal} received, closing\n`);
      void app
        .close()
        .then(() => db.destroy())
        .then(
          () => resolve(0),
          (e: unknown) => {
            process.stderr.write(`Error while closing: ${(e as Error).message}\n`);
            resolve(1);
          },
        );
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
