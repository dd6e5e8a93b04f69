import { z } from 'zod';
import { AGENT_TASKS, ROLES, STATUSES, type Status } from '../api/common.js';
import {
  rowsOf,
  count,
  countOrNull,
  counts,
  flag,
  id,
  list,
  openEnum,
  or,
  section,
  text,
  textOrNull,
  time,
  type Open,
} from './tolerant.js';

/**
 * Readers of the directory and item answers. Each mirrors a strict schema of
 * src/shared/api; tests/unit/reader/drift.test.ts fails when the strict contract gains a
 * field the reader does not know, and when a strict answer does not read back as itself.
 */

export type StatusValue = Open<Status>;

/** A status the service did not send: the row still shows, in a column of its own. */
const MISSING_STATUS = 'unknown';

export const readStatus = () => openEnum(STATUSES, MISSING_STATUS as StatusValue);
const readRole = () => openEnum(ROLES, null);
const readTask = () => openEnum(AGENT_TASKS, null);

const Named = z.object({ id, name: text() });

// ---- GET /workspaces -------------------------------------------------------------
export const Workspace = z
  .object({
    id,
    name: text(),
    slug: text(),
    role: readRole(),
    projectCount: countOrNull(),
    /** The live service's tests omit it: a listed workspace is taken as usable unless it says otherwise. */
    available: flag(true),
    unavailableReason: textOrNull(),
    /** Our reference service's billing reason (no_seat / no_plan); a hint, never required. */
    unavailableKind: textOrNull(),
  })
  .transform((w) => ({ ...w, name: w.name || w.id }));
export type Workspace = z.output<typeof Workspace>;

export const WorkspacesResponse = z
  .object({
    workspaces: rowsOf(Workspace, 'workspace'),
    total: countOrNull(),
    /** null for a credential with no person (the live service's tests). */
    you: section(Named, 'you'),
  })
  .transform((r) => ({ ...r, total: r.total ?? r.workspaces.length }));
export type WorkspacesResponse = z.output<typeof WorkspacesResponse>;

// ---- GET /projects ---------------------------------------------------------------
export const Project = z
  .object({
    id,
    name: text(),
    slug: text(),
    workspace: section(Named, 'workspace'),
    /** The contract types it as text; item detail's {url} object shape is read too. */
    repo: or(z.union([z.string(), z.object({ url: z.string() }).transform((r) => r.url)]), null),
    updatedAt: time(),
    lastActivityAt: time(),
  })
  .transform((p) => ({ ...p, name: p.name || p.id }));
export type Project = z.output<typeof Project>;

export const ProjectsResponse = z
  .object({ projects: rowsOf(Project, 'project'), total: countOrNull() })
  .transform((r) => ({ ...r, total: r.total ?? r.projects.length }));
export type ProjectsResponse = z.output<typeof ProjectsResponse>;

// ---- GET /members ----------------------------------------------------------------
export const Member = z
  .object({ id, name: text(), email: text(), role: readRole() })
  .transform((m) => ({ ...m, name: m.name || m.email || m.id }));
export type Member = z.output<typeof Member>;

export const MembersResponse = z.object({
  workspace: section(Named, 'workspace'),
  members: rowsOf(Member, 'member'),
});
export type MembersResponse = z.output<typeof MembersResponse>;

// ---- GET /items ------------------------------------------------------------------
export const ItemRow = z.object({
  id,
  page: text(),
  /** null: unclassified (typing happens after creation on the live service). */
  type: textOrNull(),
  status: readStatus(),
  excerpt: text(),
  excerptSource: textOrNull(),
  reportCount: count(),
  author: text(),
  agentTask: readTask(),
  /** '' or null when unassigned. */
  assignee: textOrNull(),
  assigneeId: textOrNull(),
  replyCount: count(),
  createdAt: time(),
});
export type ItemRow = z.output<typeof ItemRow>;

export const ItemsSummary = z
  .object({
    total: count(),
    open: count(),
    /** The live service may leave it out (its own client falls back to 0); it is what the other two leave. */
    deferred: countOrNull(),
    resolved: count(),
    unassigned: count(),
    byType: counts(),
    byPage: counts(),
  })
  .transform((s) => ({ ...s, deferred: s.deferred ?? Math.max(0, s.total - s.open - s.resolved) }));
export type ItemsSummary = z.output<typeof ItemsSummary>;

const EMPTY_SUMMARY: ItemsSummary = {
  total: 0,
  open: 0,
  deferred: 0,
  resolved: 0,
  unassigned: 0,
  byType: {},
  byPage: {},
};

