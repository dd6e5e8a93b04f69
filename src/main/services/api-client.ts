import { API_PREFIX, ENDPOINTS, ErrorBody, type EndpointInput, type EndpointName } from '#shared/api/index.js';
import { readAnswer, reportCountMemory, type ReadOutput } from '#shared/reader/index.js';
import type { BridgeResult, NetworkState } from '#shared/bridge/index.js';
import { type Clock, systemClock } from './clock.js';
import {
  DEFAULT_RETRY_AFTER,
  MAX_UNAVAILABLE_WAIT_MS,
  badResponseError,
  describeAnswer,
  describeNonJson,
  describeNetworkFailure,
  mapHttpError,
  networkError,
  refusedIn2xxError,
  parseRetryAfter,
  rateLimitedError,
  redirectRefusedError,
  type FailureContext,
  type NetworkFailure,
} from './http-errors.js';
import { describeNetworkState, sameNetworkState } from './network-state.js';
import { isSafeItemId } from '#shared/bridge/item-id.js';
import { Pacer, type PaceTicket } from './pacer.js';
import { DEFAULT_MAX_RESPONSE_BYTES, readTextWithin, responseTooLargeError } from './response-limit.js';

export interface RetryOptions {
  /** Total tries for a GET that meets network errors or 5xx (the first one included). */
  attempts: number;
  /** Backoff before retry n is random() * min(capMs, baseMs * 2^(n-1)) ("full jitter"). */
  baseMs: number;
  capMs: number;
  /** How many 429s one request sits out (each pausing the whole queue) before giving up. */
  rateLimitRetries: number;
  /** Pause when Retry-After is missing or unreadable. */
  defaultRetryAfterMs: number;
  /** Longest pause a Retry-After can impose. */
  maxRetryAfterMs: number;
  /** Source of jitter in [0, 1). */
  random: () => number;
}

const DEFAULT_RETRY: RetryOptions = {
  attempts: 4,
  baseMs: 250,
  capMs: 8_000,
  rateLimitRetries: 3,
  defaultRetryAfterMs: DEFAULT_RETRY_AFTER.defaultMs,
  maxRetryAfterMs: DEFAULT_RETRY_AFTER.maxMs,
  random: Math.random,
};

/**
 * Where a connection's bearer token comes from: a personal token never changes; a browser
 * sign-in's access token is refreshed ahead of its expiry and once after a 401.
 */
export interface TokenSource {
  current(): Promise<string>;
  /** After the service refused `rejected` (401): a fresh token, or null when none can be had. */
  renew(rejected: string): Promise<string | null>;
  /** When renew gave nothing because the sign-in is over for good: the sentence to fail with. */
  whyNone?(): string | null;
}

const fixedToken = (token: string): TokenSource => ({ current: async () => token, renew: async () => null });

