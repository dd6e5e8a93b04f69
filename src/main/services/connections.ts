import { randomUUID } from 'node:crypto';
import type { EndpointInput, EndpointName } from '../../shared/api/index.js';
import type { ReadOutput } from '../../shared/reader/index.js';
import {
  AddConnectionArgs,
  type BridgeError,
  type BridgeResult,
  type ConnectionSummary,
  type ConnectResult,
  type NetworkState,
} from '../../shared/bridge/index.js';
import { ApiClient, normalizeBaseUrl, type ApiClientOptions } from './api-client.js';
import { type Clock, systemClock } from './clock.js';
import type { CredentialStore } from './credential-store.js';
import { insecureHttpRefusal, isInsecureRemoteHttp } from '../../shared/bridge/transport.js';
import { toKeychainError } from './keychain-errors.js';
import { watchReconnect, type ReconnectOptions } from './reconnect.js';
import { NO_CONNECTION_STATE } from './network-state.js';

export type ApiClientFactory = (options: Pick<ApiClientOptions, 'baseUrl' | 'token' | 'clock'>) => ApiClient;

export interface ConnectionServiceOptions {
  store: CredentialStore;
  clientFactory?: ApiClientFactory;
  clock?: Clock;
  /** How the active connection probes for the service while offline (reconnect.ts). */
  reconnect?: ReconnectOptions;
}

export interface ConnectionService {
  list(): Promise<BridgeResult<ConnectionSummary[]>>;
  add(args: AddConnectionArgs): Promise<BridgeResult<ConnectResult>>;
  addEphemeral(args: AddConnectionArgs & { label?: string }): Promise<BridgeResult<ConnectResult>>;
  remove(id: string): Promise<BridgeResult<null>>;
  activate(id: string): Promise<BridgeResult<ConnectResult>>;
  active(): Promise<BridgeResult<ConnectResult | null>>;
  call<N extends EndpointName>(name: N, input: EndpointInput<N>): Promise<BridgeResult<ReadOutput<N>>>;
  networkState(): NetworkState;
  onNetworkState(listener: (s: NetworkState) => void): () => void;
}

interface Live {
  client: ApiClient;
  /** What the last successful validation said, for active(). */
  result: ConnectResult;
}

const fail = (error: BridgeError) => ({ ok: false as const, error });

/** Store failures become data: the bridge never carries thrown errors. */
function keychainFailure(e: unknown): BridgeError {
  const k = toKeychainError(e);
  return { kind: 'keychain', message: k.message, serverMessage: k.detail };
}

function defaultLabel(userName: string | null, baseUrl: string): string {
  const host = new URL(baseUrl).host;
  return userName ? `${userName} on ${host}` : `Connection to ${host}`;
}

/**
 * The first answer of a new address decides whether a feedback API lives there at all: a
 * 404 or an answer that isn't this API means the address is wrong, not the token.
 */
function noApiThere(error: BridgeError, baseUrl: string): BridgeError | null {
  const notThisApi = error.status === 404 || (error.kind === 'bad_response' && error.address !== undefined);
  if (!notThisApi) return null;
  const tried = error.address ?? `${baseUrl}/api/v1/workspaces`;
  const got = error.status === 404 ? 'HTTP 404 (not found)' : 'an answer that is not this API';
  return {
    ...error,
    message: `No feedback API was found at ${baseUrl}: Triage Desk asked ${tried} and got ${got}. Check the service address (for example https://feedback.example.com; with or without /api/v1).`,
    address: tried,
  };
}

/**
 * Saved and in-memory connections plus the one active connection whose ApiClient (and
 * so whose pacer) every API call goes through. A connection is only saved after the
 * service accepted its token.
 */
