import { useEffect } from 'react';
import { useProjectList } from '../../../server-state/project-list.js';
import { useNavigation } from '../../../stores/navigation-store.js';

/**
 * A reloaded reports address carries only the project's id: the name (for the heading, the
 * breadcrumb and the window title) comes from the project list, read once if no screen has
 * read it yet, and is written into the screen so every part of the app shows it.
 */
export function useProjectName(projectId: string, projectName: string): string {
  // Read once while the name is missing: one the list doesn't hold keeps a nameless heading rather than asking in a loop.
  const listed = useProjectList({ enabled: !projectName }).projects.find((p) => p.id === projectId)?.name ?? '';
  useEffect(() => {
    if (projectName || !listed) return;
    const { screen, go } = useNavigation.getState();
    if (screen.name === 'reports' && screen.projectId === projectId) go({ ...screen, projectName: listed });
  }, [projectName, listed, projectId]);
  return projectName || listed;
}