export interface ApiClientOptions {
  /** Service root, e.g. https://feedback.example.com (the /api/v1 prefix is added here). */
  baseUrl: string;
  token: string | TokenSource;
  clock?: Clock;
  fetch?: typeof fetch;
  /** Per request, including reading the body. */
  timeoutMs?: number;
  /** The most one answer may hold; reading stops as soon as it is crossed (response-limit.ts). */
  maxResponseBytes?: number;
  retry?: Partial<RetryOptions>;
  /** Overrides the contract's bucket (burst 120, 300 a minute); tests use it. */
  pacing?: { burst?: number; perMinute?: number; marginMs?: number };
  /**
   * A pacer shared with other clients: the contract puts all OAuth connections of one person
   * under one limit, so their clients take from one bucket. Default: this client's own.
   */
  pacer?: Pacer;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

type SendOutcome =
  | { type: 'response'; status: number; headers: Headers; text: string; url: URL }
  | { type: 'network'; failure: NetworkFailure }
  | { type: 'too_large'; status: number }
  | { type: 'redirect_refused'; status: number; target: URL };

interface PreparedRequest {
  url: URL;
  method: 'GET' | 'POST';
  body: string | undefined;
}

/**
 * POSTs that change something. find_similar is a POST only to carry its text; it reads,
 * so replaying it cannot post twice and it retries like a GET.
 */
export function isWrite(name: EndpointName): boolean {
  return ENDPOINTS[name].method === 'POST' && name !== 'findSimilar';
}

/**
 * Drops query, fragment, trailing slashes and the API prefix: "https://host/x/",
 * "https://host/x" and "https://host/x/api/v1/" are one service (people paste the address
 * with the prefix, as the contract's {base_url} wording invites).
 */
export function normalizeBaseUrl(baseUrl: string): URL {
  const u = new URL(baseUrl.trim());
  let path = u.pathname.replace(/\/+$/, '');
  const prefix = API_PREFIX.toLowerCase();
  // An endpoint's whole address pasted (…/api/v1/workspaces, as a redirect names it): its service is before /api/v1/.
  const endpointAt = path.toLowerCase().indexOf(`${prefix}/`);
  if (endpointAt >= 0) path = path.slice(0, endpointAt);
  while (path.toLowerCase().endsWith(prefix)) path = path.slice(0, -prefix.length).replace(/\/+$/, '');
  u.pathname = path;
  u.search = '';
  u.hash = '';
  return u;
}

/** The base's path without a trailing slash ('' at the root), so prefix checks stay exact. */
const basePathOf = (u: URL) => u.pathname.replace(/\/+$/, '');

/**
 * Typed client for the 16 endpoints of one connection: every request goes through this
 * connection's pacer, 429s pause the whole queue, GETs retry transient failures, writes
 * never replay an uncertain attempt, and every failure comes back as a BridgeError.
 */
export class ApiClient {
  readonly baseUrl: string;
  private readonly base: URL;
  private readonly token: TokenSource;
  private readonly clock: Clock;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly retry: RetryOptions;
  private readonly pacer: Pacer;
  private active = 0;
  private offline: string | null = null;
  private lastState: NetworkState;
  private readonly listeners = new Set<(s: NetworkState) => void>();
  private limitedRefreshScheduled = false;
  /** How this service counts reports, as its answers have shown (src/shared/reader/report-counts.ts). */
  private readonly reportCounts = reportCountMemory();
  /**
   * Where the service said (301/308, same origin) it now lives, when that differs from the
   * address this client was given: the connection keeps that one.
   */
  movedTo: string | null = null;

  constructor(options: ApiClientOptions) {
    this.base = normalizeBaseUrl(options.baseUrl);
    this.baseUrl = this.base.href.replace(/\/$/, '');
    this.token = typeof options.token === 'string' ? fixedToken(options.token) : options.token;
    this.clock = options.clock ?? systemClock;
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.pacer = options.pacer ?? new Pacer({ ...options.pacing, clock: this.clock });
    this.lastState = this.computeState();
    this.pacer.onChange(() => this.emitState());
  }

  get host(): string {
    return this.base.host;
  }

  state(): NetworkState {
    return this.computeState();
  }