export function createConnectionService(options: ConnectionServiceOptions): ConnectionService {
  const { store } = options;
  const clock = options.clock ?? systemClock;
  const makeClient: ApiClientFactory = options.clientFactory ?? ((o) => new ApiClient(o));

  const live = new Map<string, Live>();
  const ephemeral = new Map<string, { summary: ConnectionSummary; token: string }>();
  const listeners = new Set<(s: NetworkState) => void>();
  let activeId: string | null = null;
  let unsubscribeActive: (() => void) | null = null;
  let stopReconnect: (() => void) | null = null;

  function activeLive(): Live | null {
    return activeId === null ? null : (live.get(activeId) ?? null);
  }

  function networkState(): NetworkState {
    return activeLive()?.client.state() ?? NO_CONNECTION_STATE;
  }

  function publish(): void {
    const s = networkState();
    for (const l of listeners) l(s);
  }

  function makeActive(id: string | null): void {
    unsubscribeActive?.();
    unsubscribeActive = null;
    stopReconnect?.();
    stopReconnect = null;
    activeId = id;
    const current = activeLive();
    if (current) {
      stopReconnect = watchReconnect(current.client, clock, options.reconnect);
      unsubscribeActive = current.client.onState((s) => {
        for (const l of listeners) l(s);
      });
    }
    publish();
  }

  /** Asks the service who the token belongs to; the answer doubles as the connect result. */
  async function validate(client: ApiClient): Promise<BridgeResult<Omit<ConnectResult, 'connection'>>> {
    const r = await client.call('listWorkspaces', {});
    if (!r.ok) return fail(noApiThere(r.error, client.baseUrl) ?? r.error);
    return { ok: true, data: { workspaces: r.data.workspaces, you: r.data.you } };
  }

  function parseArgs(args: unknown): BridgeResult<AddConnectionArgs> {
    const r = AddConnectionArgs.safeParse(args);
    if (r.success) return { ok: true, data: { ...r.data, baseUrl: normalizeBaseUrl(r.data.baseUrl).href.replace(/\/$/, '') } };
    return fail({ kind: 'bad_request', message: r.error.issues[0]?.message ?? 'Invalid connection details' });
  }

  async function connect(args: unknown, save: boolean): Promise<BridgeResult<ConnectResult>> {
    const parsed = parseArgs(args);
    if (!parsed.ok) return parsed;
    const { baseUrl, token, label } = parsed.data;
    if (isInsecureRemoteHttp(baseUrl) && parsed.data.allowInsecure !== true) {
      return fail({ kind: 'bad_request', reason: 'insecure_http', field: 'baseUrl', message: insecureHttpRefusal(new URL(baseUrl).host) });
    }
    const client = makeClient({ baseUrl, token, clock });
    const checked = await validate(client);
    if (!checked.ok) return checked;

    const details = {
      baseUrl,
      token,
      label: label && label.length > 0 ? label : defaultLabel(checked.data.you?.name ?? null, baseUrl),
      userName: checked.data.you?.name ?? null,
      addedAt: clock.now(),
    };
    let summary: ConnectionSummary;
    if (save) {
      try {
        summary = await store.add(details);
      } catch (e) {
        return fail(keychainFailure(e));
      }
    } else {
      const id = `ephemeral-${randomUUID()}`;
      summary = { id, label: details.label, baseUrl, userName: details.userName, addedAt: details.addedAt, ephemeral: true, auth: 'token' };
      ephemeral.set(id, { summary, token });
    }
    const result: ConnectResult = { connection: summary, ...checked.data };
    live.set(summary.id, { client, result });
    makeActive(summary.id);
    return { ok: true, data: result };
  }

  return {
    async list() {
      const inMemory = [...ephemeral.values()].map((e) => e.summary);
      try {
        const saved = await store.list();
        return { ok: true, data: [...saved, ...inMemory] };
      } catch (e) {
        const error = keychainFailure(e);
        // The demo's in-memory sign-in must keep working on machines without a keychain.
        if (inMemory.length > 0) {
          console.warn(`Listing only in-memory connections: ${error.message}`);
          return { ok: true, data: inMemory };
        }
        return fail(error);
      }
    },

    add: (args) => connect(args, true),

    addEphemeral: (args) => connect(args, false),

    async remove(id) {
      if (!ephemeral.delete(id)) {
        try {
          await store.remove(id);
        } catch (e) {
          return fail(keychainFailure(e));
        }
      }
      live.delete(id);
      if (activeId === id) makeActive(null);
      return { ok: true, data: null };
    },

    async activate(id) {
      let found: { summary: ConnectionSummary; token: string } | null | undefined = ephemeral.get(id);
      if (!found) {
        try {
          found = await store.get(id);
        } catch (e) {
          return fail(keychainFailure(e));
        }
      }
      if (!found) {
        return fail({ kind: 'not_found', message: 'That connection is no longer saved. Add it again with a token.' });
      }
      const existing = live.get(id);
      const client = existing?.client ?? makeClient({ baseUrl: found.summary.baseUrl, token: found.token, clock });
      const checked = await validate(client);
      if (!checked.ok) return checked;
      const result: ConnectResult = { connection: found.summary, ...checked.data };
      live.set(id, { client, result });
      makeActive(id);
      return { ok: true, data: result };
    },

    async active() {
      return { ok: true, data: activeLive()?.result ?? null };
    },

    async call(name, input) {
      const current = activeLive();
      if (!current) {
        return fail({ kind: 'no_connection', message: 'No connection is active. Add a connection or pick a saved one first.' });
      }
      return current.client.call(name, input);
    },

    networkState,

    onNetworkState(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
