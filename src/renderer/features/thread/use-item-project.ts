import type { ItemDetail } from '#shared/reader/index.js';
import { useProjectItems } from '../../server-state/project-items-store.js';

/**
 * The project a thread belongs to. A lean answer may leave `project` out; a thread opened
 * from the board belongs to the board's project, so that one stands in.
 */
export function useItemProjectId(item: Pick<ItemDetail, 'project'>): string {
  const boardProjectId = useProjectItems((s) => s.projectId);
  return item.project?.id ?? boardProjectId ?? '';
}
