import { create } from 'zustand';
import { getBridge } from '../../../bridge/index.js';
import { failure, type Failure } from '../../../stores/failure.js';
import { rulePermission, type RulePermission } from '../model/rule-permission.js';

interface PermissionState {
  projectId: string | null;
  permission: RulePermission;
  problem: Failure | null;
  /**
   * Settles whether the caller may save rules in this project. `known` is what the screen's
   * owner already knows (null while unknown); when it is true there is nothing to ask. When
   * it is false or null, the caller's role is looked up, so a refusal can name the role.
   */
  resolve(projectId: string, known: boolean | null): Promise<void>;
  /** The service refused a save for the caller's role: trust it over what we worked out, and look the role up to name it. */
  refusedByService(projectId: string): Promise<void>;
}

let ticket = 0;

export const usePermission = create<PermissionState>()((set, get) => ({
  projectId: null,
  permission: { kind: 'checking' },
  problem: null,

  async resolve(projectId, known) {
    const mine = ++ticket;
    if (known === true) {
      set({ projectId, permission: { kind: 'allowed', role: null }, problem: null });
      return;
    }
    if (get().projectId !== projectId || get().permission.kind === 'unknown')
      set({ projectId, permission: { kind: 'checking' }, problem: null });
    const bridge = getBridge();
    const [workspaces, projects] = await Promise.all([bridge.api.listWorkspaces({}), bridge.api.listProjects({})]);
    if (mine !== ticket) return;
    if (!workspaces.ok) {
      set({
        permission: {
          kind: 'unknown',
          reason: 'Triage Desk could not look up your role, so Save rule stays off until it can.',
        },
        problem: failure('Could not look up your role in this workspace', workspaces.error),
      });
      return;
    }
    const found = rulePermission(workspaces.data.workspaces, projects.ok ? projects.data.projects : null, projectId);
    // The caller said no but the role says yes (or the other way round): the caller's word is
    // about this screen's context, the role only explains it, so a known "no" stays a no.
    set({
      permission: known === false && found.kind === 'allowed' ? { kind: 'denied', role: found.role } : found,
      problem: null,
    });
  },

  async refusedByService(projectId) {
    const current = get().permission;
    set({ permission: { kind: 'denied', role: current.kind === 'denied' ? current.role : null } });
    await get().resolve(projectId, false);
  },
}));
