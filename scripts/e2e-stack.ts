/**
 * What the end-to-end tests run against: the reference service on a fresh demo data
 * directory, and the browser-mode gateway with the real main-process services (real
 * keychain: run under scripts/with-keyring.sh). Nothing is signed in: tests use the
 * connect screen as a person would. `--shapes minimal` starts the main service in lean mode.
 *
 * A control endpoint on 127.0.0.1:<control-port> (tests only) hands out one-time launch
 * links (each tab exchanges its own, as a person opening the printed link would) and runs
 * the fault service: a second reference service the fault specs start with a tiny rate
 * limit, kill (SIGKILL) and restart on the same data, while the app is connected to it;
 * and the lean service: a third one answering in the live service's minimal shapes
 * (`--shapes minimal`), started on first request for the specs that try the app against it;
 * and the sign-in service: a fourth one offering browser sign-in with short-lived access
 * tokens, so a spec sees them renewed. `/keychain` shows what the gateway's keychain holds
 * (this stack's own throwaway keychain), so a spec can check where a sign-in's secrets live;
 * `/data-dirs` names every folder the stack writes to, so a spec can check what is on disk.
 * `/no-keychain/launch` opens a second gateway as on a computer without a keychain (its
 * keychain binding cannot load), for the specs of what people can do there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createAppServices } from '../src/main/app-services.js';
import { startBrowserMode } from '../src/main/browser-mode.js';
import { createConnectionService } from '../src/main/services/connections.js';
import { createBindingLoader, createKeychainStore } from '../src/main/services/credential-store.js';
import type { Gateway } from '../src/main/gateway/gateway.js';
import { parseFlags } from './lib/args.js';
import { startReferenceServer, type RunningServer } from './lib/reference-server.js';

const flags = parseFlags(process.argv.slice(2), {
  'gateway-port': 'string',
  'service-port': 'string',
  secret: 'string',
  'control-port': 'string',
  'fault-port': 'string',
  'lean-port': 'string',
  shapes: 'string',
  'sign-in-port': 'string',
  'no-keychain-port': 'string',
});
const shapes = flags.shapes ?? 'full';
if (shapes !== 'full' && shapes !== 'minimal') throw new Error(`--shapes must be full or minimal, not "${shapes}".`);
const servicePort = Number(flags['service-port'] ?? 4791);
const dataDir = mkdtempSync(join(tmpdir(), 'triage-e2e-'));
const service = await startReferenceServer({ port: servicePort, dataDir, demo: true, shapes });
/** The built renderer the gateways serve; E2E_RENDERER_DIR lets two checkouts' runs build and serve their own. */
const rendererDir = resolve(process.env['E2E_RENDERER_DIR'] ?? resolve(import.meta.dirname, '../out/renderer'));
const keychainService = `triage-desk-e2e-${process.pid}`;
const services = await createAppServices({ keychainService });
const gateway = await startBrowserMode({
  services,
  rendererDir,
  port: Number(flags['gateway-port'] ?? 4792),
  ...(flags.secret ? { secret: flags.secret } : {}),
});

/** The fault service: its own data, so the main service the other specs use is never disturbed. */
const faultPort = Number(flags['fault-port'] ?? servicePort + 9);
let fault: { server: RunningServer | null; dataDir: string; rateLimit: string | undefined; log: string[] } | null =
  null;

async function startFault(rateLimit: string | undefined, fresh: boolean): Promise<string> {
  if (fault?.server) await fault.server.stop();
  if (fresh || !fault) {
    if (fault) rmSync(fault.dataDir, { recursive: true, force: true });
    fault = { server: null, dataDir: mkdtempSync(join(tmpdir(), 'triage-e2e-fault-')), rateLimit, log: [] };
  }
  // One log across restarts: the count at the service covers both of its lives.
  const log = fault.log;
  fault.server = await startReferenceServer({
    port: faultPort,
    dataDir: fault.dataDir,
    demo: true,
    onAccess: (line) => log.push(line),
    ...(fault.rateLimit ? { rateLimit: fault.rateLimit } : {}),
  });
  return fault.server.baseUrl;
}

/** The lean service: answers shaped like the live hosted service's, on its own demo data. */
const leanPort = Number(flags['lean-port'] ?? servicePort + 5);
let lean: { server: Promise<RunningServer>; dataDir: string } | null = null;

function startLean(): Promise<RunningServer> {
  if (!lean) {
    const leanData = mkdtempSync(join(tmpdir(), 'triage-e2e-lean-'));
    lean = {
      dataDir: leanData,
      server: startReferenceServer({ port: leanPort, dataDir: leanData, demo: true, shapes: 'minimal' }),
    };
  }
  return lean.server;
}

