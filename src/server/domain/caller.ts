import type { BillingReason, Role } from '#shared/api/index.js';
import type { Db } from '../storage/open.js';
import { findToken, listMemberships, type MembershipRecord, type TokenRecord } from '../storage/accounts.js';
import { ReadCache } from '../storage/read-cache.js';
import { hashToken } from '../storage/tokens.js';
import { billingLimit, forbidden, missingToken, unauthorized, type ApiError } from './errors.js';

export interface WorkspaceAccess extends MembershipRecord {
  role: Role;
  available: boolean;
  unavailableKind: BillingReason | null;
  unavailableReason: string | null;
}

/** Who is calling, resolved from the bearer token; shared (frozen) by the token's requests. */
export interface Caller {
  userId: string;
  userName: string;
  userEmail: string;
  tokenHash: string;
  tokenKind: string;
  workspaces: readonly WorkspaceAccess[];
}

const PAID_ROLES: ReadonlySet<string> = new Set(['owner', 'admin', 'collaborator']);

function describeUnavailable(m: MembershipRecord): { kind: BillingReason; sentence: string } | null {
  if (!PAID_ROLES.has(m.role)) {
    return {
      kind: 'no_seat',
      sentence: `Agent tools are not available in workspace "${m.workspaceName}" because your role there is ${m.role}; a workspace owner or admin can change it to collaborator or admin.`,
    };
  }
  if (!m.agentTools) {
    return {
      kind: 'no_plan',
      sentence: `Agent tools are not available in workspace "${m.workspaceName}" because the ${m.plan} plan of ${m.orgName} does not include them; the organization owner can upgrade the plan.`,
    };
  }
  return null;
}

function toAccess(m: MembershipRecord): WorkspaceAccess {
  const why = describeUnavailable(m);
  return {
    ...m,
    role: m.role as Role,
    available: why === null,
    unavailableKind: why?.kind ?? null,
    unavailableReason: why?.sentence ?? null,
  };
}

/**
 * Who a token is, kept until a table it is read from is written: one lookup per request,
 * and every request with the token shares one frozen Caller. Expiry and revocation are
 * compared with the clock on every request, so a token still stops working at its
 * expiresAt/revokedAt to the millisecond. Unknown tokens are remembered too (bounded), so
 * repeated bad tokens cost no query.
 */
const callers = new ReadCache<string, { token: TokenRecord; caller: Caller } | null>(
  ['tokens', 'users', 'memberships', 'workspaces', 'orgs'],
  1024,
);

async function loadCaller(db: Db, tokenHash: string): Promise<{ token: TokenRecord; caller: Caller } | null> {
  const token = await findToken(db, tokenHash);
  if (!token) return null;
  const workspaces = Object.freeze((await listMemberships(db, token.userId)).map((m) => Object.freeze(toAccess(m))));
  const caller: Caller = {
    userId: token.userId,
    userName: token.userName,
    userEmail: token.userEmail,
    tokenHash,
    tokenKind: token.kind,
    workspaces,
  };
  return { token: Object.freeze(token), caller: Object.freeze(caller) };
}

const BEARER = /^Bearer[ \t]+([A-Za-z0-9\-._~+/]+=*)[ \t]*$/i;

/**
 * The last Authorization header each connection sent, with its token's hash: a client that
 * sends the same token over a kept-alive connection has it hashed once. A header is only
 * ever compared with what the same connection sent before, so nothing about anyone else's
 * token can be learned from how long the comparison takes; the entry goes with the connection.
 */
const lastHashByConnection = new WeakMap<object, { authorization: string; hash: string }>();

function tokenHashFor(authorization: string | undefined, connection: object | undefined): string {
  if (connection === undefined || authorization === undefined) return tokenHashOf(authorization);
  const last = lastHashByConnection.get(connection);
  if (last?.authorization === authorization) return last.hash;
  const hash = tokenHashOf(authorization);
  lastHashByConnection.set(connection, { authorization, hash });
  return hash;
}

