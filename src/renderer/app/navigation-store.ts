import { create } from 'zustand';

/** Which screen the shell shows. The thread panel is separate (thread-store) so it can sit beside the board. */
export type Screen =
  | { name: 'starting' }
  | { name: 'connect' }
  | { name: 'projects' }
  | { name: 'board'; projectId: string; projectName: string };

interface NavigationState {
  screen: Screen;
  go(screen: Screen): void;
}

export const useNavigation = create<NavigationState>()((set) => ({
  screen: { name: 'starting' },
  go: (screen) => set({ screen }),
}));