/** The sign-in service: browser sign-in on, access tokens that live 20 s. */
const signInPort = Number(flags['sign-in-port'] ?? servicePort + 7);
let signInService: { server: Promise<RunningServer>; dataDir: string } | null = null;

function startSignInService(): Promise<RunningServer> {
  if (!signInService) {
    const signInData = mkdtempSync(join(tmpdir(), 'triage-e2e-sign-in-'));
    signInService = {
      dataDir: signInData,
      server: startReferenceServer({
        port: signInPort,
        dataDir: signInData,
        demo: true,
        oauth: true,
        oauthAccessTtl: 20,
      }),
    };
  }
  return signInService.server;
}

/** A gateway on a computer without a keychain: the real store, whose native binding cannot load. */
let noKeychain: Promise<Gateway> | null = null;
function noKeychainGateway(): Promise<Gateway> {
  noKeychain ??= startBrowserMode({
    services: {
      connections: createConnectionService({
        store: createKeychainStore({
          service: `${keychainService}-none`,
          binding: createBindingLoader(() => Promise.reject(new Error('no Secret Service on this computer'))),
        }),
      }),
    },
    rendererDir,
    port: Number(flags['no-keychain-port'] ?? Number(flags['gateway-port'] ?? 4792) + 13),
  });
  return noKeychain;
}

/** Every entry of the gateway's keychain, secrets included: this stack's own, for tests only. */
async function keychainEntries(): Promise<unknown[]> {
  const { findCredentialsAsync } = await import('@napi-rs/keyring');
  return (await findCredentialsAsync(keychainService)).map((c) => ({
    account: c.account,
    secret: JSON.parse(c.password) as unknown,
  }));
}

const reply = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const control = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const run = async (): Promise<unknown> => {
    if (req.method !== 'POST') throw new Error('Use POST');
    switch (url.pathname) {
      case '/launch': {
        const link = new URL(gateway.newLaunchUrl());
        return { path: link.pathname + link.hash };
      }
      case '/fault/start':
        return { baseUrl: await startFault(url.searchParams.get('rate-limit') ?? undefined, true) };
      case '/fault/kill':
        await fault?.server?.kill();
        if (fault) fault.server = null;
        return { killed: true };
      case '/fault/restart':
        return { baseUrl: await startFault(undefined, false) };
      case '/lean/start':
        return { baseUrl: (await startLean()).baseUrl };
      case '/sign-in/start':
        return { baseUrl: (await startSignInService()).baseUrl };
      case '/no-keychain/launch':
        return { url: (await noKeychainGateway()).newLaunchUrl() };
      case '/keychain':
        return { entries: await keychainEntries() };
      case '/data-dirs':
        // Every folder this stack writes to (the gateway itself writes none), so a spec can look for secrets on disk.
        return {
          dirs: [
            dataDir,
            signInService?.dataDir,
            fault?.dataDir,
            lean?.dataDir,
            process.env['HOME_KEYRING_SCRATCH'],
          ].filter((d): d is string => typeof d === 'string'),
        };
      case '/fault/log':
        return { lines: fault?.log ?? [] };
      default:
        throw new Error(`No control ${url.pathname}`);
    }
  };
  run().then(
    (body) => reply(res, 200, body),
    (e: unknown) => reply(res, 400, { error: e instanceof Error ? e.message : String(e) }),
  );
});
const controlPort = Number(flags['control-port'] ?? Number(flags['gateway-port'] ?? 4792) + 11);
await new Promise<void>((ok) => control.listen(controlPort, '127.0.0.1', ok));
console.log(
  `e2e stack: service ${service.baseUrl}${shapes === 'minimal' ? ' (minimal shapes)' : ''}, gateway ${gateway.url}, control http://127.0.0.1:${controlPort}`,
);

const stop = async () => {
  control.close();
  await gateway.close();
  await (await noKeychain?.catch(() => null))?.close();
  await service.stop();
  if (fault) {
    await fault.server?.stop();
    rmSync(fault.dataDir, { recursive: true, force: true });
  }
  if (lean) {
    await (await lean.server.catch(() => null))?.stop();
    rmSync(lean.dataDir, { recursive: true, force: true });
  }
  if (signInService) {
    await (await signInService.server.catch(() => null))?.stop();
    rmSync(signInService.dataDir, { recursive: true, force: true });
  }
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
