import { z } from 'zod';
import { flag, id, or, textOrNull, texts } from './tolerant.js';
import { readStatus } from './resources.js';

/**
 * Readers of write answers. A write's answer must carry its essential field (what tells
 * that it happened); everything else gets a default. A 2xx {error} is a refusal and is
 * told apart before these run (api-client), so a failed read here means "we can't tell".
 */

export const UpdateResponse = z.object({ pinId: id, postedAs: textOrNull(), mentioned: texts() });
export type UpdateResponse = z.output<typeof UpdateResponse>;

export const CreateResponse = z.object({
  pinId: id,
  postedAs: textOrNull(),
  assignedTo: textOrNull(),
  mentioned: texts(),
  page: textOrNull(),
});
export type CreateResponse = z.output<typeof CreateResponse>;

/** Either field tells the write went through; `changed` null means the service didn't say. */
export const StatusResponse = z
  .looseObject({})
  .refine((r) => 'status' in r || 'changed' in r, { error: 'neither status nor changed' })
  .pipe(z.object({ status: or(readStatus(), null), changed: or(z.boolean(), null) }));
export type StatusResponse = z.output<typeof StatusResponse>;

export const AssignResponse = z
  .looseObject({})
  .refine((r) => 'assignedTo' in r || 'changed' in r, { error: 'neither assignedTo nor changed' })
  .pipe(z.object({ assignedTo: textOrNull(), changed: or(z.boolean(), null) }));
export type AssignResponse = z.output<typeof AssignResponse>;

export const MergeResponse = z.object({ merged: z.number(), canonicalId: textOrNull() });
export type MergeResponse = z.output<typeof MergeResponse>;

export const RuleResponse = z
  .object({ saved: z.boolean(), rule: textOrNull(), cited: texts(), duplicate: flag(false) })
  .transform((r) => ({ ...r, duplicate: r.duplicate || !r.saved }));
export type RuleResponse = z.output<typeof RuleResponse>;
