import { API_PREFIX } from '#shared/api/index.js';
import type { Db } from '../storage/open.js';
import { listWorkspaceMembers, type MemberRecord } from '../storage/accounts.js';
import type { Caller, WorkspaceAccess } from './caller.js';
import { badRequest } from './errors.js';

/**
 * Finds one workspace member from what a caller typed: `me`, a user ID, an email, a full
 * name, or a first name when only one member has it. A name matching several people is
 * refused with the candidates so nothing is written on a guess.
 */
export class PeopleDirectory {
  private constructor(
    private readonly members: MemberRecord[],
    private readonly caller: Caller,
    private readonly workspace: WorkspaceAccess,
  ) {}

  static async load(db: Db, caller: Caller, workspace: WorkspaceAccess): Promise<PeopleDirectory> {
    return new PeopleDirectory(await listWorkspaceMembers(db, workspace.workspaceId), caller, workspace);
  }

  resolve(typed: string, field: string): MemberRecord {
    const text = typed.trim().replace(/^@/, '');
    const lower = text.toLocaleLowerCase();
    if (lower === 'me') {
      const me = this.members.find((m) => m.id === this.caller.userId);
      if (me) return me;
    }
    const byId = this.members.find((m) => m.id === text);
    if (byId) return byId;
    const byEmail = this.members.filter((m) => m.email.toLocaleLowerCase() === lower);
    if (byEmail.length === 1) return byEmail[0]!;
    let byName = this.members.filter((m) => m.name.toLocaleLowerCase() === lower);
    if (byName.length === 0) byName = this.members.filter((m) => m.name.toLocaleLowerCase().split(/\s+/)[0] === lower);
    if (byName.length === 1) return byName[0]!;
    if (byName.length > 1) {
      throw badRequest(
        `"${text}" matches ${byName.length} people in ${this.workspace.workspaceName}: ${byName.map((m) => `${m.name} <${m.email}>`).join(', ')}; use an email or user ID.`,
        {
          reason: 'ambiguous_name',
          field,
          name: text,
          candidates: byName.map((m) => ({ id: m.id, name: m.name, email: m.email })),
        },
      );
    }
    throw badRequest(
      `No member of ${this.workspace.workspaceName} matches "${text}"; list members with GET ${API_PREFIX}/members.`,
      { reason: 'unknown_person', field, name: text },
    );
  }

  resolveAll(typed: string[] | undefined, field: string): MemberRecord[] {
    const out = new Map<string, MemberRecord>();
    (typed ?? []).forEach((t, i) => {
      const m = this.resolve(t, `${field}.${i}`);
      out.set(m.id, m);
    });
    return [...out.values()];
  }
}

/** Mentioned people are written as @Name in the body; those the caller left out are added at the end. */
export function withMentions(body: string, mentioned: MemberRecord[]): string {
  const missing = mentioned.filter((m) => !body.toLocaleLowerCase().includes(`@${m.name.toLocaleLowerCase()}`));
  return missing.length === 0 ? body : `${body}\n\n${missing.map((m) => `@${m.name}`).join(' ')}`;
}
