import { z } from 'zod';
import { loose } from './common.js';
import { REFUSAL_REASONS } from './refusal-reasons.js';

/** Every error body: a human-readable sentence. Code checks status, kind and reason, never the text. */
export const ErrorBody = loose({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

const BILLING_REASONS = ['no_seat', 'no_plan'] as const;
export const BillingReason = z.enum(BILLING_REASONS);
export type BillingReason = z.infer<typeof BillingReason>;

/** 403 when a plan or seat refuses agent tools. */
export const BillingErrorBody = loose({
  error: z.string(),
  kind: z.literal('billing_limit'),
  feature: z.literal('agent_tools'),
  reason: BillingReason,
  message: z.string(),
  limit: z.null(),
  used: z.null(),
});
export type BillingErrorBody = z.infer<typeof BillingErrorBody>;

/** 400 when a reply's ID was given where a thread's is required. */
export const ParentIdErrorBody = loose({ error: z.string(), parentId: z.string() });
export type ParentIdErrorBody = z.infer<typeof ParentIdErrorBody>;

/**
 * 400 when a mention or assignee name matches several people (status not shown in the
 * spec; see docs/api-decisions.md). Candidates let a client ask the person to pick.
 */
export const AmbiguousNameErrorBody = loose({
  error: z.string(),
  reason: z.literal('ambiguous_name'),
  name: z.string(),
  candidates: z.array(loose({ id: z.string(), name: z.string(), email: z.string() })),
});
export type AmbiguousNameErrorBody = z.infer<typeof AmbiguousNameErrorBody>;

export { REFUSAL_REASONS } from './refusal-reasons.js';
export const RefusalReason = z.enum(REFUSAL_REASONS);
export type RefusalReason = z.infer<typeof RefusalReason>;

export const RefusalErrorBody = loose({
  error: z.string(),
  reason: z.string().optional(),
  field: z.string().optional(),
});
export type RefusalErrorBody = z.infer<typeof RefusalErrorBody>;