  onState(listener: (s: NetworkState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async call<N extends EndpointName>(name: N, input: EndpointInput<N>): Promise<BridgeResult<ReadOutput<N>>> {
    const ctx: FailureContext = { isWrite: isWrite(name), host: this.base.host };
    let request: PreparedRequest;
    try {
      request = this.prepare(name, input);
    } catch (e) {
      return {
        ok: false,
        error: { kind: 'bad_request', message: `Triage Desk could not build the request: ${(e as Error).message}` },
      };
    }
    this.active += 1;
    this.emitState();
    try {
      const result = await this.attempt(request, ctx);
      if (!result.ok) return result;
      const read = readAnswer(name, result.data.json, this.reportCounts);
      if (read.ok) return read;
      // A 2xx that carries only {error} is a refusal in the live service's words.
      const refusal = ErrorBody.safeParse(result.data.json);
      if (refusal.success) return { ok: false, error: refusedIn2xxError(refusal.data.error, result.data.status) };
      return {
        ok: false,
        error: badResponseError(
          describeAnswer(result.data.json, read.reason),
          ctx,
          result.data.status,
          result.data.url,
        ),
      };
    } finally {
      this.active -= 1;
      this.emitState();
    }
  }

  private prepare(name: EndpointName, input: unknown): PreparedRequest {
    const def = ENDPOINTS[name];
    const fields = (input ?? {}) as Record<string, unknown>;
    let path: string = def.path;
    if (path.includes('{itemId}')) {
      const itemId = fields.itemId;
      if (typeof itemId !== 'string' || itemId.length === 0) throw new Error('itemId is required');
      // `..` or `.` would be resolved away by URL and read another endpoint.
      if (!isSafeItemId(itemId)) throw new Error(`"${itemId.slice(0, 40)}" is not an item ID`);
      path = path.replace('{itemId}', encodeURIComponent(itemId));
    }
    const url = new URL(this.base.href);
    url.pathname = `${basePathOf(this.base)}${API_PREFIX}${path}`;
    if (def.method === 'POST') return { url, method: 'POST', body: JSON.stringify(fields) };
    if (name !== 'getItem') {
      for (const [key, value] of Object.entries(fields)) {
        if (value === undefined || value === null) continue;
        url.searchParams.set(key, String(value));
      }
    }
    return { url, method: 'GET', body: undefined };
  }

  /** The retry loop: returns parsed JSON of a 2xx answer, or the error to show. */
  private async attempt(
    req: PreparedRequest,
    ctx: FailureContext,
  ): Promise<BridgeResult<{ json: unknown; status: number; url: URL }>> {
    let transientFailures = 0;
    let rateLimits = 0;
    let renewed = false;
    // Bounded: every pass either returns or raises one of the two counters toward its cap.
    for (let tries = 0; ; tries++) {
      // Retries go to the head of the queue: they are older than anything queued since.
      const ticket = await this.pacer.acquire(tries > 0 ? 'front' : 'back');
      const token = await this.token.current();
      const outcome = await this.send(req, ticket, token);

      if (outcome.type === 'network') {
        this.setOffline(outcome.failure.description);
        if (ctx.isWrite || transientFailures + 1 >= this.retry.attempts) {
          return { ok: false, error: networkError(outcome.failure, ctx) };
        }
        transientFailures += 1;
        await this.backoff(transientFailures);
        continue;
      }
      this.setOffline(null);

      if (outcome.type === 'too_large')
        return { ok: false, error: responseTooLargeError(this.maxResponseBytes, outcome.status, ctx) };

      if (outcome.type === 'redirect_refused') {
        return { ok: false, error: redirectRefusedError(outcome.target, outcome.status, ctx) };
      }

      const { status, headers, text, url } = outcome;
      // A 401 was not processed, so even a write may go again, once, with a renewed sign-in.
      if (status === 401 && !renewed) {
        renewed = true;
        if ((await this.token.renew(token)) !== null) continue;
        const over = this.token.whyNone?.();
        if (over) return { ok: false, error: { kind: 'auth', status, message: over } };
      }
      if (status === 429) {
        const now = this.clock.now();
        const until = now + parseRetryAfter(headers.get('retry-after'), now, this.retryAfterPolicy());
        this.pacer.pauseUntil(until);
        // A 429 means the request was refused, not processed, so even a write may go again.
        if (rateLimits < this.retry.rateLimitRetries) {
          rateLimits += 1;
          continue;
        }
        this.scheduleLimitedRefresh(until);
        return {
          ok: false,
          error: rateLimitedError(until, ErrorBody.safeParse(parseJsonOrUndefined(text)).data?.error, now),
        };
      }

      // A 503 with Retry-After says when the service expects to serve again: a read waits that
      // long (unless it is maintenance-long) instead of the shorter backoff; writes never go again.
      const retryAfterMs =
        status === 503 && headers.has('retry-after')
          ? parseRetryAfter(headers.get('retry-after'), this.clock.now(), this.retryAfterPolicy())
          : undefined;
      if (
        status >= 500 &&
        !ctx.isWrite &&
        transientFailures + 1 < this.retry.attempts &&
        (retryAfterMs ?? 0) <= MAX_UNAVAILABLE_WAIT_MS
      ) {
        transientFailures += 1;
        await (retryAfterMs === undefined ? this.backoff(transientFailures) : this.clock.sleep(retryAfterMs));
        continue;
      }

      if (status < 200 || status >= 300)
        return {
          ok: false,
          error: mapHttpError(status, text, { ...ctx, url, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) }),
        };

      const json = parseJsonOrUndefined(text);
      if (json === undefined)
        return { ok: false, error: badResponseError(describeNonJson(text, headers), ctx, status, url) };
      return { ok: true, data: { json, status, url } };
    }
  }

  private retryAfterPolicy() {
    return {
      defaultMs: this.retry.defaultRetryAfterMs,
      maxMs: this.retry.maxRetryAfterMs,
      minMs: DEFAULT_RETRY_AFTER.minMs,
    };
  }

  private backoff(failures: number): Promise<void> {
    const ceiling = Math.min(this.retry.capMs, this.retry.baseMs * 2 ** (failures - 1));
    return this.clock.sleep(Math.floor(this.retry.random() * ceiling));
  }

  private isUnderMove(url: URL): boolean {
    if (!this.movedTo) return false;
    const moved = new URL(this.movedTo);
    const basePath = basePathOf(moved);
    return (
      url.origin === moved.origin &&
      (basePath === '' || url.pathname === basePath || url.pathname.startsWith(`${basePath}/`))
    );
  }

  private isUnderBase(url: URL): boolean {
    if (url.origin !== this.base.origin) return false;
    const basePath = basePathOf(this.base);
    return basePath === '' || url.pathname === basePath || url.pathname.startsWith(`${basePath}/`);
  }

  /**
   * A permanent redirect (301/308) on the same origin to the same endpoint under another
   * address, as a service moved to its canonical address answers: that address, else null.
   * The token never leaves its origin: another origin is refused as before.
   */
  private permanentMove(status: number, from: URL, to: URL): string | null {
    if ((status !== 301 && status !== 308) || to.origin !== this.base.origin) return null;
    const endpoint = from.pathname.slice(basePathOf(this.base).length);
    if (!endpoint.startsWith(API_PREFIX) || !to.pathname.endsWith(endpoint)) return null;
    const base = new URL(to.href);
    base.pathname = to.pathname.slice(0, to.pathname.length - endpoint.length);
    base.search = '';
    base.hash = '';
    return base.href.replace(/\/$/, '');
  }

  /** One HTTP exchange, following redirects only while they stay under the base URL (or the service's move). */
  private async send(req: PreparedRequest, ticket: PaceTicket, token: string): Promise<SendOutcome> {
    let url = req.url;
    let method = req.method;
    let body = req.body;
    try {
      for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
        if (!this.isUnderBase(url) && !this.isUnderMove(url))
          return { type: 'redirect_refused', status: 0, target: url };
        const headers: Record<string, string> = {
          Authorization: `Bearer ${token}`,
          Accept: 'application/json',
        };
        if (body !== undefined) headers['Content-Type'] = 'application/json';
        const res = await this.fetchImpl(url, {
          method,
          headers,
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        // The service counted the request by now: the pacer learns how late that can have been.
        ticket.settle(this.clock.now(), res.status === 429);
        const location = res.headers.get('location');
        if (REDIRECT_STATUSES.has(res.status) && location !== null) {
          await res.body?.cancel().catch(() => undefined);
          const target = new URL(location, url);
          const keepsMethod = res.status === 307 || res.status === 308;
          const moved = this.permanentMove(res.status, url, target);
          if ((!this.isUnderBase(target) && !moved) || (method === 'POST' && !keepsMethod)) {
            return { type: 'redirect_refused', status: res.status, target };
          }
          if (moved) this.movedTo = moved;
          url = target;
          if (!keepsMethod) {
            method = 'GET';
            body = undefined;
          }
          continue;
        }
        const read = await readTextWithin(res, this.maxResponseBytes);
        if (!read.ok) return { type: 'too_large', status: res.status };
        return { type: 'response', status: res.status, headers: res.headers, text: read.text, url };
      }
      return { type: 'redirect_refused', status: 310, target: url };
    } catch (e) {
      ticket.settle(this.clock.now());
      return { type: 'network', failure: describeNetworkFailure(e, this.timeoutMs) };
    }
  }

  private setOffline(reason: string | null): void {
    if (this.offline === reason) return;
    this.offline = reason;
    this.emitState();
  }

  // After a final 429 nothing is queued to wake the pacer, so refresh the state when the pause ends.
  private scheduleLimitedRefresh(until: number): void {
    if (this.limitedRefreshScheduled) return;
    this.limitedRefreshScheduled = true;
    void this.clock.sleep(Math.max(0, until - this.clock.now())).then(() => {
      this.limitedRefreshScheduled = false;
      this.emitState();
    });
  }

  private computeState(): NetworkState {
    return describeNetworkState({
      active: this.active,
      pacer: this.pacer.snapshot(),
      offline: this.offline,
      host: this.base.host,
      now: this.clock.now(),
    });
  }

  private emitState(): void {
    const next = this.computeState();
    if (sameNetworkState(next, this.lastState)) return;
    this.lastState = next;
    for (const l of this.listeners) l(next);
  }
}

function parseJsonOrUndefined(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
