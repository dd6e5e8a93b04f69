import { queryOptions, useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import { getBridge } from '../../../bridge/index.js';
import { BridgeFailure, connectionKey, queryClient, queryProblem } from '../../../server-state/query-client.js';
import type { Failure } from '../../../stores/failure.js';
import { projectListQuery } from '../../../server-state/project-list.js';
import { useSession } from '../../../stores/session-store.js';
import { rulePermission, type RulePermission } from '../model/rule-permission.js';

/** What the caller's role is read from: the workspaces with their roles, and which workspace holds each project. */
interface RoleSources {
  workspaces: Parameters<typeof rulePermission>[0];
  /** Null when the project list could not be read: with one reachable workspace the role is still known. */
  projects: Parameters<typeof rulePermission>[1];
}

/** The caller's roles, per connection: a role is the workspace's, whichever project the reports show. */
export function roleQuery(connectionId: string | null | undefined) {
  return queryOptions({
    queryKey: connectionKey(connectionId, 'reports-role'),
    queryFn: async (): Promise<RoleSources> => {
      const [workspaces, projects] = await Promise.all([
        getBridge().api.listWorkspaces({}),
        // The list the picker and palette read, when one is kept.
        queryClient.fetchQuery(projectListQuery(connectionId)).catch(() => null),
      ]);
      if (!workspaces.ok) throw new BridgeFailure(workspaces.error);
      return { workspaces: workspaces.data.workspaces, projects };
    },
  });
}

/**
 * Projects (of a connection: two tokens may reach the same project) where the service refused
 * a save for the caller's role: its word is trusted over what was worked out.
 */
const useRefusals = create<{ projects: ReadonlySet<string> }>()(() => ({ projects: new Set() }));
const refusalKey = (connectionId: string | null | undefined, projectId: string) =>
  `${connectionId ?? ''}\u0000${projectId}`;

/** The service refused a save for the caller's role: trust it, and look the role up again to name it. */
export function refusedByService(connectionId: string | null | undefined, projectId: string): void {
  useRefusals.setState((s) => ({ projects: new Set(s.projects).add(refusalKey(connectionId, projectId)) }));
  void queryClient.invalidateQueries({ queryKey: roleQuery(connectionId).queryKey });
}

const UNKNOWN_REASON = 'Triage Desk could not look up your role, so Save rule stays off until it can.';

/**
 * Whether the caller may save rules. `known` is what the screen's owner already knows (null
 * while unknown): a known yes needs no lookup; otherwise the role is looked up so a refusal can
 * name it. The caller's no is about this screen's context and the role only explains it, so a
 * known no stays a no even where the role would allow.
 */
export function permissionOf(
  projectId: string,
  known: boolean | null,
  roles: { data?: RoleSources | undefined; error: unknown },
): RulePermission {
  if (known === true) return { kind: 'allowed', role: null };
  if (roles.error) return { kind: 'unknown', reason: UNKNOWN_REASON };
  if (!roles.data) return known === false ? { kind: 'denied', role: null } : { kind: 'checking' };
  const found = rulePermission(roles.data.workspaces, roles.data.projects, projectId);
  return known === false && found.kind === 'allowed' ? { kind: 'denied', role: found.role } : found;
}

interface RulePermissionState {
  permission: RulePermission;
  /** Why the role could not be looked up, for <ErrorMessage>. */
  problem: Failure | null;
  retry(): void;
}

export function useRulePermission(projectId: string, known: boolean | null): RulePermissionState {
  const connectionId = useSession((s) => s.active?.connection.id);
  const refused = useRefusals((s) => s.projects.has(refusalKey(connectionId, projectId)));
  const stated = refused ? false : known;
  const query = useQuery({ ...roleQuery(connectionId), enabled: stated !== true });
  return {
    permission: permissionOf(projectId, stated, query),
    problem: stated === true ? null : queryProblem('Could not look up your role in this workspace', query),
    retry: () => void query.refetch(),
  };
}
