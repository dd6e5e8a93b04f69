import { create } from 'zustand';

/**
 * Which screen the shell shows. 'board' is a project's workspace (board or table view, see
 * workspace-store); the name stays because other features navigate with it. The thread
 * panel is separate (thread-store) so it can sit beside either view.
 */
export type Screen =
  | { name: 'starting' }
  | { name: 'connect' }
  | { name: 'projects' }
  /** For me: assignments and mentions across every project of the connection. */
  | { name: 'inbox' }
  /** projectName may be '' when the app was reloaded on a project's address; the header then shows the loaded name. */
  | { name: 'board'; projectId: string; projectName: string }
  /** The project's reports: what's new, review, decisions, source hotspots. */
  | { name: 'reports'; projectId: string; projectName: string }
  /** The dedupe queue: open threads with strong duplicate candidates, one by one. */
  | { name: 'dedupe'; projectId: string; projectName: string };

/** The screens that belong to one project (the header shows its sections). */
export type ProjectScreen = Extract<Screen, { projectId: string }>;
export const isProjectScreen = (s: Screen): s is ProjectScreen => 'projectId' in s;

interface NavigationState {
  screen: Screen;
  go(screen: Screen): void;
}

export const useNavigation = create<NavigationState>()((set) => ({
  screen: { name: 'starting' },
  go: (screen) => set({ screen }),
}));
