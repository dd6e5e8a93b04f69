import { z } from 'zod';
import { AgentTask, Status } from './common.js';
import { LIMITS } from './limits.js';

/**
 * Request schemas. Query strings arrive as text, so numeric query fields coerce; every
 * limit's message names the field and the limit so a 400 tells the caller what to fix.
 */
const id = (field: string) => z.string({ error: `${field} must be a string` }).trim().min(1, { error: `${field} must not be empty` });

const limitParam = (field: string, max: number) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int({ error: `${field} must be a whole number` })
    .min(1, { error: `${field} must be at least 1` })
    .max(max, { error: `${field} must be at most ${max}` });

const offsetParam = z.coerce
  .number({ error: 'offset must be a number' })
  .int({ error: 'offset must be a whole number' })
  .min(0, { error: 'offset must be 0 or more' });

const statusParam = z.enum(Status.options, { error: 'status must be open, deferred or resolved' });

/** A date, an ISO time, or milliseconds since 1970 (kept as text; the service parses it). */
const sinceParam = z.string().trim().min(1, { error: 'since must not be empty' });

const body = z
  .string({ error: 'body must be a string' })
  .trim()
  .min(1, { error: 'body must not be empty' })
  .max(LIMITS.bodyMaxChars, { error: `body must be at most ${LIMITS.bodyMaxChars.toLocaleString('en-US')} characters` });

const mentions = z
  .array(z.string({ error: 'each mention must be a string' }).trim().min(1, { error: 'a mention must not be empty' }), {
    error: 'mentions must be a list of strings',
  })
  .max(LIMITS.mentionsMax, { error: `mentions may name at most ${LIMITS.mentionsMax} people` });

export const Link = z.object({
  url: z.url({ protocol: /^https?$/, error: 'each link url must be an http(s) URL' }),
  label: z.string({ error: 'a link label must be a string' }).max(200, { error: 'a link label must be at most 200 characters' }).optional(),
});
export type Link = z.infer<typeof Link>;

// ---- queries ---------------------------------------------------------------------
export const ProjectsQuery = z.object({ workspaceId: id('workspaceId').optional() });
export type ProjectsQuery = z.infer<typeof ProjectsQuery>;

export const MembersQuery = z.object({
  projectId: id('projectId').optional(),
  workspaceId: id('workspaceId').optional(),
});
export type MembersQuery = z.infer<typeof MembersQuery>;

export const TASK_FILTERS = [...AgentTask.options, 'none'] as const;

export const ItemsQuery = z.object({
  projectId: id('projectId').optional(),
  status: statusParam.optional(),
  type: id('type').optional(),
  page: id('page').optional(),
  /** A user id, `me`, or `none` (unassigned). */
  assignee: id('assignee').optional(),
  q: z.string().trim().min(1, { error: 'q must not be empty' }).max(500, { error: 'q must be at most 500 characters' }).optional(),
  /** Not in the seed; the live client sends it as a filter on agentTask. */
  task: z.enum(TASK_FILTERS, { error: 'task must be investigate, plan, fix, build or none' }).optional(),
  limit: limitParam('limit', LIMITS.itemsLimitMax).optional(),
});
export type ItemsQuery = z.infer<typeof ItemsQuery>;

export const ItemParams = z.object({ itemId: id('itemId') });
export type ItemParams = z.infer<typeof ItemParams>;

export const WhatsNewQuery = z.object({ projectId: id('projectId').optional(), since: sinceParam.optional() });
export type WhatsNewQuery = z.infer<typeof WhatsNewQuery>;

export const REVIEW_SECTIONS = ['resolved', 'deferred', 'open', 'discussions'] as const;
export const ReviewSection = z.enum(REVIEW_SECTIONS);
export type ReviewSection = z.infer<typeof ReviewSection>;

export const ReviewQuery = z.object({
  projectId: id('projectId').optional(),
  section: z.enum(REVIEW_SECTIONS, { error: 'section must be resolved, deferred, open or discussions' }).optional(),
  offset: offsetParam.optional(),
});
export type ReviewQuery = z.infer<typeof ReviewQuery>;

export const DecisionsQuery = z.object({
  projectId: id('projectId').optional(),
  since: sinceParam.optional(),
  limit: limitParam('limit', LIMITS.decisionsLimitMax).optional(),
  offset: offsetParam.optional(),
});
export type DecisionsQuery = z.infer<typeof DecisionsQuery>;

