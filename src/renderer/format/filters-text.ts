import { ASSIGNEE_ME, ASSIGNEE_NONE, type Filters, type TaskFilter } from '../stores/filter-model.js';
import { statusLabel, TASK_LABEL, typeLabel } from './labels.js';

/** Filters in words, for saved views, the palette and announcements. */

export function taskFilterLabel(task: TaskFilter): string {
  return task === 'none' ? 'No agent task' : TASK_LABEL[task];
}

/** "Alex Kim", "Me", "Unassigned", or the id when the person is not (or no longer) a member. */
export function assigneeFilterLabel(value: string, memberName: (id: string) => string | undefined): string {
  if (value === ASSIGNEE_ME) return 'Me';
  if (value === ASSIGNEE_NONE) return 'Unassigned';
  return memberName(value) ?? `Person ${value}`;
}

/** "Open · Bug · /checkout · Assigned to Me · “button”", or "All threads". */
export function describeFilters(
  filters: Filters,
  memberName: (id: string) => string | undefined = () => undefined,
): string {
  const parts: string[] = [];
  if (filters.status) parts.push(statusLabel(filters.status));
  if (filters.type) parts.push(typeLabel(filters.type));
  if (filters.page) parts.push(filters.page);
  if (filters.assignee) {
    const who = assigneeFilterLabel(filters.assignee, memberName);
    parts.push(filters.assignee === ASSIGNEE_NONE ? who : `Assigned to ${who}`);
  }
  if (filters.task) parts.push(filters.task === 'none' ? 'No agent task' : `Task: ${TASK_LABEL[filters.task]}`);
  if (filters.q) parts.push(`“${filters.q}”`);
  return parts.length > 0 ? parts.join(' · ') : 'All threads';
}
