import type { Db } from './open.js';
import { writeTransaction } from './write-transaction.js';

/**
 * The authorization server's records (oidc-provider models) and the opaque access tokens it
 * mints. oidc-provider keeps time by the system clock, so record expiry here does too; rows
 * of `tokens` use the service's clock, like every other token the API checks.
 */

export type Payload = Record<string, unknown>;

interface RecordWrite {
  model: string;
  /** The record's key: the model's ID, or its SHA-256 for bearer credentials (see oauth/store.ts). */
  id: string;
  payload: Payload;
  grantId: string | null;
  uid: string | null;
  accountId: string | null;
  /** ms since 1970; null: kept until destroyed. */
  expiresAt: number | null;
}

/** A row for `tokens`: an access token is checked by the API like any personal token. */
interface AccessTokenRow {
  tokenHash: string;
  userId: string;
  label: string;
  expiresAt: number;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function recordColumns(model: string, id: string, payload: Payload, expiresAt: number | null): RecordWrite {
  return {
    model,
    id,
    payload,
    // A Grant is its own grant: revoking it by grant ID finds it with its tokens.
    grantId: str(payload.grantId) ?? (model === 'Grant' ? id : null),
    uid: str(payload.uid),
    accountId: str(payload.accountId),
    expiresAt,
  };
}

/** Inserts or replaces a record; a replaced one keeps when it was made and whether it was consumed. */
export async function upsertRecord(db: Db, r: RecordWrite, now: number, accessToken?: AccessTokenRow): Promise<void> {
  const values = {
    payload: JSON.stringify(r.payload),
    grant_id: r.grantId,
    uid: r.uid,
    account_id: r.accountId,
    expires_at: r.expiresAt,
  };
  const write = async (t: Db) => {
    await t
      .insertInto('oauth_records')
      .values({ model: r.model, id: r.id, created_at: now, consumed_at: null, ...values })
      .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(values))
      .execute();
    if (accessToken) {
      await t
        .insertInto('tokens')
        .values({
          token_hash: accessToken.tokenHash,
          user_id: accessToken.userId,
          kind: 'oauth',
          label: accessToken.label,
          expires_at: accessToken.expiresAt,
          revoked_at: null,
        })
        .onConflict((oc) => oc.column('token_hash').doNothing())
        .execute();
    }
  };
  // A row of `tokens` is what cached callers are read from: the shared version moves with it.
  if (accessToken) await writeTransaction(db, { shared: true }, write);
  else await write(db);
}

function live(
  row: { payload: string; consumed_at: number | null; expires_at: number | null } | undefined,
  now: number,
): Payload | undefined {
  if (!row || (row.expires_at !== null && row.expires_at <= now)) return undefined;
  const payload = JSON.parse(row.payload) as Payload;
  return row.consumed_at === null ? payload : { ...payload, consumed: Math.floor(row.consumed_at / 1000) };
}

export async function findRecord(db: Db, model: string, id: string, now: number): Promise<Payload | undefined> {
  const row = await db
    .selectFrom('oauth_records')
    .select(['payload', 'consumed_at', 'expires_at'])
    .where('model', '=', model)
    .where('id', '=', id)
    .executeTakeFirst();
  return live(row, now);
}

export async function findRecordByUid(db: Db, model: string, uid: string, now: number): Promise<Payload | undefined> {
  const row = await db
    .selectFrom('oauth_records')
    .select(['payload', 'consumed_at', 'expires_at'])
    .where('model', '=', model)
    .where('uid', '=', uid)
    .executeTakeFirst();
  return live(row, now);
}

export async function consumeRecord(db: Db, model: string, id: string, now: number): Promise<void> {
  await db
    .updateTable('oauth_records')
    .set({ consumed_at: now })
    .where('model', '=', model)
    .where('id', '=', id)
    .execute();
}

/**
 * Marks these access tokens' `tokens` rows revoked; rows already revoked keep their time.
 * An access token's record is kept under its hash, the same as its row's token_hash.
 */
async function revokeAccessTokenRows(db: Db, tokenHashes: readonly string[], at: number): Promise<void> {
  if (tokenHashes.length === 0) return;
  await db
    .updateTable('tokens')
    .set({ revoked_at: at })
    .where('token_hash', 'in', tokenHashes)
    .where('kind', '=', 'oauth')
    .where('revoked_at', 'is', null)
    .execute();
}

/** Removes one record; an access token also stops working on the API at `revokedAt`. */
export async function destroyRecord(db: Db, model: string, id: string, revokedAt: number): Promise<void> {
  await writeTransaction(db, { shared: model === 'AccessToken' }, async (t) => {
    if (model === 'AccessToken') await revokeAccessTokenRows(t, [id], revokedAt);
    await t.deleteFrom('oauth_records').where('model', '=', model).where('id', '=', id).execute();
  });
}

/** Removes the records of one model that belong to a grant (oidc-provider's revokeByGrantId). */
export async function destroyRecordsOfGrant(db: Db, model: string, grantId: string, revokedAt: number): Promise<void> {
  await writeTransaction(db, { shared: model === 'AccessToken' }, async (t) => {
    if (model === 'AccessToken') {
      const ids = await t
        .selectFrom('oauth_records')
        .select('id')
        .where('grant_id', '=', grantId)
        .where('model', '=', 'AccessToken')
        .execute();
      await revokeAccessTokenRows(
        t,
        ids.map((r) => r.id),
        revokedAt,
      );
    }
    await t.deleteFrom('oauth_records').where('grant_id', '=', grantId).where('model', '=', model).execute();
  });
}

