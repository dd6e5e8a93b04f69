import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { asLoose, baseWorld, TOKENS, type Loose } from './support/world.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLI = path.join(ROOT, 'src/server/cli.ts');

const tmpDirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'feedback-cli-'));
  tmpDirs.push(d);
  return d;
};
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function run(args: string[], extraEnv: Record<string, string> = {}): Run {
  // The database comes from the arguments (and DATABASE_URL only where a test gives it).
  const { DATABASE_URL: _ignored, ...env } = process.env;
  // node --import tsx (not the tsx wrapper) so signals reach the service process itself.
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, ...extraEnv },
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function listeningUrl(r: Run, timeoutMs = 40_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const m = /listening on (http:\/\/127\.0\.0\.1:(\d+))/.exec(r.stdout());
    if (m) return m[1]!;
    if (r.child.exitCode !== null) throw new Error(`exited early: ${r.stderr()}`);
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`no listening line; stdout: ${r.stdout()} stderr: ${r.stderr()}`);
}

describe('npm run server', () => {
  it('loads a fixture into an empty data directory, serves it, and closes on SIGTERM', async () => {
    const dir = tmp();
    const file = path.join(dir, 'world.json');
    fs.writeFileSync(file, JSON.stringify(baseWorld()));
    const r = run(['--port', '0', '--data', path.join(dir, 'data'), '--fixture', file]);
    const url = await listeningUrl(r);
    expect(url).not.toMatch(/:0$/);
    const res = await fetch(`${url}/api/v1/items`, { headers: { authorization: `Bearer ${TOKENS.solo}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Loose).items[0].id).toBe('it_solo');
    r.child.kill('SIGTERM');
    expect(await r.exited).toBe(0);
    expect(fs.existsSync(path.join(dir, 'data', 'feedback.sqlite'))).toBe(true);

    // Restarting on the same directory keeps the data; --fixture now refuses (exit 2).
    const again = run(['--port', '0', '--data', path.join(dir, 'data'), '--fixture', file]);
    expect(await again.exited).toBe(2);
    expect(again.stderr()).toMatch(
      /only into an empty database, and the data directory .* already holds feedback.sqlite/,
    );
  });

  it('--data :memory: serves a fixture from memory, says so, and leaves no folder behind', async () => {
    const file = path.join(tmp(), 'world.json');
    fs.writeFileSync(file, JSON.stringify(baseWorld()));
    const folder = path.join(ROOT, ':memory:');
    expect(fs.existsSync(folder)).toBe(false);
    const r = run(['--port', '0', '--data', ':memory:', '--fixture', file]);
    const url = await listeningUrl(r);
    expect(r.stdout()).toContain('data in memory only, gone when it stops');
    const res = await fetch(`${url}/api/v1/items`, { headers: { authorization: `Bearer ${TOKENS.solo}` } });
    expect(((await res.json()) as Loose).items[0].id).toBe('it_solo');
    r.child.kill('SIGTERM');
    expect(await r.exited).toBe(0);
    expect(fs.existsSync(folder)).toBe(false);
  });

  it('starts empty without --demo and closes on SIGINT', async () => {
    const r = run(['--port', '0', '--data', tmp()]);
    const url = await listeningUrl(r);
    const res = await fetch(`${url}/api/v1/workspaces`, { headers: { authorization: `Bearer ${TOKENS.owner}` } });
    expect(res.status).toBe(401);
    r.child.kill('SIGINT');
    expect(await r.exited).toBe(0);
  });

  it('seeds the demo dataset with --demo, with browser sign-in on and the demo people offered on its pages', async () => {
    const r = run(['--port', '0', '--data', tmp(), '--demo']);
    const url = await listeningUrl(r, 60_000);
    const res = await fetch(`${url}/api/v1/items`, { headers: { authorization: 'Bearer demo-solo' } });
    expect(res.status).toBe(200);
    expect(r.stdout()).toContain('browser sign-in (OAuth) under /oauth');
    expect(await (await fetch(`${url}/mcp/install-config`)).json()).toEqual({ url: `${url}/api/v1` });
    const account = await (await fetch(`${url}/oauth/account`)).text();
    for (const name of [
      'Olivia Owner',
      'Adam Admin',
      'Cora Collaborator',
      'Remy Reviewer',
      'Finn Free',
      'Mia Multi',
      'Sam Solo',
    ])
      expect(account).toContain(name);
    expect(account).toContain('Owner of Acme Web');
    r.child.kill('SIGTERM');
    expect(await r.exited).toBe(0);
  }, 90_000);

  // Twenty-one process starts, four at a time: on a busy machine far longer than the default limit.
  it('exits 2 with a clear message on bad flags', async () => {
    const cases = [
      [['--bogus'], /Unknown option '--bogus'/],
      [['--port', 'abc'], /--port must be a whole number/],
      [['--port', '70000'], /--port must be a whole number/],
      [['--demo', '--fixture', 'x.json'], /either --demo or --fixture/],
      [['--fixture', '/nonexistent/file.json', '--data', tmp()], /Cannot read the fixture file/],
      [['stray'], /positional/i],
      [['--oauth', '--no-oauth'], /either --oauth or --no-oauth/],
      [['--oauth-access-ttl', '60'], /--oauth-access-ttl needs the OAuth sign-in on: add --oauth/],
      [['--demo', '--no-oauth', '--oauth-access-ttl', '60'], /--oauth-access-ttl needs the OAuth sign-in on/],
      [
        ['--oauth', '--oauth-access-ttl', '0'],
        /--oauth-access-ttl must be a whole number of seconds from 1 to 86400, not "0"/,
      ],
      [['--oauth', '--oauth-access-ttl', '86401'], /from 1 to 86400, not "86401"/],
      [['--oauth', '--oauth-access-ttl', '1.5'], /from 1 to 86400, not "1.5"/],
      [['--oauth', '--oauth-client-id', 'triage-desk'], /--oauth-client-id and --oauth-callback-port go together/],
      [['--oauth', '--oauth-callback-port', '54545'], /go together/],
      [
        ['--oauth', '--oauth-client-id', 'has space', '--oauth-callback-port', '54545'],
        /--oauth-client-id must be 1 to 200 printable characters/,
      ],
      [
        ['--oauth', '--oauth-client-id', 'triage-desk', '--oauth-callback-port', '0'],
        /--oauth-callback-port must be a whole number from 1 to 65535, not "0"/,
      ],
      [
        ['--oauth', '--oauth-client-id', 'triage-desk', '--oauth-callback-port', '65536'],
        /--oauth-callback-port must be a whole number from 1 to 65535/,
      ],
      [
        ['--data', 'x', '--database', 'postgres://127.0.0.1/x'],
        /either --data \(SQLite\) or --database \(PostgreSQL\)/,
      ],
      [['--database', 'mysql://127.0.0.1/x'], /--database must be a PostgreSQL URL such as postgres:\/\//],
      [['--trust-proxy', '127.0.0.1'], /--trust-proxy needs --public-url/],
      [
        ['--trust-proxy', '10.0.0.0/33', '--public-url', 'https://feedback.example'],
        /--trust-proxy takes IP addresses or CIDR ranges .* not "10\.0\.0\.0\/33"/,
      ],
      [['--answer-before-routing', '--access-log'], /--answer-before-routing and --access-log do not go together/],
      [
        ['--answer-before-routing', '--database', 'postgres://127.0.0.1/x'],
        /--answer-before-routing is for one instance on SQLite/,
      ],
    ] as const;
    // A few at a time: each is a process start, and they are independent.
    for (let i = 0; i < cases.length; i += 4) {
      await Promise.all(
        cases.slice(i, i + 4).map(async ([args, message]) => {
          const r = run([...args]);
          expect(await r.exited, args.join(' ')).toBe(2);
          expect(r.stderr()).toMatch(message);
        }),
      );
    }
  }, 120_000);

  it('exits 1 when PostgreSQL cannot be reached, saying where without the password', async () => {
    const r = run(['--port', '0', '--database', 'postgres://triage:s3cret-pw@127.0.0.1:1/feedback']);
    expect(await r.exited).toBe(1);
    expect(r.stderr()).toMatch(
      /^Cannot start: Cannot reach PostgreSQL at triage@127\.0\.0\.1:1\/feedback: nothing is listening there \(is PostgreSQL running\?\)\./,
    );
    expect(r.stderr()).not.toContain('s3cret-pw');
    // DATABASE_URL picks PostgreSQL too, and a URL of another kind is refused before any connection.
    const fromEnv = run(['--port', '0'], { DATABASE_URL: 'postgres://127.0.0.1:1/feedback' });
    expect(await fromEnv.exited).toBe(1);
    expect(fromEnv.stderr()).toMatch(/Cannot reach PostgreSQL at 127\.0\.0\.1:1\/feedback/);
    const wrongKind = run(['--port', '0'], { DATABASE_URL: 'mysql://127.0.0.1/feedback' });
    expect(await wrongKind.exited).toBe(2);
    expect(wrongKind.stderr()).toMatch(/--database \(from DATABASE_URL\) must be a PostgreSQL URL/);
  });

  it('exits 1 on an invalid fixture, naming the bad field, and leaves the directory empty', async () => {
    const dir = tmp();
    const world = asLoose(baseWorld());
    world.users[0].email = 'not-an-email';
    const file = path.join(dir, 'bad.json');
    fs.writeFileSync(file, JSON.stringify(world));
    const r = run(['--port', '0', '--data', path.join(dir, 'data'), '--fixture', file]);
    expect(await r.exited).toBe(1);
    expect(r.stderr()).toMatch(/fixture\.users\[0\]\.email/);
    expect(fs.existsSync(path.join(dir, 'data', 'feedback.sqlite'))).toBe(false);
  });
});

describe('npm run server: hardening options', () => {
  it('--public-url starts absolute links, --rate-limit sets the per-token limit, --access-log prints each request', async () => {
    const dir = tmp();
    const file = path.join(dir, 'world.json');
    fs.writeFileSync(file, JSON.stringify(baseWorld()));
    const r = run([
      '--port',
      '0',
      '--data',
      path.join(dir, 'data'),
      '--fixture',
      file,
      '--public-url',
      'https://feedback.example.com/',
      '--rate-limit',
      '60/2',
      '--access-log',
    ]);
    const url = await listeningUrl(r);
    const get = (p: string) => fetch(`${url}${p}`, { headers: { authorization: `Bearer ${TOKENS.owner}` } });
    const doc = (await (
      await fetch(`${url}/api/v1/openapi.json`, { headers: { host: 'evil.example' } })
    ).json()) as Loose;
    expect(doc.servers[0].url).toBe('https://feedback.example.com/api/v1');
    expect((await get('/api/v1/items/it_1')).status).toBe(200);
    expect((await get('/api/v1/workspaces')).status).toBe(200);
    expect((await get('/api/v1/workspaces')).status).toBe(429);
    // The log line is written after the answer; give the pipe a moment.
    for (let i = 0; i < 100 && !r.stdout().includes('access GET /api/v1/workspaces 429'); i++)
      await new Promise((res) => setTimeout(res, 20));
    expect(r.stdout()).toContain('access GET /api/v1/items/it_1 200');
    expect(r.stdout()).toContain('access GET /api/v1/workspaces 429');
    r.child.kill('SIGTERM');
    expect(await r.exited).toBe(0);
  });

  it('--oauth turns browser sign-in on for a fixture, with a short access token lifetime and an app registered in advance; --no-oauth keeps it off', async () => {
    const dir = tmp();
    const file = path.join(dir, 'world.json');
    fs.writeFileSync(file, JSON.stringify(baseWorld()));
    const r = run([
      '--port',
      '0',
      '--data',
      path.join(dir, 'data'),
      '--fixture',
      file,
      '--oauth',
      '--oauth-access-ttl',
      '30',
      '--oauth-client-id',
      'triage-desk',
      '--oauth-callback-port',
      '54545',
    ]);
    const url = await listeningUrl(r);
    expect(await (await fetch(`${url}/mcp/install-config`)).json()).toEqual({
      url: `${url}/api/v1`,
      clientId: 'triage-desk',
      callbackPort: 54545,
    });
    const meta = (await (await fetch(`${url}/.well-known/oauth-authorization-server/oauth`)).json()) as Loose;
    expect(meta.issuer).toBe(`${url}/oauth`);
    // Outside a demo nobody is one click away: the page asks for a personal token only.
    const account = await (await fetch(`${url}/oauth/account`)).text();
    expect(account).toContain('name="token"');
    expect(account).not.toContain('name="persona"');
    expect((await fetch(`${url}/api/v1/workspaces`)).headers.get('www-authenticate')).toContain(
      `resource_metadata="${url}/.well-known/oauth-protected-resource/api/v1"`,
    );
    r.child.kill('SIGTERM');
    expect(await r.exited).toBe(0);

    const off = run(['--port', '0', '--data', path.join(dir, 'data'), '--no-oauth']);
    const offUrl = await listeningUrl(off);
    expect((await fetch(`${offUrl}/mcp/install-config`)).status).toBe(404);
    expect(off.stdout()).not.toContain('OAuth');
    off.child.kill('SIGTERM');
    expect(await off.exited).toBe(0);
  });

  it('refuses a bad --public-url or --rate-limit with a sentence', async () => {
    const bad = run(['--public-url', 'ftp://x.example']);
    expect(await bad.exited).toBe(2);
    expect(bad.stderr()).toMatch(/--public-url: The public URL must start with http:\/\/ or https:\/\//);
    const rate = run(['--rate-limit', '5']);
    expect(await rate.exited).toBe(2);
    expect(rate.stderr()).toMatch(/--rate-limit must read N\/B/);
  });
});
