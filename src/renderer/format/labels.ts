import type { AgentTask, Role, Status } from '#shared/api/common.js';

/** Board column order. Kept here (not imported from the zod contract) so the renderer bundle stays zod-free. */
export const BOARD_STATUSES = ['open', 'deferred', 'resolved'] as const satisfies readonly Status[];

const STATUS_LABEL: Record<Status, string> = { open: 'Open', deferred: 'Deferred', resolved: 'Resolved' };

/** The single-key shortcut that moves the focused card to each status. */
export const STATUS_KEY: Record<Status, string> = { open: 'o', deferred: 'd', resolved: 'r' };

export const TASK_LABEL: Record<AgentTask, string> = {
  investigate: 'Investigate',
  plan: 'Plan',
  fix: 'Fix',
  build: 'Build',
};

const ROLE_LABEL: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  collaborator: 'Collaborator',
  reviewer: 'Reviewer',
};

/**
 * Labels for values of open enumerations: a value this version doesn't know (the service
 * added it later) is shown as the service sent it, never hidden.
 */
export function statusLabel(status: string): string {
  return isStatus(status) ? STATUS_LABEL[status] : status;
}

export function taskLabel(task: string): string {
  return Object.hasOwn(TASK_LABEL, task) ? TASK_LABEL[task as AgentTask] : task;
}

export function roleLabel(role: string | null): string {
  if (role === null) return 'Role not given';
  return Object.hasOwn(ROLE_LABEL, role) ? ROLE_LABEL[role as Role] : role;
}

/**
 * The type tag's classes. Types are the service's words, so one with spaces or odd characters
 * must not add classes of its own; one this version has no colour for looks neutral.
 */
export function typeTagClass(type: string | null | undefined): string {
  const key = type ? type.replace(/[^\w-]+/g, '-') : 'none';
  return `type-tag type-tag--${key}`;
}

/** Type keys are service-defined ("bug", "copy-change"); show them as words. */
export function typeLabel(type: string | null | undefined): string {
  if (!type || type === '(unclassified)') return 'Unclassified';
  const words = type.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function isStatus(value: unknown): value is Status {
  return typeof value === 'string' && (BOARD_STATUSES as readonly string[]).includes(value);
}

/** Shortens text for a title or a sentence, ending with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