export const SourceQuery = z.object({
  projectId: id('projectId').optional(),
  file: id('file').optional(),
  line: z.coerce.number({ error: 'line must be a number' }).int({ error: 'line must be a whole number' }).min(1, { error: 'line must be at least 1' }).optional(),
  component: id('component').optional(),
  status: statusParam.optional(),
  limit: limitParam('limit', LIMITS.sourceLimitMax).optional(),
});
export type SourceQuery = z.infer<typeof SourceQuery>;

// ---- bodies ----------------------------------------------------------------------
export const UpdateBody = z.object({
  itemId: id('itemId'),
  body,
  mentions: mentions.optional(),
  links: z.array(Link, { error: 'links must be a list of {url, label}' }).max(LIMITS.linksMax, { error: `links may hold at most ${LIMITS.linksMax} entries` }).optional(),
});
export type UpdateBody = z.infer<typeof UpdateBody>;

export const CreateBody = z.object({
  url: z.url({ protocol: /^https?$/, error: 'url must be a full http(s) URL of the page' }),
  body,
  projectId: id('projectId').optional(),
  selector: z.string({ error: 'selector must be a string' }).max(2000, { error: 'selector must be at most 2,000 characters' }).optional(),
  pageTitle: z.string({ error: 'pageTitle must be a string' }).max(500, { error: 'pageTitle must be at most 500 characters' }).optional(),
  mentions: mentions.optional(),
  assignee: id('assignee').optional(),
});
export type CreateBody = z.infer<typeof CreateBody>;

export const StatusBody = z.object({ itemId: id('itemId'), status: statusParam });
export type StatusBody = z.infer<typeof StatusBody>;

export const AssignBody = z.object({
  itemId: id('itemId'),
  assignee: z.union([id('assignee'), z.null()], { error: 'assignee must be a user id, email, name, me, or null to unassign' }),
});
export type AssignBody = z.infer<typeof AssignBody>;

export const MergeBody = z.object({
  itemId: id('itemId'),
  duplicateIds: z
    .array(id('each duplicateId'), { error: 'duplicateIds must be a list of item IDs' })
    .min(1, { error: 'duplicateIds must name at least one item' })
    .max(LIMITS.mergeDuplicatesMax, { error: `duplicateIds may hold at most ${LIMITS.mergeDuplicatesMax} items` }),
});
export type MergeBody = z.infer<typeof MergeBody>;

export const RuleBody = z.object({
  rule: z
    .string({ error: 'rule must be a string' })
    .trim()
    .min(1, { error: 'rule must not be empty' })
    .max(LIMITS.ruleMaxCharsExclusive - 1, { error: `rule must be under ${LIMITS.ruleMaxCharsExclusive} characters` }),
  projectId: id('projectId').optional(),
  sourceItemIds: z.array(id('each sourceItemId'), { error: 'sourceItemIds must be a list of item IDs' }).max(100, { error: 'sourceItemIds may hold at most 100 IDs' }).optional(),
});
export type RuleBody = z.infer<typeof RuleBody>;

export const SimilarBody = z
  .object({
    text: z.string({ error: 'text must be a string' }).trim().min(1, { error: 'text must not be empty' }).max(LIMITS.bodyMaxChars, { error: `text must be at most ${LIMITS.bodyMaxChars.toLocaleString('en-US')} characters` }).optional(),
    itemId: id('itemId').optional(),
    projectId: id('projectId').optional(),
    page: z.string({ error: 'page must be a string' }).max(2000, { error: 'page must be at most 2,000 characters' }).optional(),
    selector: z.string({ error: 'selector must be a string' }).max(2000, { error: 'selector must be at most 2,000 characters' }).optional(),
    includeResolved: z.boolean({ error: 'includeResolved must be true or false' }).optional(),
    limit: z.number({ error: 'limit must be a number' }).int({ error: 'limit must be a whole number' }).min(1, { error: 'limit must be at least 1' }).max(LIMITS.similarLimitMax, { error: `limit must be at most ${LIMITS.similarLimitMax}` }).optional(),
  })
  .refine((b) => b.text !== undefined || b.itemId !== undefined, { error: 'give text or itemId', path: ['text'] });
export type SimilarBody = z.infer<typeof SimilarBody>;
