import { API_PREFIX } from '#shared/api/index.js';
import type { Db } from '../storage/open.js';
import { findProject, findProjectInMemory, listActiveProjects, type ProjectRecord } from '../storage/projects.js';
import { findItemRef, type ItemRef } from '../storage/item-refs.js';
import { availableWorkspaces, billingErrorFor, type Caller, type WorkspaceAccess } from './caller.js';
import { badRequest, notReachable } from './errors.js';

/**
 * Workspace resolution (spec "Workspace resolution" and "Multi-workspace behavior").
 * Anything the token cannot reach gets the same 404 sentence as something that does not
 * exist, so IDs from other workspaces cannot be probed.
 */

function reachable(caller: Caller, workspaceId: string): WorkspaceAccess | null {
  return caller.workspaces.find((w) => w.workspaceId === workspaceId) ?? null;
}

function usable(caller: Caller, workspaceId: string): WorkspaceAccess | null {
  const ws = reachable(caller, workspaceId);
  if (!ws) return null;
  if (!ws.available) throw billingErrorFor(ws);
  return ws;
}

export async function resolveWorkspaceById(caller: Caller, workspaceId: string): Promise<WorkspaceAccess> {
  const ws = usable(caller, workspaceId);
  if (!ws) throw notReachable('Workspace', workspaceId);
  return ws;
}

interface ProjectContext {
  project: ProjectRecord;
  workspace: WorkspaceAccess;
}

const projectNotFound = (projectId: string) => notReachable('Project', projectId);

async function resolveProjectById(db: Db, caller: Caller, projectId: string): Promise<ProjectContext> {
  const project = await findProject(db, projectId);
  if (!project || project.archived) throw projectNotFound(projectId);
  const workspace = usable(caller, project.workspaceId);
  if (!workspace) throw projectNotFound(projectId);
  return { project, workspace };
}

/**
 * resolveProjectById's answer when the project is in memory and the caller may use it;
 * undefined in every other case (not in memory, unknown, archived, unreachable, blocked),
 * which resolveProjectById then answers, with its errors.
 */
export function projectContextFromMemory(db: Db, caller: Caller, projectId: string): ProjectContext | undefined {
  const project = findProjectInMemory(db, projectId);
  if (!project || project.archived) return undefined;
  const workspace = reachable(caller, project.workspaceId);
  return workspace?.available ? { project, workspace } : undefined;
}

/** 400 project_required whose sentence lists the projects and how to list them. */
async function projectRequired(db: Db, caller: Caller): Promise<never> {
  const projects = await listActiveProjects(
    db,
    availableWorkspaces(caller).map((w) => w.workspaceId),
  );
  const listed =
    projects.length === 0
      ? 'this token reaches no project'
      : `this token reaches ${projects.length === 1 ? 'the project' : 'several projects'}: ${projects.map((p) => `"${p.name}" (${p.id})`).join(', ')}`;
  throw badRequest(`projectId is required because ${listed}; list projects with GET ${API_PREFIX}/projects.`, {
    reason: 'project_required',
    field: 'projectId',
    projects: projects.map((p) => ({
      id: p.id,
      name: p.name,
      workspace: { id: p.workspaceId, name: p.workspaceName },
    })),
  });
}

/**
 * The project a project-scoped call acts on. Without projectId it is implied only when the
 * token reaches one available workspace holding a single live project.
 */
export async function resolveProject(db: Db, caller: Caller, projectId: string | undefined): Promise<ProjectContext> {
  if (projectId !== undefined) return resolveProjectById(db, caller, projectId);
  const available = availableWorkspaces(caller);
  if (available.length === 1) {
    const projects = await listActiveProjects(db, [available[0]!.workspaceId]);
    if (projects.length === 1) return { project: projects[0]!, workspace: available[0]! };
  }
  return projectRequired(db, caller);
}

/** The workspace of a workspace-scoped call (members): from workspaceId, projectId, or the only one. */
export async function resolveWorkspace(
  db: Db,
  caller: Caller,
  q: { workspaceId?: string | undefined; projectId?: string | undefined },
): Promise<WorkspaceAccess> {
  if (q.projectId !== undefined) {
    const { workspace } = await resolveProjectById(db, caller, q.projectId);
    if (q.workspaceId !== undefined && q.workspaceId !== workspace.workspaceId) {
      throw badRequest(
        `Project ${q.projectId} is not in workspace ${q.workspaceId}; send one of projectId or workspaceId.`,
        { field: 'workspaceId', reason: 'invalid_request' },
      );
    }
    return workspace;
  }
  if (q.workspaceId !== undefined) return resolveWorkspaceById(caller, q.workspaceId);
  const available = availableWorkspaces(caller);
  if (available.length === 1) return available[0]!;
  return projectRequired(db, caller);
}

interface ItemContext extends ProjectContext {
  ref: ItemRef;
}

/**
 * The thread an item-scoped call acts on. A reply's ID is refused (400 reply_id with the
 * thread's ID) unless the caller accepts replies, and only after access is checked.
 */
export async function resolveItem(
  db: Db,
  caller: Caller,
  itemId: string,
  opts: { allowReply?: boolean } = {},
): Promise<ItemContext> {
  const gone = () => notReachable('Item', itemId);
  const ref = await findItemRef(db, itemId);
  if (!ref || ref.projectArchived) throw gone();
  const workspace = usable(caller, ref.workspaceId);
  if (!workspace) throw gone();
  if (ref.replyOf !== null && !opts.allowReply) {
    throw badRequest(`${itemId} is a reply, not a thread; use the thread's ID ${ref.itemId}.`, {
      reason: 'reply_id',
      parentId: ref.itemId,
      field: 'itemId',
    });
  }
  const project = await findProject(db, ref.projectId);
  if (!project) throw gone();
  return { ref, project, workspace };
}
