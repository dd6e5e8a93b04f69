import { z } from 'zod';
import { loose, Status } from './common.js';

export const UpdateResponse = loose({ pinId: z.string(), postedAs: z.string(), mentioned: z.array(z.string()) });
export type UpdateResponse = z.infer<typeof UpdateResponse>;

export const CreateResponse = loose({
  pinId: z.string(),
  postedAs: z.string(),
  assignedTo: z.string().nullable(),
  mentioned: z.array(z.string()),
  page: z.string().optional(),
});
export type CreateResponse = z.infer<typeof CreateResponse>;

export const StatusResponse = loose({ status: Status, changed: z.boolean() });
export type StatusResponse = z.infer<typeof StatusResponse>;

export const AssignResponse = loose({ assignedTo: z.string().nullable(), changed: z.boolean() });
export type AssignResponse = z.infer<typeof AssignResponse>;

export const MergeResponse = loose({ merged: z.number().int(), canonicalId: z.string() });
export type MergeResponse = z.infer<typeof MergeResponse>;

export const RuleSaved = loose({ saved: z.literal(true), rule: z.string(), cited: z.array(z.string()) });
export const RuleDuplicate = loose({ saved: z.literal(false), duplicate: z.literal(true) });
export const RuleResponse = z.union([RuleSaved, RuleDuplicate]);
export type RuleResponse = z.infer<typeof RuleResponse>;
