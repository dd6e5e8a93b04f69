import { randomUUID } from 'node:crypto';
import { homedir } from 'node:os';
import type { EndpointInput, EndpointName } from '#shared/api/index.js';
import type { ReadOutput } from '#shared/reader/index.js';
import {
  AddConnectionArgs,
  SignInArgs,
  type BridgeError,
  type BridgeResult,
  type ConnectionSummary,
  type ConnectResult,
  type NetworkState,
  type FoundCredential,
  type SignedOutEvent,
  type SignInOptions,
  type SignInResult,
} from '#shared/bridge/index.js';
import { ApiClient, normalizeBaseUrl, type ApiClientOptions, type TokenSource } from './api-client.js';
import { findAgentClientCredentials } from './found-credentials.js';
import { Pacer } from './pacer.js';
import { signInWithBrowser, type BrowserSignInOptions } from './sign-in/browser-sign-in.js';
import { discoverSignIn, type SignInDiscovery } from './sign-in/discovery.js';
import {
  createOAuthTokenSource,
  type OAuthTokenSource,
  type StoredOAuthSession,
} from './sign-in/oauth-token-source.js';
import { type Clock, systemClock } from './clock.js';
import type { CredentialStore, StoredSignIn } from './credential-store.js';
import { insecureHttpRefusal, isInsecureRemoteHttp } from '#shared/bridge/transport.js';
import { toKeychainError } from './keychain-errors.js';
import { watchReconnect, type ReconnectOptions } from './reconnect.js';
import { NO_CONNECTION_STATE } from './network-state.js';

type ApiClientFactory = (options: Pick<ApiClientOptions, 'baseUrl' | 'token' | 'clock' | 'pacer'>) => ApiClient;

interface ConnectionServiceOptions {
  store: CredentialStore;
  clientFactory?: ApiClientFactory;
  clock?: Clock;
  /** How the active connection probes for the service while offline (reconnect.ts). */
  reconnect?: ReconnectOptions;
  /** Where the hosted service's agent client keeps credentials (the environment, the home folder). */
  agentClient?: { env: NodeJS.ProcessEnv; home: string };
  /** Browser sign-in's discovery and flow; tests give stand-ins' fetch or short timeouts. */
  signIn?: {
    discover?: (baseUrl: string) => Promise<SignInDiscovery>;
    flow?: Partial<Pick<BrowserSignInOptions, 'fetch' | 'timeoutMs'>>;
  };
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
  /** Whether `baseUrl` offers browser sign-in. */
  signInOptions(baseUrl: string): Promise<BridgeResult<SignInOptions>>;
  /** Signs in with the browser (a new connection, or `connectionId` again after its sign-in ended). */
  signIn(args: SignInArgs): Promise<BridgeResult<SignInResult>>;
  cancelSignIn(): void;
  /** The address the person's browser must open for the sign-in under way (Electron opens it; browser mode shows it). */
  onSignInPage(listener: (url: string) => void): () => void;
  onSignedOut(listener: (event: SignedOutEvent) => void): () => void;
  found(): Promise<BridgeResult<FoundCredential[]>>;
  useFound(source: FoundCredential['source']): Promise<BridgeResult<ConnectResult>>;
}

interface Live {
  client: ApiClient;
  /** What the last successful validation said, for active(). */
  result: ConnectResult;
  /** A browser sign-in's token, which can end and be renewed. */
  signIn?: OAuthTokenSource;
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

function storedSignIn(s: StoredOAuthSession): StoredSignIn {
  return {
    refreshToken: s.refreshToken,
    expiresAt: s.expiresAt,
    scope: s.scope,
    issuer: s.issuer,
    clientId: s.clientId,
    resource: s.resource,
    tokenEndpoint: s.tokenEndpoint,
    revocationEndpoint: s.revocationEndpoint,
  };
}

const sessionOf = (accessToken: string, s: StoredSignIn): StoredOAuthSession => ({ accessToken, ...s });

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
  const signInPageListeners = new Set<(url: string) => void>();
  const signedOutListeners = new Set<(e: SignedOutEvent) => void>();
  /** One bucket per person across their browser sign-ins to one service: the contract's shared OAuth limit. */
  const personPacers = new Map<string, Pacer>();
  let signingIn: AbortController | null = null;
  const discover = options.signIn?.discover ?? ((b: string) => discoverSignIn(b));
  const agentClient = () => ({
    env: options.agentClient?.env ?? process.env,
    home: options.agentClient?.home ?? homedir(),
  });

  function pacerFor(baseUrl: string, you: ConnectResult['you']): Pacer | undefined {
    if (!you) return undefined;
    const key = `${new URL(baseUrl).origin}\n${you.id}`;
    let pacer = personPacers.get(key);
    if (!pacer) personPacers.set(key, (pacer = new Pacer({ clock })));
    return pacer;
  }

