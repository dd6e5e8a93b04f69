import type { Role } from '#shared/api/index.js';
import type { Fixture } from '../fixture/schema.js';
import { stableId } from './random.js';

/**
 * Who exists in the demo and what each persona token reaches. The table in the task brief is
 * the contract here: tests check it row by row, and the UI's persona switcher relies on it.
 */

const DAY_MS = 86_400_000;

export type PersonKey =
  | 'olivia'
  | 'adam'
  | 'cora'
  | 'remy'
  | 'finn'
  | 'mia'
  | 'sam'
  | 'alexKim'
  | 'alexPark'
  | 'priya'
  | 'jonas'
  | 'lena'
  | 'diego'
  | 'hana'
  | 'theo'
  | 'jun'
  | 'nora';

type OrgKey = 'acme' | 'tiny' | 'miaOrg' | 'solo';
export type WorkspaceKey = 'acmeWeb' | 'acmeLabs' | 'tiny' | 'side' | 'solo';

const PEOPLE: Record<PersonKey, { name: string; email: string }> = {
  olivia: { name: 'Olivia Owner', email: 'olivia@acme.example' },
  adam: { name: 'Adam Admin', email: 'adam@acme.example' },
  cora: { name: 'Cora Collaborator', email: 'cora@acme.example' },
  remy: { name: 'Remy Reviewer', email: 'remy@agency.example' },
  finn: { name: 'Finn Free', email: 'finn@tinystudio.example' },
  mia: { name: 'Mia Multi', email: 'mia@multi.example' },
  sam: { name: 'Sam Solo', email: 'sam@soloshop.example' },
  alexKim: { name: 'Alex Kim', email: 'alex.kim@acme.example' },
  alexPark: { name: 'Alex Park', email: 'alex.park@acme.example' },
  priya: { name: 'Priya Natarajan', email: 'priya@acme.example' },
  jonas: { name: 'Jonas Weber', email: 'jonas@acme.example' },
  lena: { name: 'Lena Fischer', email: 'lena@agency.example' },
  diego: { name: 'Diego Alvarez', email: 'diego@acme.example' },
  hana: { name: 'Hana Sato', email: 'hana@acme.example' },
  theo: { name: 'Theo Tran', email: 'theo@tinystudio.example' },
  jun: { name: 'Jun Ito', email: 'jun@multi.example' },
  nora: { name: 'Nora Lind', email: 'nora@friends.example' },
};

const ORGS: Record<OrgKey, { name: string; plan: 'free' | 'team' | 'business'; agentTools: boolean }> = {
  acme: { name: 'Acme Inc', plan: 'business', agentTools: true },
  tiny: { name: 'Tiny Studio', plan: 'free', agentTools: false },
  miaOrg: { name: 'Mia Multi', plan: 'team', agentTools: true },
  solo: { name: 'Solo Shop', plan: 'team', agentTools: true },
};

const WORKSPACES: Record<
  WorkspaceKey,
  { org: OrgKey; name: string; slug: string; retentionDays: number; instructions?: string }
> = {
  acmeWeb: {
    org: 'acme',
    name: 'Acme Web',
    slug: 'acme-web',
    retentionDays: 90,
    instructions:
      'Reply before resolving and say what changed. Link the Linear issue when one exists. Never resolve a thread a customer reported without a note.',
  },
  acmeLabs: { org: 'acme', name: 'Acme Labs', slug: 'acme-labs', retentionDays: 90 },
  tiny: { org: 'tiny', name: 'Tiny Studio', slug: 'tiny-studio', retentionDays: 30 },
  side: { org: 'miaOrg', name: 'Side Project', slug: 'side-project', retentionDays: 90 },
  solo: { org: 'solo', name: 'Solo Shop', slug: 'solo-shop', retentionDays: 90 },
};

/** Roles per workspace. Acme Web has ~12 people so the team looks real and "Alex" is ambiguous. */
const MEMBERSHIPS: Record<WorkspaceKey, readonly (readonly [PersonKey, Role])[]> = {
  acmeWeb: [
    ['olivia', 'owner'],
    ['adam', 'admin'],
    ['priya', 'admin'],
    ['cora', 'collaborator'],
    ['mia', 'collaborator'],
    ['alexKim', 'collaborator'],
    ['alexPark', 'collaborator'],
    ['jonas', 'collaborator'],
    ['diego', 'collaborator'],
    ['remy', 'reviewer'],
    ['lena', 'reviewer'],
    ['hana', 'reviewer'],
  ],
  // Olivia, Adam and Cora stay out of Labs so each of their tokens reaches exactly one workspace.
  acmeLabs: [
    ['priya', 'owner'],
    ['jonas', 'admin'],
    ['alexKim', 'collaborator'],
    ['mia', 'reviewer'],
  ],
  tiny: [
    ['finn', 'owner'],
    ['mia', 'owner'],
    ['theo', 'collaborator'],
  ],
  side: [
    ['mia', 'owner'],
    ['jun', 'reviewer'],
  ],
  solo: [
    ['sam', 'owner'],
    ['nora', 'reviewer'],
  ],
};

