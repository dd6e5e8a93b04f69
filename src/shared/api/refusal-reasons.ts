/**
 * Machine-readable reasons our reference service adds to 400/409 bodies so clients can
 * explain refusals without parsing sentences (extra fields: tolerated by every client).
 */
export const REFUSAL_REASONS = [
  'invalid_request',
  'invalid_json',
  'project_required',
  'reply_id',
  'ambiguous_name',
  'unknown_person',
  'reply_to_reply',
  'resolved_item',
  'merge_reply',
  'merge_other_project',
  'merge_self',
  'creation_limit',
  'rule_not_one_sentence',
] as const;
