import { useEffect, useRef } from 'react';
import { useNavigation } from '../../../stores/navigation-store.js';
import { useProjects } from '../../../stores/projects-store.js';
import { useSession } from '../../../stores/session-store.js';

/**
 * A reloaded reports address carries only the project's id: the name (for the heading, the
 * breadcrumb and the window title) comes from the project list, read once if no screen has
 * read it yet, and is written into the screen so every part of the app shows it.
 */
export function useProjectName(projectId: string, projectName: string): string {
  const connectionId = useSession((s) => s.active?.connection.id ?? null);
  const listed = useProjects((s) =>
    s.connectionId === connectionId ? (s.projects.find((p) => p.id === projectId)?.name ?? '') : '',
  );
  // Asked once per project: one the list doesn't hold keeps a nameless heading rather than asking in a loop.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (projectName || listed || !connectionId || asked.current === projectId) return;
    asked.current = projectId;
    if (!useProjects.getState().loading) void useProjects.getState().load(connectionId);
  }, [projectName, listed, connectionId, projectId]);
  useEffect(() => {
    if (projectName || !listed) return;
    const { screen, go } = useNavigation.getState();
    if (screen.name === 'reports' && screen.projectId === projectId) go({ ...screen, projectName: listed });
  }, [projectName, listed, projectId]);
  return projectName || listed;
}