export const ItemsResponse = z
  .object({
    project: section(z.object({ id, name: text(), slug: text() }), 'project'),
    summary: section(ItemsSummary, 'summary'),
    matched: countOrNull(),
    returned: countOrNull(),
    truncated: or(z.boolean(), null),
    capped: flag(false),
    /** The live client falls back to the contract's 2000. */
    scanLimit: count(2000),
    items: rowsOf(ItemRow, 'thread'),
  })
  .transform((r) => {
    const returned = r.returned ?? r.items.length;
    const matched = r.matched ?? returned;
    return {
      ...r,
      summary: r.summary ?? EMPTY_SUMMARY,
      /** False when the service sent no summary: counts then come from the rows. */
      hasSummary: r.summary !== null,
      matched,
      returned,
      truncated: r.truncated ?? matched > returned,
    };
  });
export type ItemsResponse = z.output<typeof ItemsResponse>;

// ---- GET /items/{itemId} ---------------------------------------------------------
export const ThreadMessage = z.object({
  /** Our service's own additions: the message's id and the tool it was posted with. */
  id: textOrNull(),
  via: textOrNull(),
  author: text(),
  authorId: textOrNull(),
  content: text(),
  createdAt: time(),
  editedAt: time(),
});
export type ThreadMessage = z.output<typeof ThreadMessage>;

export const LinearEntry = z.object({
  identifier: text(),
  url: textOrNull(),
  delegateName: textOrNull(),
  delegatedMode: readTask(),
});
export type LinearEntry = z.output<typeof LinearEntry>;

const Reaction = z.object({ emoji: z.string(), count: count() });
type Reaction = z.output<typeof Reaction>;

export const SourceStep = z.object({
  component: textOrNull(),
  file: textOrNull(),
  line: countOrNull(),
  tag: textOrNull(),
});
export type SourceStep = z.output<typeof SourceStep>;

const SourceStepBelow = SourceStep.extend({ depth: countOrNull(), text: textOrNull() });
type SourceStepBelow = z.output<typeof SourceStepBelow>;

const steps = <S extends z.ZodType>(step: S) => list(step, 'source path step');

/** Both shapes: the live client's {target, above[], below[]} and the seed's array of files. */
export const SourcePath = z.union([
  z.object({
    target: section(SourceStep, 'source path target'),
    above: steps(SourceStep),
    below: steps(SourceStepBelow),
  }),
  rowsOf(z.union([z.string(), SourceStep]), 'source path step'),
]);
export type SourcePath = z.output<typeof SourcePath>;

const Viewport = z.object({ width: count(), height: count(), x: countOrNull(), y: countOrNull() });

export const Anchor = z
  .object({
    selector: textOrNull(),
    elementText: textOrNull(),
    selectedText: textOrNull(),
    stampId: textOrNull(),
    stampKey: textOrNull(),
    /** The live service's names for the stamp keys. */
    skyId: textOrNull(),
    skyKey: textOrNull(),
    viewport: section(Viewport, 'click position'),
  })
  .transform(({ skyId, skyKey, ...a }) => ({ ...a, stampId: a.stampId ?? skyId, stampKey: a.stampKey ?? skyKey }));
export type Anchor = z.output<typeof Anchor>;

const ItemSource = z.object({
  file: z.string().min(1),
  line: countOrNull(),
  build: textOrNull(),
  branch: textOrNull(),
  component: textOrNull(),
});
type ItemSource = z.output<typeof ItemSource>;

const Evidence = z.object({
  screenshotUrl: textOrNull(),
  domContext: textOrNull(),
  capturedAt: time(),
  expired: flag(false),
});
type Evidence = z.output<typeof Evidence>;

export const Attachment = z.object({
  url: z.string().min(1),
  author: text(),
  where: openEnum(['thread', 'reply'] as const, null),
});
export type Attachment = z.output<typeof Attachment>;

export const ItemDetail = z.object({
  id,
  project: section(
    z.object({
      id,
      name: text(),
      repo: or(z.union([z.object({ url: z.string() }).transform((r) => r.url), z.string()]), null),
    }),
    'project',
  ),
  page: text(),
  url: text(),
  pageTitle: text(),
  reportCount: count(),
  duplicateOf: textOrNull(),
  linear: list(LinearEntry, 'tracker issue'),
  type: textOrNull(),
  typeSource: textOrNull(),
  status: readStatus(),
  agentTask: readTask(),
  assignee: section(z.object({ id: textOrNull(), name: text(), mode: readTask() }), 'assignee'),
  thread: section(
    z.object({ root: section(ThreadMessage, 'first message'), replies: list(ThreadMessage, 'reply') }),
    'conversation',
  ).transform((t) => t ?? { root: null, replies: [] }),
  anchor: section(Anchor, 'element anchor'),
  source: section(ItemSource, 'source'),
  sourcePath: section(SourcePath, 'source path'),
  movedAt: time(),
  sourceUrl: textOrNull(),
  evidence: section(Evidence, 'evidence'),
  attachments: list(Attachment, 'attachment'),
  reactions: list(Reaction, 'reaction'),
  createdAt: time(),
  resolvedAt: time(),
});
export type ItemDetail = z.output<typeof ItemDetail>;
