import type { BillingReason, Role } from '../../shared/api/index.js';
import type { Db } from '../storage/open.js';
import { findToken, listMemberships, type MembershipRecord } from '../storage/accounts.js';
import { hashToken } from '../storage/tokens.js';
import { billingLimit, forbidden, unauthorized, type ApiError } from './errors.js';

export interface WorkspaceAccess extends MembershipRecord {
  role: Role;
  available: boolean;
  unavailableKind: BillingReason | null;
  unavailableReason: string | null;
}

/** Who is calling, resolved once per request from the bearer token. */
export interface Caller {
  userId: string;
  userName: string;
  userEmail: string;
  tokenHash: string;
  tokenKind: string;
  workspaces: WorkspaceAccess[];
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
  return { ...m, role: m.role as Role, available: why === null, unavailableKind: why?.kind ?? null, unavailableReason: why?.sentence ?? null };
}

const BEARER = /^Bearer[ \t]+([A-Za-z0-9\-._~+/]+=*)[ \t]*$/i;

/** 401 for a missing, malformed, unknown, expired or revoked token; the sentence says which. */
export async function authenticate(db: Db, authorization: string | undefined, now: number): Promise<Caller> {
  if (authorization === undefined || authorization.trim() === '') {
    throw unauthorized('No token was sent; send the header Authorization: Bearer <token>.');
  }
  const match = BEARER.exec(authorization);
  if (!match?.[1]) {
    throw unauthorized('The Authorization header is malformed; it must be "Bearer <token>".');
  }
  const tokenHash = hashToken(match[1]);
  const token = await findToken(db, tokenHash);
  if (!token) throw unauthorized('The token is not recognised; it may have been deleted or mistyped.');
  if (token.revokedAt !== null && token.revokedAt <= now) throw unauthorized('The token was revoked; create a new one.');
  if (token.expiresAt !== null && token.expiresAt <= now) {
    throw unauthorized(`The token expired on ${new Date(token.expiresAt).toISOString()}; create a new one.`);
  }
  const workspaces = (await listMemberships(db, token.userId)).map(toAccess);
  return { userId: token.userId, userName: token.userName, userEmail: token.userEmail, tokenHash, tokenKind: token.kind, workspaces };
}

export function billingErrorFor(ws: WorkspaceAccess): ApiError {
  return billingLimit(ws.unavailableKind ?? 'no_seat', ws.unavailableReason ?? 'Agent tools are not available in this workspace.');
}

/**
 * Multi-workspace rule 3: the whole request is refused only when no reachable workspace
 * allows agent tools. The reason is that of the first workspace (by name); the sentence
 * names every workspace so the person knows what to fix.
 */
export function requireSomeAvailable(caller: Caller): void {
  if (caller.workspaces.length === 0) {
    throw forbidden('This account is not a member of any workspace; ask a workspace owner to invite you.');
  }
  if (caller.workspaces.some((w) => w.available)) return;
  const first = caller.workspaces[0]!;
  if (caller.workspaces.length === 1) throw billingErrorFor(first);
  const sentence = `Agent tools are not available in any of your workspaces: ${caller.workspaces
    .map((w) => `"${w.workspaceName}" (${w.unavailableKind === 'no_seat' ? `your role is ${w.role}` : 'the plan lacks agent tools'})`)
    .join(', ')}.`;
  throw billingLimit(first.unavailableKind ?? 'no_seat', sentence);
}

export function availableWorkspaces(caller: Caller): WorkspaceAccess[] {
  return caller.workspaces.filter((w) => w.available);
}
