import { z } from 'zod';
import { AgentTask, Status } from './common.js';
import { LIMITS } from './limits.js';

/**
 * Request schemas. Query strings arrive as text, so numeric query fields coerce; every
 * limit's message names the field and the limit so a 400 tells the caller what to fix.
 * Every text field has a cap and refuses control characters other than tab, line feed and
 * carriage return (C0, DEL and C1): a NUL cut stored text short when read back, and none
 * of them belongs in feedback. Both show in the OpenAPI document (maxLength, pattern).
 */
const count = (n: number) => n.toLocaleString('en-US');

/** No C0 control but tab, LF and CR; no DEL; no C1. Anchored so the OpenAPI pattern means the same. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;

/** No control character at all, not even tab or a line break: URLs and IDs are one line. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NO_CONTROL_CHARACTERS_AT_ALL = /^[^\u0000-\u001F\u007F-\u009F]*$/;
/** An ID: one word, no spaces or control characters. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ID_CHARACTERS = /^[^\s\u0000-\u001F\u007F-\u009F]*$/;

const noControl = (field: string) => ({
  error: `${field} must not contain control characters (only tab, line break and carriage return are allowed)`,
});

/** Free text of at most `max` characters, without control characters. */
const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string` })
    .max(max, { error: `${field} must be at most ${count(max)} characters` })
    .regex(NO_CONTROL_CHARACTERS, noControl(field));

/** Like text, trimmed and not empty. */
const filled = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .min(1, { error: `${field} must not be empty` })
    .max(max, { error: `${field} must be at most ${count(max)} characters` })
    .regex(NO_CONTROL_CHARACTERS, noControl(field));

const id = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .min(1, { error: `${field} must not be empty` })
    .max(LIMITS.idMaxChars, { error: `${field} must be at most ${LIMITS.idMaxChars} characters` })
    .regex(ID_CHARACTERS, { error: `${field} must be one word without spaces or control characters` });

/**
 * An http(s) URL of at most LIMITS.urlMaxChars characters. The URL parser would quietly drop
 * tabs and line breaks and keep a NUL, so control characters are refused before it; and a
 * user name or password in the address would be shown to every reader of the thread.
 */
const webUrl = (field: string, what: string) =>
  z
    .string({ error: `${what} must be a string` })
    .max(LIMITS.urlMaxChars, { error: `${what} must be at most ${count(LIMITS.urlMaxChars)} characters` })
    .regex(NO_CONTROL_CHARACTERS_AT_ALL, { error: `${what} must not contain control characters or line breaks` })
    .check(
      z.url({
        protocol: /^https?$/,
        error: `${what} must be ${field === 'url' ? 'a full http(s) URL of the page' : 'an http(s) URL'}`,
      }),
    )
    .refine((raw) => !hasCredentials(raw), {
      error: `${what} must not contain a user name or password (they would be shown to everyone who reads the thread)`,
    });

function hasCredentials(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}

/** Digits only, as a body number would be written: no sign but a minus, no spaces, exponents, prefixes or leading zeros. */
const QUERY_INTEGER = /^(0|-?[1-9]\d*)$/;

/**
 * A whole number from a query string, read as strictly as a body number: `0x10`, ` 5`, `+5`,
 * `1e2`, `-0` and an empty value are a 400 naming the field, not numbers Number() would guess.
 */
const queryInt = (field: string, min: number, max: number, minWords = `at least ${count(min)}`) =>
  z.preprocess(
    (raw) => (typeof raw === 'string' && QUERY_INTEGER.test(raw) ? Number(raw) : raw),
    z
      .number({ error: `${field} must be a whole number written in digits, like 50` })
      .int({ error: `${field} must be a whole number` })
      .min(min, { error: `${field} must be ${minWords}` })
      .max(max, { error: `${field} must be at most ${count(max)}` }),
  );

const limitParam = (field: string, max: number) => queryInt(field, 1, max);

const offsetParam = queryInt('offset', 0, LIMITS.offsetMax, '0 or more');

const statusParam = z.enum(Status.options, { error: 'status must be open, deferred or resolved' });

/**
 * A date, an ISO time, or milliseconds since 1970 (kept as text; the service parses it and
 * refuses a time a Date cannot hold). The pattern is the whole grammar.
 */
export const SINCE_PATTERN = /^(\d{1,16}|\d{4}-\d{2}-\d{2}([T ][\d:.]{2,18}(Z|[+-]\d{2}:?\d{2})?)?)$/;
const sinceParam = z
  .string()
  .trim()
  .min(1, { error: 'since must not be empty' })
  .max(40, { error: 'since must be at most 40 characters' })
  .regex(SINCE_PATTERN, { error: 'since must be a date (2026-01-15), an ISO time or milliseconds since 1970' });

const body = filled('body', LIMITS.bodyMaxChars);

/** A person: a user id, an e-mail address, a name or `me`. */
const person = (field: string) => filled(field, LIMITS.personRefMaxChars);

const mentions = z
  .array(
    z
      .string({ error: 'each mention must be a string' })
      .trim()
      .min(1, { error: 'a mention must not be empty' })
      .max(LIMITS.personRefMaxChars, { error: `a mention must be at most ${LIMITS.personRefMaxChars} characters` })
      .regex(NO_CONTROL_CHARACTERS, noControl('a mention')),
    { error: 'mentions must be a list of strings' },
  )
  .max(LIMITS.mentionsMax, { error: `mentions may name at most ${LIMITS.mentionsMax} people` });

const Link = z.object({
  url: webUrl('link', 'each link url'),
  label: z
    .string({ error: 'a link label must be a string' })
    .max(LIMITS.linkLabelMaxChars, { error: `a link label must be at most ${LIMITS.linkLabelMaxChars} characters` })
    .regex(NO_CONTROL_CHARACTERS, noControl('a link label'))
    .optional(),
});
type Link = z.infer<typeof Link>;

// ---- queries ---------------------------------------------------------------------
export const ProjectsQuery = z.object({ workspaceId: id('workspaceId').optional() });
export type ProjectsQuery = z.infer<typeof ProjectsQuery>;

export const MembersQuery = z.object({
  projectId: id('projectId').optional(),
  workspaceId: id('workspaceId').optional(),
});
export type MembersQuery = z.infer<typeof MembersQuery>;

const TASK_FILTERS = [...AgentTask.options, 'none'] as const;

export const ItemsQuery = z.object({
  projectId: id('projectId').optional(),
  status: statusParam.optional(),
  type: filled('type', LIMITS.nameMaxChars).optional(),
  page: filled('page', LIMITS.urlMaxChars).optional(),
  /** A user id, `me`, or `none` (unassigned). */
  assignee: person('assignee').optional(),
  q: filled('q', 500).optional(),
  /** Not in the seed; the live client sends it as a filter on agentTask. */
  task: z.enum(TASK_FILTERS, { error: 'task must be investigate, plan, fix, build or none' }).optional(),
  limit: limitParam('limit', LIMITS.itemsLimitMax).optional(),
});
export type ItemsQuery = z.infer<typeof ItemsQuery>;

export const ItemParams = z.object({ itemId: id('itemId') });
export type ItemParams = z.infer<typeof ItemParams>;

export const WhatsNewQuery = z.object({ projectId: id('projectId').optional(), since: sinceParam.optional() });
export type WhatsNewQuery = z.infer<typeof WhatsNewQuery>;

const REVIEW_SECTIONS = ['resolved', 'deferred', 'open', 'discussions'] as const;
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
  file: filled('file', LIMITS.filePathMaxChars).optional(),
  line: queryInt('line', 1, LIMITS.lineMax).optional(),
  component: filled('component', LIMITS.nameMaxChars).optional(),
  status: statusParam.optional(),
  limit: limitParam('limit', LIMITS.sourceLimitMax).optional(),
});
export type SourceQuery = z.infer<typeof SourceQuery>;

// ---- bodies ----------------------------------------------------------------------
export const UpdateBody = z.object({
  itemId: id('itemId'),
  body,
  mentions: mentions.optional(),
  links: z
    .array(Link, { error: 'links must be a list of {url, label}' })
    .max(LIMITS.linksMax, { error: `links may hold at most ${LIMITS.linksMax} entries` })
    .optional(),
});
export type UpdateBody = z.infer<typeof UpdateBody>;

export const CreateBody = z.object({
  url: webUrl('url', 'url'),
  body,
  projectId: id('projectId').optional(),
  selector: text('selector', LIMITS.selectorMaxChars).optional(),
  pageTitle: text('pageTitle', LIMITS.pageTitleMaxChars).optional(),
  mentions: mentions.optional(),
  assignee: person('assignee').optional(),
});
export type CreateBody = z.infer<typeof CreateBody>;

export const StatusBody = z.object({ itemId: id('itemId'), status: statusParam });
export type StatusBody = z.infer<typeof StatusBody>;

export const AssignBody = z.object({
  itemId: id('itemId'),
  assignee: z.union([person('assignee'), z.null()], {
    error: 'assignee must be a user id, email, name, me, or null to unassign',
  }),
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
    .max(LIMITS.ruleMaxCharsExclusive - 1, { error: `rule must be under ${LIMITS.ruleMaxCharsExclusive} characters` })
    .regex(NO_CONTROL_CHARACTERS, noControl('rule')),
  projectId: id('projectId').optional(),
  sourceItemIds: z
    .array(id('each sourceItemId'), { error: 'sourceItemIds must be a list of item IDs' })
    .max(100, { error: 'sourceItemIds may hold at most 100 IDs' })
    .optional(),
});
export type RuleBody = z.infer<typeof RuleBody>;

export const SimilarBody = z
  .object({
    text: filled('text', LIMITS.bodyMaxChars).optional(),
    itemId: id('itemId').optional(),
    projectId: id('projectId').optional(),
    page: text('page', LIMITS.urlMaxChars).optional(),
    selector: text('selector', LIMITS.selectorMaxChars).optional(),
    includeResolved: z.boolean({ error: 'includeResolved must be true or false' }).optional(),
    limit: z
      .number({ error: 'limit must be a number' })
      .int({ error: 'limit must be a whole number' })
      .min(1, { error: 'limit must be at least 1' })
      .max(LIMITS.similarLimitMax, { error: `limit must be at most ${LIMITS.similarLimitMax}` })
      .optional(),
  })
  .refine((b) => b.text !== undefined || b.itemId !== undefined, { error: 'give text or itemId', path: ['text'] });
export type SimilarBody = z.infer<typeof SimilarBody>;
