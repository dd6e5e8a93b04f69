import { create } from 'zustand';

/**
 * Sentences for the polite live region: what a keyboard action did ("Moved to Resolved"),
 * which sighted users see as the card moving.
 */
interface AnnouncerState {
  message: string;
  /** Changes on every announcement so repeating the same sentence is still read out. */
  seq: number;
  announce(message: string): void;
}

export const useAnnouncer = create<AnnouncerState>()((set) => ({
  message: '',
  seq: 0,
  announce: (message) => set((s) => ({ message, seq: s.seq + 1 })),
}));

export const announce = (message: string) => useAnnouncer.getState().announce(message);