interface DemoToken {
  token: string;
  person: PersonKey;
  label: string;
  /** Days relative to now; negative means in the past. */
  expiresInDays: number | null;
  revokedDaysAgo: number | null;
}

const DEMO_TOKENS: readonly DemoToken[] = [
  {
    token: 'demo-owner',
    person: 'olivia',
    label: 'Olivia Owner (owner of Acme Web)',
    expiresInDays: null,
    revokedDaysAgo: null,
  },
  {
    token: 'demo-admin',
    person: 'adam',
    label: 'Adam Admin (admin of Acme Web)',
    expiresInDays: null,
    revokedDaysAgo: null,
  },
  {
    token: 'demo-collab',
    person: 'cora',
    label: 'Cora Collaborator (collaborator of Acme Web)',
    expiresInDays: null,
    revokedDaysAgo: null,
  },
  {
    token: 'demo-reviewer',
    person: 'remy',
    label: 'Remy Reviewer (reviewer of Acme Web only)',
    expiresInDays: null,
    revokedDaysAgo: null,
  },
  {
    token: 'demo-free',
    person: 'finn',
    label: 'Finn Free (owner of Tiny Studio, free plan)',
    expiresInDays: null,
    revokedDaysAgo: null,
  },
  {
    token: 'demo-multi',
    person: 'mia',
    label: 'Mia Multi (four workspaces, mixed roles and plans)',
    expiresInDays: null,
    revokedDaysAgo: null,
  },
  {
    token: 'demo-solo',
    person: 'sam',
    label: 'Sam Solo (one workspace, one project)',
    expiresInDays: null,
    revokedDaysAgo: null,
  },
  { token: 'demo-expired', person: 'olivia', label: "Olivia's expired token", expiresInDays: -3, revokedDaysAgo: null },
  { token: 'demo-revoked', person: 'adam', label: "Adam's revoked token", expiresInDays: null, revokedDaysAgo: 12 },
];

export const userId = (key: PersonKey): string => stableId('usr', key);

/** The people with a working demo token: the one-click sign-ins of the demo's OAuth pages. */
export function signInPersonaIds(): string[] {
  return [
    ...new Set(
      DEMO_TOKENS.filter((t) => t.expiresInDays === null && t.revokedDaysAgo === null).map((t) => userId(t.person)),
    ),
  ];
}
const orgId = (key: OrgKey): string => stableId('org', key);
export const workspaceId = (key: WorkspaceKey): string => stableId('wsp', key);

export interface Member {
  key: PersonKey;
  id: string;
  name: string;
  role: Role;
}

export function membersOf(ws: WorkspaceKey): Member[] {
  return MEMBERSHIPS[ws].map(([key, role]) => ({ key, id: userId(key), name: PEOPLE[key].name, role }));
}

export function buildPeople(
  now: number,
): Pick<Fixture, 'organizations' | 'users' | 'tokens' | 'workspaces' | 'memberships'> {
  const organizations = (Object.keys(ORGS) as OrgKey[]).map((k) => ({ id: orgId(k), ...ORGS[k] }));
  const users = (Object.keys(PEOPLE) as PersonKey[]).map((k) => ({ id: userId(k), ...PEOPLE[k] }));
  const tokens = DEMO_TOKENS.map((t) => ({
    token: t.token,
    userId: userId(t.person),
    kind: 'personal' as const,
    label: t.label,
    expiresAt: t.expiresInDays === null ? null : now + t.expiresInDays * DAY_MS,
    revokedAt: t.revokedDaysAgo === null ? null : now - t.revokedDaysAgo * DAY_MS,
  }));
  const workspaces = (Object.keys(WORKSPACES) as WorkspaceKey[]).map((k) => {
    const w = WORKSPACES[k];
    return {
      id: workspaceId(k),
      organizationId: orgId(w.org),
      name: w.name,
      slug: w.slug,
      retentionDays: w.retentionDays,
      ...(w.instructions ? { instructions: w.instructions } : {}),
    };
  });
  const memberships = (Object.keys(MEMBERSHIPS) as WorkspaceKey[]).flatMap((ws) =>
    MEMBERSHIPS[ws].map(([person, role]) => ({ workspaceId: workspaceId(ws), userId: userId(person), role })),
  );
  return { organizations, users, tokens, workspaces, memberships };
}