/** Ends a grant whole: the grant, its codes and tokens; its access tokens stop working on the API at `revokedAt`. */
export async function revokeGrant(db: Db, grantId: string, revokedAt: number): Promise<void> {
  await writeTransaction(db, { shared: true }, async (t) => {
    const ids = await t
      .selectFrom('oauth_records')
      .select('id')
      .where('grant_id', '=', grantId)
      .where('model', '=', 'AccessToken')
      .execute();
    await revokeAccessTokenRows(
      t,
      ids.map((r) => r.id),
      revokedAt,
    );
    await t.deleteFrom('oauth_records').where('grant_id', '=', grantId).execute();
  });
}

interface GrantSummary {
  grantId: string;
  clientId: string;
  accountId: string;
  createdAt: number;
  /** Every scope granted, OpenID and the API's together. */
  scopes: string[];
}

function grantScopes(payload: Payload): string[] {
  const scopes = new Set<string>();
  const add = (text: unknown) => {
    if (typeof text === 'string') for (const s of text.split(' ')) if (s) scopes.add(s);
  };
  add((payload.openid as { scope?: unknown } | undefined)?.scope);
  const resources = payload.resources;
  if (resources && typeof resources === 'object') for (const v of Object.values(resources)) add(v);
  return [...scopes];
}

/**
 * A person's sign-ins that still hold something usable: a code not yet exchanged, or a token
 * neither expired nor used up. Newest first.
 */
export async function listActiveGrants(db: Db, accountId: string, now: number): Promise<GrantSummary[]> {
  const rows = await db
    .selectFrom('oauth_records as g')
    .select(['g.id', 'g.payload', 'g.created_at'])
    .where('g.model', '=', 'Grant')
    .where('g.account_id', '=', accountId)
    .where((eb) => eb.or([eb('g.expires_at', 'is', null), eb('g.expires_at', '>', now)]))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('oauth_records as t')
          .select('t.id')
          .whereRef('t.grant_id', '=', 'g.id')
          .where('t.model', 'in', ['AccessToken', 'RefreshToken', 'AuthorizationCode'])
          .where('t.consumed_at', 'is', null)
          .where((eb) => eb.or([eb('t.expires_at', 'is', null), eb('t.expires_at', '>', now)])),
      ),
    )
    .orderBy('g.created_at', 'desc')
    .orderBy('g.id')
    .execute();
  return rows.map((r) => {
    const payload = JSON.parse(r.payload) as Payload;
    return {
      grantId: r.id,
      clientId: str(payload.clientId) ?? '',
      accountId,
      createdAt: r.created_at,
      scopes: grantScopes(payload),
    };
  });
}

export async function findGrantOwner(db: Db, grantId: string, now: number): Promise<string | null> {
  const row = await db
    .selectFrom('oauth_records')
    .select(['account_id', 'expires_at'])
    .where('model', '=', 'Grant')
    .where('id', '=', grantId)
    .executeTakeFirst();
  if (!row || (row.expires_at !== null && row.expires_at <= now)) return null;
  return row.account_id;
}

/** The name a dynamically registered client gave itself; null for an unknown or nameless one. */
export async function registeredClientName(db: Db, clientId: string): Promise<string | null> {
  const row = await db
    .selectFrom('oauth_records')
    .select('payload')
    .where('model', '=', 'Client')
    .where('id', '=', clientId)
    .executeTakeFirst();
  if (!row) return null;
  return str((JSON.parse(row.payload) as Payload).client_name);
}

/**
 * Drops records past their expiry, and OAuth rows of `tokens` that expired over `keepExpiredTokensMs`
 * ago (until then the API can still say "expired" rather than "not recognised"). Deletes only
 * when there is something to delete: a write to `tokens` makes every cached caller stale.
 */
export async function pruneExpired(
  db: Db,
  recordsNow: number,
  tokensNow: number,
  keepExpiredTokensMs: number,
): Promise<void> {
  const stale = await db
    .selectFrom('oauth_records')
    .select('id')
    .where('expires_at', '<=', recordsNow)
    .limit(1)
    .executeTakeFirst();
  if (stale) await db.deleteFrom('oauth_records').where('expires_at', '<=', recordsNow).execute();
  const before = tokensNow - keepExpiredTokensMs;
  const old = await db
    .selectFrom('tokens')
    .select('token_hash')
    .where('kind', '=', 'oauth')
    .where('expires_at', '<=', before)
    .limit(1)
    .executeTakeFirst();
  if (old) {
    await writeTransaction(db, { shared: true }, (t) =>
      t.deleteFrom('tokens').where('kind', '=', 'oauth').where('expires_at', '<=', before).execute(),
    );
  }
}

export async function readSecret(db: Db, name: string): Promise<string | null> {
  const row = await db.selectFrom('oauth_secrets').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value ?? null;
}

/** Stores `value` unless a value is already there; returns the one stored (first writer wins). */
export async function keepSecret(db: Db, name: string, value: string, now: number): Promise<string> {
  await db
    .insertInto('oauth_secrets')
    .values({ name, value, created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await readSecret(db, name)) ?? value;
}
