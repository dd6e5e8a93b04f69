import { generateKeyPair, randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { Clock } from '../clock.js';
import type { Db } from '../storage/open.js';
import {
  consumeRecord,
  destroyRecord,
  destroyRecordsOfGrant,
  findRecord,
  findRecordByUid,
  keepSecret,
  pruneExpired,
  readSecret,
  recordColumns,
  registeredClientName,
  upsertRecord,
  type Payload,
} from '../storage/oauth.js';
import { hashToken } from '../storage/tokens.js';

/** How often expired records are looked for: pruning is lazy, on writes, at most this often. */
const PRUNE_EVERY_MS = 60_000;
/** OAuth rows of `tokens` stay this long past expiry, so a late request hears "expired". */
const KEEP_EXPIRED_TOKENS_MS = 7 * 86_400_000;

export const PRE_REGISTERED_CLIENT_NAME = 'Triage Desk';

export interface Secrets {
  jwks: { keys: Record<string, unknown>[] };
  cookieKeys: string[];
}

/**
 * The authorization server's storage on the service's database: oidc-provider's adapter per
 * model, and the secrets it signs with. One per server; providers for different origins of
 * the same server share it.
 */
export class OAuthStore {
  private lastPrune = 0;

  constructor(
    readonly db: Db,
    /** The service's clock: `tokens` rows expire and are revoked by it, as the API reads them. */
    readonly clock: Clock,
    private readonly preRegisteredClientId: string | null,
  ) {}

  /** oidc-provider's `adapter` option: one adapter per model name. */
  readonly adapter = (model: string): RecordAdapter => new RecordAdapter(model, this);

  /** What a person sees for a client: the name it registered, or its ID. */
  async clientName(clientId: string): Promise<string> {
    if (clientId === this.preRegisteredClientId) return PRE_REGISTERED_CLIENT_NAME;
    return (await registeredClientName(this.db, clientId)) ?? `An app without a name (${clientId})`;
  }

  async pruneNow(): Promise<void> {
    this.lastPrune = Date.now();
    await pruneExpired(this.db, Date.now(), this.clock.now(), KEEP_EXPIRED_TOKENS_MS);
  }

  async maybePrune(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    await this.pruneNow();
  }

  /**
   * The signing keys and cookie keys, made on first use and kept in the database, so tokens
   * (ID tokens), cookies and sessions outlive a restart.
   */
  async secrets(): Promise<Secrets> {
    const now = Date.now();
    let jwks = await readSecret(this.db, 'jwks');
    if (jwks === null) {
      const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
      const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), use: 'sig', alg: 'RS256' };
      jwks = await keepSecret(this.db, 'jwks', JSON.stringify({ keys: [jwk] }), now);
    }
    let cookieKeys = await readSecret(this.db, 'cookie_keys');
    if (cookieKeys === null)
      cookieKeys = await keepSecret(
        this.db,
        'cookie_keys',
        JSON.stringify([randomBytes(32).toString('base64url')]),
        now,
      );
    return { jwks: JSON.parse(jwks) as Secrets['jwks'], cookieKeys: JSON.parse(cookieKeys) as string[] };
  }
}

/**
 * Models whose ID is itself the credential (opaque tokens are their ID): kept under the
 * ID's SHA-256 with the ID left out of the stored payload, so a copied database yields no
 * usable token or code, as with personal tokens.
 */
const CREDENTIAL_MODELS: ReadonlySet<string> = new Set(['AccessToken', 'RefreshToken', 'AuthorizationCode']);

/**
 * oidc-provider's storage interface for one model. An AccessToken is also written to
 * `tokens` (its SHA-256, kind 'oauth', the person, the client's name, when it expires), so
 * every API route accepts it through the same check as a personal token; destroying it, or
 * its grant, marks that row revoked. Writes go through Kysely on the service's connection,
 * so the write tracker sees them and cached callers are read again.
 */
class RecordAdapter {
  private readonly hashed: boolean;

  constructor(
    private readonly model: string,
    private readonly store: OAuthStore,
  ) {
    this.hashed = CREDENTIAL_MODELS.has(model);
  }

  private key(id: string): string {
    return this.hashed ? hashToken(id) : id;
  }

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    const { db, clock } = this.store;
    const now = Date.now();
    const ttlMs = typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn * 1000 : null;
    const key = this.key(id);
    let accessToken;
    if (this.model === 'AccessToken' && typeof payload.accountId === 'string') {
      const clientId = typeof payload.clientId === 'string' ? payload.clientId : '';
      accessToken = {
        tokenHash: key,
        userId: payload.accountId,
        label: await this.store.clientName(clientId),
        // oidc-provider always gives access tokens a lifetime; an hour is its own default.
        expiresAt: clock.now() + (ttlMs ?? 3_600_000),
      };
    }
    let stored = payload;
    if (this.hashed) {
      const { jti: _jti, ...rest } = payload;
      stored = rest;
    }
    await upsertRecord(
      db,
      recordColumns(this.model, key, stored, ttlMs === null ? null : now + ttlMs),
      now,
      accessToken,
    );
    await this.store.maybePrune();
  }

  async find(id: string): Promise<Payload | undefined> {
    const found = await findRecord(this.store.db, this.model, this.key(id), Date.now());
    return found && this.hashed ? { ...found, jti: id } : found;
  }

  async findByUid(uid: string): Promise<Payload | undefined> {
    return findRecordByUid(this.store.db, this.model, uid, Date.now());
  }

  async consume(id: string): Promise<void> {
    await consumeRecord(this.store.db, this.model, this.key(id), Date.now());
  }

  async destroy(id: string): Promise<void> {
    await destroyRecord(this.store.db, this.model, this.key(id), this.store.clock.now());
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await destroyRecordsOfGrant(this.store.db, this.model, grantId, this.store.clock.now());
  }
}
