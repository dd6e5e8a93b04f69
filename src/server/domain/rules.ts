import type { RuleBody, RuleResponse } from '#shared/api/index.js';
import { LIMITS } from '#shared/api/index.js';
import type { Db } from '../storage/open.js';
import { insertRule, rulesOf, type RuleRecord } from '../storage/history.js';
import { findItemRef } from '../storage/item-refs.js';
import type { Caller } from './caller.js';
import { badRequest, forbidden } from './errors.js';
import { resolveProject } from './resolve.js';
import { writeInProject } from './snapshot.js';

const RULES_HEADING = 'Rules learned';

const normalize = (text: string) =>
  text
    .toLocaleLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[.!?;:\s]+$/, '')
    .trim();

/** The project context as agents read it: the written context, then each saved rule with who and when. */
export function renderProjectContext(context: string, rules: RuleRecord[]): string {
  if (rules.length === 0) return context;
  const lines = rules.map(
    (r) => `- ${r.text} (added by ${r.addedBy}, ${new Date(r.addedAt).toISOString().slice(0, 10)})`,
  );
  return `${context.trim()}${context.trim() ? '\n\n' : ''}${RULES_HEADING}:\n${lines.join('\n')}`;
}

function isOneSentence(rule: string): boolean {
  if (/[\r\n]/.test(rule)) return false;
  // A full stop followed by a new capitalised sentence means two sentences ("e.g. Foo" aside).
  return rule.split(/(?<![A-Za-z]\.[A-Za-z]\.)(?<=[.!?])\s+(?=[A-Z])/).length === 1;
}

export async function saveRule(db: Db, caller: Caller, body: RuleBody, now: number): Promise<RuleResponse> {
  const { project, workspace } = await resolveProject(db, caller, body.projectId);
  if (workspace.role !== 'owner' && workspace.role !== 'admin') {
    throw forbidden(
      `Only workspace owners and admins can save rules; your role in ${workspace.workspaceName} is ${workspace.role}.`,
      { reason: 'role', role: workspace.role },
    );
  }
  const rule = body.rule.replace(/\s+/g, ' ').trim();
  if (!isOneSentence(rule)) {
    throw badRequest('rule must be one sentence; save each rule separately.', {
      reason: 'rule_not_one_sentence',
      field: 'rule',
    });
  }
  const sourceIds = [...new Set(body.sourceItemIds ?? [])];
  for (const [i, id] of sourceIds.entries()) {
    const ref = await findItemRef(db, id);
    if (!ref || ref.projectId !== project.id || ref.replyOf !== null) {
      throw badRequest(`sourceItemIds: ${id} is not a thread of project "${project.name}".`, {
        reason: 'invalid_request',
        field: `sourceItemIds.${i}`,
      });
    }
  }
  const wanted = normalize(rule);
  if (normalize(project.context).includes(wanted)) return { saved: false, duplicate: true };
  // The duplicate check reads inside the write, under the project's lock: two people saving
  // the same rule at once keep one. The rule and the project's updatedAt commit together.
  const saved = await writeInProject(db, project.id, async (t) => {
    if ((await rulesOf(t, project.id)).some((r) => normalize(r.text) === wanted)) return false;
    await insertRule(t, {
      projectId: project.id,
      text: rule,
      addedBy: caller.userId,
      addedAt: now,
      sourceItemIds: sourceIds,
    });
    return true;
  });
  if (!saved) return { saved: false, duplicate: true };
  return { saved: true, rule, cited: sourceIds.slice(0, LIMITS.ruleCitedMax) };
}