  /** A saved browser sign-in's token: refreshed tokens go back to its keychain entry. */
  function signInSource(summary: ConnectionSummary, session: StoredOAuthSession): OAuthTokenSource {
    return createOAuthTokenSource({
      session,
      now: () => clock.now(),
      ...(options.signIn?.flow?.fetch ? { fetch: options.signIn.flow.fetch } : {}),
      save: async (next) => {
        await store.add({
          id: summary.id,
          baseUrl: summary.baseUrl,
          label: summary.label,
          userName: summary.userName,
          addedAt: summary.addedAt,
          token: next.accessToken,
          signIn: storedSignIn(next),
        });
      },
      onSignedOut: (message) => {
        for (const l of signedOutListeners) l({ connectionId: summary.id, message });
      },
    });
  }

  /** A client for a validated connection: a browser sign-in's shares its person's pacer. */
  function liveFor(
    summary: ConnectionSummary,
    token: string | TokenSource,
    checked: Omit<ConnectResult, 'connection'>,
    client?: ApiClient,
  ): Live {
    const pacer = typeof token === 'string' ? undefined : pacerFor(summary.baseUrl, checked.you);
    return {
      client: client ?? makeClient({ baseUrl: summary.baseUrl, token, clock, ...(pacer ? { pacer } : {}) }),
      result: { connection: summary, ...checked },
      ...(typeof token === 'string' ? {} : { signIn: token as OAuthTokenSource }),
    };
  }

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
    if (r.success)
      return { ok: true, data: { ...r.data, baseUrl: normalizeBaseUrl(r.data.baseUrl).href.replace(/\/$/, '') } };
    return fail({ kind: 'bad_request', message: r.error.issues[0]?.message ?? 'Invalid connection details' });
  }

  async function connect(args: unknown, save: boolean): Promise<BridgeResult<ConnectResult>> {
    const parsed = parseArgs(args);
    if (!parsed.ok) return parsed;
    const { baseUrl: pasted, token, label } = parsed.data;
    if (isInsecureRemoteHttp(pasted) && parsed.data.allowInsecure !== true) {
      return fail({
        kind: 'bad_request',
        reason: 'insecure_http',
        field: 'baseUrl',
        message: insecureHttpRefusal(new URL(pasted).host),
      });
    }
    let client = makeClient({ baseUrl: pasted, token, clock });
    const checked = await validate(client);
    if (!checked.ok) return checked;
    // The service answered from its canonical address (a permanent move on the same origin): keep that one.
    const baseUrl = client.movedTo ?? pasted;
    const notes = client.movedTo
      ? [`${pasted} moved to ${client.movedTo}; the connection uses ${client.movedTo}.`]
      : [];
    if (client.movedTo) client = makeClient({ baseUrl, token, clock });

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
      summary = {
        id,
        label: details.label,
        baseUrl,
        userName: details.userName,
        addedAt: details.addedAt,
        ephemeral: true,
        auth: 'token',
      };
      ephemeral.set(id, { summary, token });
    }
    // The notes stay with the connection while it is in use (active() gives them again).
    const result: ConnectResult = { connection: summary, ...checked.data, ...(notes.length > 0 ? { notes } : {}) };
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

    add: (args) => connect(args, (args as { sessionOnly?: unknown } | null)?.sessionOnly !== true),

    addEphemeral: (args) => connect(args, false),

    async remove(id) {
      // Signing out of a browser sign-in ends it on the service too, where the service offers that.
      const source = live.get(id)?.signIn;
      if (source) {
        await source.revoke().catch(() => undefined);
        // Requests that waited for a new sign-in will never get one: say why instead.
        const host = new URL(live.get(id)!.result.connection.baseUrl).host;
        source.close(
          `The connection to ${host} was removed, so this was not sent. Add the connection again to carry on.`,
        );
      }
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
      let found: { summary: ConnectionSummary; token: string; signIn?: StoredSignIn } | null | undefined =
        ephemeral.get(id);
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
      const token: string | TokenSource =
        existing?.signIn ??
        (found.signIn ? signInSource(found.summary, sessionOf(found.token, found.signIn)) : found.token);
      const probe = existing?.client ?? makeClient({ baseUrl: found.summary.baseUrl, token, clock });
      const checked = await validate(probe);
      if (!checked.ok) return checked;
      const notes = existing?.result.notes;
      const next = liveFor(
        found.summary,
        token,
        { ...checked.data, ...(notes ? { notes } : {}) },
        existing?.client ?? (typeof token === 'string' ? probe : undefined),
      );
      live.set(id, next);
      makeActive(id);
      return { ok: true, data: next.result };
    },

    async signInOptions(baseUrl) {
      let normalized: string;
      try {
        normalized = normalizeBaseUrl(baseUrl).href.replace(/\/$/, '');
      } catch {
        return fail({
          kind: 'bad_request',
          field: 'baseUrl',
          message: 'Service URL must start with http:// or https://',
        });
      }
      const found = await discover(normalized);
      return {
        ok: true,
        data: found.available ? { available: true, reason: null } : { available: false, reason: found.reason },
      };
    },

    async signIn(raw) {
      const parsed = SignInArgs.safeParse(raw);
      if (!parsed.success)
        return fail({ kind: 'bad_request', message: parsed.error.issues[0]?.message ?? 'Invalid sign-in details' });
      const baseUrl = normalizeBaseUrl(parsed.data.baseUrl).href.replace(/\/$/, '');
      if (signingIn)
        return fail({
          kind: 'sign_in',
          reason: 'busy',
          message: 'A sign-in is already waiting for the browser. Finish it there, or cancel it first.',
        });
      const controller = new AbortController();
      signingIn = controller;
      try {
        const found = await discover(baseUrl);
        if (!found.available) return fail({ kind: 'sign_in', reason: 'unavailable', message: found.reason });
        const r = await signInWithBrowser(found, {
          ...options.signIn?.flow,
          signal: controller.signal,
          openBrowser: async (url) => {
            for (const l of signInPageListeners) l(url);
          },
        });
        if (!r.ok) return fail({ kind: 'sign_in', reason: r.kind, message: r.message });
        const session: StoredOAuthSession = {
          ...r.session,
          tokenEndpoint: found.server.token_endpoint!,
          revocationEndpoint: found.server.revocation_endpoint ?? null,
        };
        const checked = await validate(makeClient({ baseUrl, token: session.accessToken, clock }));
        if (!checked.ok) return checked;

        const again = parsed.data.connectionId ? live.get(parsed.data.connectionId) : undefined;
        const before = again?.result;
        if (before?.you && checked.data.you && before.you.id !== checked.data.you.id) {
          return fail({
            kind: 'sign_in',
            reason: 'other_person',
            message: `You signed in as ${checked.data.you.name}, but this connection is ${before.you.name}'s. Sign in as ${before.you.name}, or add a new connection.`,
          });
        }
        const userName = checked.data.you?.name ?? null;
        const label = parsed.data.label || before?.connection.label || defaultLabel(userName, baseUrl);
        const details = {
          id: parsed.data.connectionId ?? randomUUID(),
          baseUrl,
          label,
          userName,
          addedAt: before?.connection.addedAt ?? clock.now(),
        };
        let summary: ConnectionSummary;
        try {
          summary = await store.add({ ...details, token: session.accessToken, signIn: storedSignIn(session) });
        } catch (e) {
          return fail(keychainFailure(e));
        }
        if (again?.signIn) {
          // Requests waiting since the sign-in ended carry on with the new one.
          await again.signIn.replace(session);
          live.set(summary.id, { ...again, result: { connection: summary, ...checked.data } });
        } else {
          live.set(summary.id, liveFor(summary, signInSource(summary, session), checked.data));
        }
        makeActive(summary.id);
        return { ok: true, data: { connection: summary, ...checked.data, notes: r.notes } };
      } finally {
        signingIn = null;
      }
    },

    cancelSignIn() {
      signingIn?.abort();
    },

    async found() {
      const found = await findAgentClientCredentials(agentClient());
      return { ok: true, data: found.map(({ token: _token, ...shown }) => shown) };
    },

    async useFound(source) {
      // Read again now: the file or the variable may have changed since it was offered.
      const secret = (await findAgentClientCredentials(agentClient())).find((f) => f.source === source);
      if (!secret)
        return fail({
          kind: 'not_found',
          message: `There is no longer a token in ${source === 'environment' ? 'the environment' : 'the credentials file'}.`,
        });
      if (secret.unusable) return fail({ kind: 'bad_request', field: 'token', message: secret.unusable });
      return connect({ baseUrl: secret.baseUrl, token: secret.token }, true);
    },

    onSignInPage(listener) {
      signInPageListeners.add(listener);
      return () => signInPageListeners.delete(listener);
    },

    onSignedOut(listener) {
      signedOutListeners.add(listener);
      return () => signedOutListeners.delete(listener);
    },

    async active() {
      return { ok: true, data: activeLive()?.result ?? null };
    },

    async call(name, input) {
      const current = activeLive();
      if (!current) {
        return fail({
          kind: 'no_connection',
          message: 'No connection is active. Add a connection or pick a saved one first.',
        });
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
