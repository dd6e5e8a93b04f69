import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnectionService } from '../../../src/main/services/connections.js';
import { createKeychainStore } from '../../../src/main/services/credential-store.js';
import { findAgentClientCredentials, HOSTED_API_URL, maskToken } from '../../../src/main/services/found-credentials.js';
import { startServer, type Running } from '../../server/support/harness.js';
import { baseWorld, TOKENS } from '../../server/support/world.js';
import { requireKeyring, uniqueService, wipeService } from './support/keyring.js';

const home = (file?: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'triage-home-'));
  if (file !== undefined) {
    mkdirSync(join(dir, '.skyelight'));
    writeFileSync(join(dir, '.skyelight', 'credentials'), file);
  }
  return dir;
};

describe('credentials the hosted service’s agent client keeps on this computer', () => {
  it('finds the environment’s token and the credentials file’s, showing only a hint of each', async () => {
    const dir = home(JSON.stringify({ apiUrl: 'https://feedback.example.com/', token: 'sky_file_0123456789abcdef' }));
    const found = await findAgentClientCredentials({
      env: { SKYELIGHT_API_TOKEN: 'sky_env_0123456789abcdef' },
      home: dir,
    });
    expect(found.map(({ token: _t, ...shown }) => shown)).toEqual([
      {
        source: 'environment',
        where: 'the SKYELIGHT_API_TOKEN environment variable',
        baseUrl: HOSTED_API_URL,
        tokenHint: 'sky_env_…cdef',
        unusable: null,
      },
      {
        source: 'file',
        where: join(dir, '.skyelight', 'credentials'),
        baseUrl: 'https://feedback.example.com',
        tokenHint: 'sky_file…cdef',
        unusable: null,
      },
    ]);
  });

  it('says a workspace key or an unreadable file cannot be used, and finds nothing where there is nothing', async () => {
    const key = await findAgentClientCredentials({ env: { SKYELIGHT_API_TOKEN: 'sk_live_0123456789' }, home: home() });
    expect(key[0]?.unusable).toMatch(/workspace API key/);
    const broken = await findAgentClientCredentials({ env: {}, home: home('{"token": ') });
    expect(broken).toEqual([
      expect.objectContaining({
        source: 'file',
        token: '',
        unusable: expect.stringMatching(/is not what the agent client writes there/),
      }),
    ]);
    expect(await findAgentClientCredentials({ env: { SKYELIGHT_API_TOKEN: '  ' }, home: home() })).toEqual([]);
    expect(maskToken('short')).toBe('shor…');
  });
});

describe('using a found token', () => {
  const service = uniqueService('found');
  let server: Running;
  beforeAll(async () => {
    await requireKeyring();
    server = await startServer(baseWorld());
  });
  afterAll(async () => {
    await server?.close();
    await wipeService(service);
  });

  it('asks the service, copies the token into the keychain, and leaves the file exactly as it was', async () => {
    const content = `${JSON.stringify({ apiUrl: server.baseUrl, token: TOKENS.owner }, null, 2)}\n`;
    const dir = home(content);
    const file = join(dir, '.skyelight', 'credentials');
    const before = statSync(file).mtimeMs;
    const store = createKeychainStore({ service });
    const svc = createConnectionService({ store, agentClient: { env: {}, home: dir } });
    const offered = await svc.found();
    expect(offered).toEqual({
      ok: true,
      data: [expect.objectContaining({ source: 'file', baseUrl: server.baseUrl, unusable: null })],
    });
    expect(JSON.stringify(offered)).not.toContain(TOKENS.owner);
    const used = await svc.useFound('file');
    expect(used).toMatchObject({
      ok: true,
      data: { connection: { baseUrl: server.baseUrl, auth: 'token' }, you: { name: 'Olivia Owner' } },
    });
    const saved = used.ok ? await store.get(used.data.connection.id) : null;
    expect(saved?.token).toBe(TOKENS.owner);
    expect(readFileSync(file, 'utf8')).toBe(content);
    expect(statSync(file).mtimeMs).toBe(before);
  });

  it('refuses a workspace key with the sentence, before asking the service', async () => {
    const svc = createConnectionService({
      store: createKeychainStore({ service }),
      agentClient: { env: { SKYELIGHT_API_URL: server.baseUrl, SKYELIGHT_API_TOKEN: 'sk_live_old' }, home: home() },
    });
    expect(await svc.useFound('environment')).toMatchObject({
      ok: false,
      error: { kind: 'bad_request', message: expect.stringMatching(/^This is a workspace API key/) },
    });
    expect(await svc.useFound('file')).toMatchObject({ ok: false, error: { kind: 'not_found' } });
  });
});
