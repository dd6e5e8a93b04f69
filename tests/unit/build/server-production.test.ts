import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, packageOf } from '../../../scripts/build-server.js';
import { databaseUrlFor, ENGINE } from '../../server/support/test-database.js';

const run = promisify(execFile);
const INSTALL_MS = 240_000;

/**
 * The service as a team runs it in production: the build, `npm install --omit=dev` beside it
 * (from the registry or npm's cache), and plain `node cli.js`. Nothing of the repo's own
 * node_modules is reachable from the temporary folder, so a package the bundle needs and the
 * built package.json lacks fails here.
 *
 * On the engine the server suites run on: SQLite, or with TEST_DATABASE_URL (the PostgreSQL
 * pass of `.ci/run`) a fresh database of its own on that server, given as --database.
 */
describe('the reference service in production', () => {
  let dir = '';
  let dependencies: Record<string, string> = {};

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-production-'));
    ({ dependencies } = await buildServer(dir));
    await run('npm', ['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      timeout: INSTALL_MS,
    });
  }, INSTALL_MS + 60_000);

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('names the package an import comes from', () => {
    expect(packageOf('kysely/migration')).toBe('kysely');
    expect(packageOf('@napi-rs/keyring')).toBe('@napi-rs/keyring');
    expect(packageOf('fastify')).toBe('fastify');
  });

  it('lists exactly the packages the bundle imports, and nothing of the desktop app or the tooling', () => {
    expect(Object.keys(dependencies)).toEqual(expect.arrayContaining(['fastify', 'kysely', 'libsql', 'pg', 'zod']));
    for (const desktopOrTooling of ['electron', 'react', 'vite', 'vitest', 'typescript', '@napi-rs/keyring']) {
      expect(dependencies).not.toHaveProperty(desktopOrTooling);
      expect(fs.existsSync(path.join(dir, 'node_modules', desktopOrTooling))).toBe(false);
    }
  });

  it(`starts with plain node from the production install on ${ENGINE === 'postgres' ? 'PostgreSQL' : 'SQLite'} and answers a signed-in request`, async () => {
    const data = path.join(dir, 'data');
    const store = ENGINE === 'postgres' ? ['--database', await databaseUrlFor(data)] : ['--data', data];
    const child = spawn(process.execPath, ['cli.js', '--port', '0', ...store, '--demo'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const address = await new Promise<string>((resolve, reject) => {
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
        child.on('exit', (code) => reject(new Error(`the service exited (${code}) before listening: ${err || out}`)));
      });
      const res = await fetch(`${address}/api/v1/workspaces`, { headers: { authorization: 'Bearer demo-owner' } });
      expect(res.status).toBe(200);
      expect(JSON.stringify(await res.json())).toContain('Acme Web');
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);
});
