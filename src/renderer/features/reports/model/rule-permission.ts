import type { Role } from '#shared/api/common.js';

/**
 * Saving rules is for workspace owners and admins. The screen decides from the caller's
 * role in the workspace that holds the project, so others see why the button is disabled
 * before they try, not a refusal after.
 */
export type RulePermission =
  | { kind: 'checking' }
  | { kind: 'allowed'; role: Role | null }
  | { kind: 'denied'; role: Role | null }
  | { kind: 'unknown'; reason: string };

const RULE_ROLES: readonly Role[] = ['owner', 'admin'];

interface WorkspaceLike {
  id: string;
  /** Open: a role this version doesn't know, or none given. */
  role: string | null;
  available: boolean;
}
interface ProjectLike {
  id: string;
  workspace: { id: string } | null;
}

const KNOWN_ROLES: readonly string[] = ['owner', 'admin', 'collaborator', 'reviewer'] satisfies readonly Role[];

/**
 * A role this version doesn't know (or none) doesn't block the button: the service has the
 * last word, and a refusal is explained when it comes.
 */
function permissionFromRole(role: string | null): RulePermission {
  if (role === null || !KNOWN_ROLES.includes(role)) return { kind: 'allowed', role: null };
  const known = role as Role;
  return RULE_ROLES.includes(known) ? { kind: 'allowed', role: known } : { kind: 'denied', role: known };
}

/** The project's workspace from the project list; with one reachable workspace it is that one. */
export function rulePermission(
  workspaces: readonly WorkspaceLike[],
  projects: readonly ProjectLike[] | null,
  projectId: string,
): RulePermission {
  const workspaceId = projects?.find((p) => p.id === projectId)?.workspace?.id;
  const usable = workspaces.filter((w) => w.available);
  const workspace =
    workspaceId !== undefined
      ? workspaces.find((w) => w.id === workspaceId)
      : usable.length === 1
        ? usable[0]
        : undefined;
  if (!workspace)
    return {
      kind: 'unknown',
      reason:
        'Triage Desk could not tell which workspace holds this project, so it cannot tell whether you may save rules.',
    };
  return permissionFromRole(workspace.role);
}

const ARTICLE: Record<Role, string> = {
  owner: 'an owner',
  admin: 'an admin',
  collaborator: 'a collaborator',
  reviewer: 'a reviewer',
};

/** Why the Save rule buttons are disabled, or null when they are not. */
export function ruleBlockedReason(permission: RulePermission): string | null {
  switch (permission.kind) {
    case 'allowed':
      return null;
    case 'checking':
      return 'Checking whether your role may save rules…';
    case 'unknown':
      return permission.reason;
    case 'denied':
      if (permission.role && RULE_ROLES.includes(permission.role))
        return 'Saving rules is turned off for this project here, although you are a workspace owner or admin.';
      return permission.role
        ? `Only workspace owners and admins can save rules; you are ${ARTICLE[permission.role]}.`
        : 'Only workspace owners and admins can save rules, and the service says your role is not one of them.';
  }
}
