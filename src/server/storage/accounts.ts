import type { Db } from './open.js';

export interface TokenRecord {
  userId: string;
  userName: string;
  userEmail: string;
  kind: string;
  expiresAt: number | null;
  revokedAt: number | null;
}

export async function findToken(db: Db, tokenHash: string): Promise<TokenRecord | null> {
  const row = await db
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .select([
      'users.id as userId',
      'users.name as userName',
      'users.email as userEmail',
      'tokens.kind',
      'tokens.expires_at as expiresAt',
      'tokens.revoked_at as revokedAt',
    ])
    .where('tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ?? null;
}

export interface MembershipRecord {
  workspaceId: string;
  workspaceName: string;
  workspaceSlug: string;
  retentionDays: number;
  instructions: string | null;
  orgId: string;
  orgName: string;
  plan: string;
  agentTools: boolean;
  role: string;
}

export async function listMemberships(db: Db, userId: string): Promise<MembershipRecord[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('workspaces', 'workspaces.id', 'memberships.workspace_id')
    .innerJoin('orgs', 'orgs.id', 'workspaces.org_id')
    .select([
      'workspaces.id as workspaceId',
      'workspaces.name as workspaceName',
      'workspaces.slug as workspaceSlug',
      'workspaces.retention_days as retentionDays',
      'workspaces.instructions as instructions',
      'orgs.id as orgId',
      'orgs.name as orgName',
      'orgs.plan as plan',
      'orgs.agent_tools as agentTools',
      'memberships.role as role',
    ])
    .where('memberships.user_id', '=', userId)
    .orderBy('workspaces.name')
    .orderBy('workspaces.id')
    .execute();
  return rows.map((r) => ({ ...r, agentTools: r.agentTools === 1 }));
}

export interface MemberRecord {
  id: string;
  name: string;
  email: string;
  role: string;
}

export async function listWorkspaceMembers(db: Db, workspaceId: string): Promise<MemberRecord[]> {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.name', 'users.email', 'memberships.role'])
    .where('memberships.workspace_id', '=', workspaceId)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
}

interface UserRecord {
  id: string;
  name: string;
  email: string;
}

export async function findUser(db: Db, userId: string): Promise<UserRecord | null> {
  return (
    (await db.selectFrom('users').select(['id', 'name', 'email']).where('id', '=', userId).executeTakeFirst()) ?? null
  );
}
