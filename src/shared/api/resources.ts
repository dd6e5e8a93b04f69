import { z } from 'zod';
import { AgentTask, loose, Millis, Role, Status } from './common.js';
import { BillingReason } from './errors.js';

// ---- GET /workspaces -------------------------------------------------------------
export const Workspace = loose({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  role: Role,
  projectCount: z.number().int(),
  available: z.boolean(),
  unavailableReason: z.string().nullable(),
  /** Our service also names the billing reason (no_seat / no_plan) when unavailable. */
  unavailableKind: BillingReason.nullable().optional(),
});
export type Workspace = z.infer<typeof Workspace>;

export const WorkspacesResponse = loose({
  workspaces: z.array(Workspace),
  total: z.number().int(),
  you: loose({ id: z.string(), name: z.string() }),
});
export type WorkspacesResponse = z.infer<typeof WorkspacesResponse>;

// ---- GET /projects ---------------------------------------------------------------
export const Project = loose({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  workspace: loose({ id: z.string(), name: z.string() }),
  repo: z.string().nullable(),
  updatedAt: Millis,
  lastActivityAt: Millis,
});
export type Project = z.infer<typeof Project>;

export const ProjectsResponse = loose({ projects: z.array(Project), total: z.number().int() });
export type ProjectsResponse = z.infer<typeof ProjectsResponse>;

// ---- GET /members ----------------------------------------------------------------
export const Member = loose({ id: z.string(), name: z.string(), email: z.string(), role: Role });
export type Member = z.infer<typeof Member>;

export const MembersResponse = loose({
  workspace: loose({ id: z.string(), name: z.string() }),
  members: z.array(Member),
});
export type MembersResponse = z.infer<typeof MembersResponse>;

// ---- GET /items ------------------------------------------------------------------
export const ItemRow = loose({
  id: z.string(),
  page: z.string(),
  type: z.string(),
  status: Status,
  excerpt: z.string(),
  excerptSource: z.string(),
  reportCount: z.number().int(),
  author: z.string(),
  agentTask: AgentTask.nullable(),
  /** Empty string when unassigned (the contract types it as a string); null tolerated. */
  assignee: z.string().nullable(),
  assigneeId: z.string().nullable(),
  replyCount: z.number().int(),
  createdAt: Millis,
});
export type ItemRow = z.infer<typeof ItemRow>;

export const ItemsSummary = loose({
  total: z.number().int(),
  open: z.number().int(),
  deferred: z.number().int(),
  resolved: z.number().int(),
  unassigned: z.number().int(),
  byType: z.record(z.string(), z.number().int()),
  byPage: z.record(z.string(), z.number().int()),
});
export type ItemsSummary = z.infer<typeof ItemsSummary>;

export const ItemsResponse = loose({
  project: loose({ id: z.string(), name: z.string(), slug: z.string() }),
  summary: ItemsSummary,
  matched: z.number().int(),
  returned: z.number().int(),
  truncated: z.boolean(),
  capped: z.boolean(),
  scanLimit: z.number().int(),
  items: z.array(ItemRow),
});
export type ItemsResponse = z.infer<typeof ItemsResponse>;

// ---- GET /items/{itemId} ---------------------------------------------------------
export const ThreadMessage = loose({
  /** Our service adds the message's own ID (a reply's pinId); tolerated by every client. */
  id: z.string().optional(),
  author: z.string(),
  authorId: z.string(),
  content: z.string(),
  createdAt: Millis,
  editedAt: Millis.nullable(),
});
export type ThreadMessage = z.infer<typeof ThreadMessage>;

const LinearEntry = loose({
  identifier: z.string(),
  url: z.string(),
  delegateName: z.string().nullable(),
  delegatedMode: AgentTask.nullable(),
});
type LinearEntry = z.infer<typeof LinearEntry>;

const Reaction = loose({ emoji: z.string(), count: z.number().int() });
type Reaction = z.infer<typeof Reaction>;

const SourceStep = loose({
  component: z.string().nullable().optional(),
  file: z.string().nullable().optional(),
  line: z.number().int().nullable().optional(),
  tag: z.string().nullable().optional(),
});
type SourceStep = z.infer<typeof SourceStep>;

const SourceStepBelow = SourceStep.extend({
  depth: z.number().int().optional(),
  text: z.string().nullable().optional(),
});
type SourceStepBelow = z.infer<typeof SourceStepBelow>;

/** The live service's object shape (ours emits this one; see docs/api-decisions.md). */
export const SourcePathObject = loose({
  target: SourceStep,
  above: z.array(SourceStep),
  below: z.array(SourceStepBelow),
});
export type SourcePathObject = z.infer<typeof SourcePathObject>;

/** The seed's wording: an array of stamped files around the element. Clients accept both. */
const SourcePathArray = z.array(z.union([z.string(), SourceStep]));
type SourcePathArray = z.infer<typeof SourcePathArray>;

const SourcePath = z.union([SourcePathObject, SourcePathArray]).nullable();
type SourcePath = z.infer<typeof SourcePath>;

const Anchor = loose({
  /** Absent for a thread made through the API: it was never pinned to an element. */
  selector: z.string().optional(),
  elementText: z.string().nullable(),
  selectedText: z.string().nullable(),
  stampId: z.string().optional(),
  stampKey: z.string().optional(),
  /** The live service's names for stampId and stampKey (its own agent client reads these); sent beside them. */
  skyId: z.string().optional(),
  skyKey: z.string().optional(),
  /** Absent when no click was captured (a thread made through the API). */
  viewport: loose({ width: z.number(), height: z.number(), x: z.number(), y: z.number() }).optional(),
});
type Anchor = z.infer<typeof Anchor>;

const ItemSource = loose({
  file: z.string(),
  line: z.number().int().nullable(),
  build: z.string().nullable(),
  branch: z.string().nullable(),
  /** Our service adds the component that rendered the element, when stamped. */
  component: z.string().nullable().optional(),
});
type ItemSource = z.infer<typeof ItemSource>;

const Evidence = loose({
  screenshotUrl: z.string().nullable(),
  domContext: z.string().nullable(),
  capturedAt: Millis.nullable(),
  expired: z.boolean(),
});
type Evidence = z.infer<typeof Evidence>;

const Attachment = loose({
  url: z.string(),
  author: z.string(),
  where: z.enum(['thread', 'reply']),
});
type Attachment = z.infer<typeof Attachment>;

export const ItemDetail = loose({
  id: z.string(),
  project: loose({ id: z.string(), name: z.string(), repo: loose({ url: z.string() }).nullable() }),
  page: z.string(),
  url: z.string(),
  pageTitle: z.string(),
  reportCount: z.number().int(),
  duplicateOf: z.string().nullable(),
  linear: z.array(LinearEntry),
  type: z.string(),
  typeSource: z.string(),
  status: Status,
  agentTask: AgentTask.nullable(),
  assignee: loose({ id: z.string(), name: z.string(), mode: AgentTask.nullable() }).nullable(),
  thread: loose({ root: ThreadMessage, replies: z.array(ThreadMessage) }),
  anchor: Anchor,
  source: ItemSource.nullable(),
  sourcePath: SourcePath,
  movedAt: Millis.nullable(),
  sourceUrl: z.string().nullable(),
  evidence: Evidence,
  attachments: z.array(Attachment),
  reactions: z.array(Reaction),
  createdAt: Millis,
  resolvedAt: Millis.nullable(),
});
export type ItemDetail = z.infer<typeof ItemDetail>;
