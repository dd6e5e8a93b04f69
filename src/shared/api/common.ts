import { z } from 'zod';

export const STATUSES = ['open', 'deferred', 'resolved'] as const;
export const Status = z.enum(STATUSES);
export type Status = z.infer<typeof Status>;

export const AGENT_TASKS = ['investigate', 'plan', 'fix', 'build'] as const;
export const AgentTask = z.enum(AGENT_TASKS);
export type AgentTask = z.infer<typeof AgentTask>;

export const ROLES = ['owner', 'admin', 'collaborator', 'reviewer'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** Milliseconds since 1970. */
export const Millis = z.number().int();

/**
 * Responses are read tolerantly: unknown fields pass through untouched so a newer
 * service never breaks an older client. Every response object is built with this.
 */
export const loose = z.looseObject;

/** A thread as it appears inside reports (response-shapes.md "Row"). */
export const Row = loose({
  id: z.string(),
  line: z.string(),
  lineSource: z.string(),
  type: z.string().nullable(),
  typeLabel: z.string().optional(),
  page: z.string(),
  replyCount: z.number().int(),
  reportCount: z.number().int(),
  source: loose({ file: z.string(), line: z.number().int().nullable() }).nullable(),
});
export type Row = z.infer<typeof Row>;

/** A quoted message inside reports (response-shapes.md "Message"). */
export const Message = loose({
  author: z.string(),
  via: z.string().optional(),
  at: Millis,
  text: z.string(),
});
export type Message = z.infer<typeof Message>;

export const ProjectRef = loose({ id: z.string(), name: z.string() });
export type ProjectRef = z.infer<typeof ProjectRef>;