/** The hash a token is looked up by; 401 for a missing or malformed header. */
function tokenHashOf(authorization: string | undefined): string {
  if (authorization === undefined || authorization.trim() === '') {
    throw missingToken('No token was sent; send the header Authorization: Bearer <token>.');
  }
  const match = BEARER.exec(authorization);
  if (!match?.[1]) {
    throw unauthorized('The Authorization header is malformed; it must be "Bearer <token>".');
  }
  return hashToken(match[1]);
}

function admit(known: { token: TokenRecord; caller: Caller } | null, now: number): Caller {
  if (!known) throw unauthorized('The token is not recognised; it may have been deleted or mistyped.');
  const { token, caller } = known;
  if (token.revokedAt !== null && token.revokedAt <= now)
    throw unauthorized('The token was revoked; create a new one.');
  if (token.expiresAt !== null && token.expiresAt <= now) {
    throw unauthorized(`The token expired on ${new Date(token.expiresAt).toISOString()}; create a new one.`);
  }
  return caller;
}

/**
 * 401 for a missing, malformed, unknown, expired or revoked token; the sentence says which.
 * `connection`: the connection the request came on (its socket), when there is one.
 */
export async function authenticate(
  db: Db,
  authorization: string | undefined,
  now: number,
  connection?: object,
): Promise<Caller> {
  const tokenHash = tokenHashFor(authorization, connection);
  return admit(await callers.get(db, tokenHash, () => loadCaller(db, tokenHash)), now);
}

/**
 * authenticate() without waiting, for a token already in memory: the same caller or the
 * same 401, or undefined when the token must be read first (then use authenticate()).
 */
export function authenticateFromMemory(
  db: Db,
  authorization: string | undefined,
  now: number,
  connection?: object,
): Caller | undefined {
  const known = callers.peek(db, tokenHashFor(authorization, connection));
  return known === undefined ? undefined : admit(known, now);
}

/**
 * Who the token was when last read, fresh or not, or undefined when never read (or the header
 * is malformed): lets work keyed by the caller start while authentication checks freshness.
 * A token's person and kind never change, so a hint that authenticates is the caller's.
 */
export function lastKnownCaller(db: Db, authorization: string | undefined, connection?: object): Caller | undefined {
  try {
    return callers.lastLoaded(db, tokenHashFor(authorization, connection))?.caller;
  } catch {
    return undefined;
  }
}

export function billingErrorFor(ws: WorkspaceAccess): ApiError {
  return billingLimit(
    ws.unavailableKind ?? 'no_seat',
    ws.unavailableReason ?? 'Agent tools are not available in this workspace.',
  );
}

/**
 * Multi-workspace rule 3: the whole request is refused only when no reachable workspace
 * allows agent tools. The reason is that of the first workspace (by name); the sentence
 * names every workspace so the person knows what to fix.
 */
export function requireSomeAvailable(caller: Caller): void {
  if (someAvailable(caller)) return;
  if (caller.workspaces.length === 0) {
    throw forbidden('This account is not a member of any workspace; ask a workspace owner to invite you.');
  }
  const first = caller.workspaces[0]!;
  if (caller.workspaces.length === 1) throw billingErrorFor(first);
  const sentence = `Agent tools are not available in any of your workspaces: ${caller.workspaces
    .map(
      (w) =>
        `"${w.workspaceName}" (${w.unavailableKind === 'no_seat' ? `your role is ${w.role}` : 'the plan lacks agent tools'})`,
    )
    .join(', ')}.`;
  throw billingLimit(first.unavailableKind ?? 'no_seat', sentence);
}

/** Whether requireSomeAvailable lets the caller through. */
export function someAvailable(caller: Caller): boolean {
  return caller.workspaces.some((w) => w.available);
}

export function availableWorkspaces(caller: Caller): WorkspaceAccess[] {
  return caller.workspaces.filter((w) => w.available);
}
