import type { Workspace } from '#shared/reader/index.js';

interface Availability {
  available: boolean;
  /** What is wrong, in words. */
  reason: string | null;
  /** Who can fix it and how. */
  fix: string | null;
}

const NO_SEAT = {
  reason: 'You have a reviewer seat here, and reviewers cannot use the API.',
  fix: 'A workspace owner or admin can change your role to collaborator or admin.',
};
const NO_PLAN = {
  reason: "This organization's plan does not include agent tools.",
  fix: 'The organization owner can upgrade to a plan with agent tools.',
};

/**
 * Explains why a workspace is unusable from here. The service's reason sentence may
 * change wording, so the machine kind (or the role) decides; the sentence is the fallback.
 */
export function describeAvailability(
  ws: Pick<Workspace, 'available' | 'unavailableReason' | 'role'> & { unavailableKind?: string | null },
): Availability {
  if (ws.available) return { available: true, reason: null, fix: null };
  if (ws.unavailableKind === 'no_seat' || ws.role === 'reviewer') return { available: false, ...NO_SEAT };
  if (ws.unavailableKind === 'no_plan') return { available: false, ...NO_PLAN };
  const text = ws.unavailableReason?.trim();
  if (text && /review/i.test(text)) return { available: false, ...NO_SEAT };
  if (text && /plan/i.test(text)) return { available: false, reason: text, fix: NO_PLAN.fix };
  return {
    available: false,
    reason: text || 'Agent tools are not available in this workspace.',
    fix: 'A workspace owner or admin can tell you why.',
  };
}
