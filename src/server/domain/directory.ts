import type {
  MembersQuery,
  MembersResponse,
  ProjectsQuery,
  ProjectsResponse,
  Role,
  WorkspacesResponse,
} from '#shared/api/index.js';
import type { Db } from '../storage/open.js';
import { listWorkspaceMembers } from '../storage/accounts.js';
import { countActiveProjects, listActiveProjects } from '../storage/projects.js';
import { availableWorkspaces, type Caller } from './caller.js';
import { resolveWorkspace, resolveWorkspaceById } from './resolve.js';

/** Every reachable workspace, blocked ones included, so a person can see what to fix. */
export async function listWorkspaces(db: Db, caller: Caller): Promise<WorkspacesResponse> {
  const counts = await countActiveProjects(
    db,
    caller.workspaces.map((w) => w.workspaceId),
  );
  const workspaces = caller.workspaces.map((w) => ({
    id: w.workspaceId,
    name: w.workspaceName,
    slug: w.workspaceSlug,
    role: w.role,
    projectCount: counts.get(w.workspaceId) ?? 0,
    available: w.available,
    unavailableReason: w.unavailableReason,
    unavailableKind: w.unavailableKind,
  }));
  return { workspaces, total: workspaces.length, you: { id: caller.userId, name: caller.userName } };
}

/** Projects of workspaces where agent tools work; a blocked workspaceId gets its 403. */
export async function listProjects(db: Db, caller: Caller, query: ProjectsQuery): Promise<ProjectsResponse> {
  const workspaceIds =
    query.workspaceId !== undefined
      ? [(await resolveWorkspaceById(caller, query.workspaceId)).workspaceId]
      : availableWorkspaces(caller).map((w) => w.workspaceId);
  const projects = (await listActiveProjects(db, workspaceIds)).map((p) => ({
    id: p.id,
    name: p.name,
    slug: p.slug,
    workspace: { id: p.workspaceId, name: p.workspaceName },
    repo: p.repo,
    updatedAt: p.updatedAt,
    lastActivityAt: p.lastActivityAt,
  }));
  return { projects, total: projects.length };
}

export async function listMembers(db: Db, caller: Caller, query: MembersQuery): Promise<MembersResponse> {
  const ws = await resolveWorkspace(db, caller, query);
  const members = (await listWorkspaceMembers(db, ws.workspaceId)).map((m) => ({ ...m, role: m.role as Role }));
  return { workspace: { id: ws.workspaceId, name: ws.workspaceName }, members };
}
