import { create } from 'zustand';

/**
 * Why a key press or command did nothing, shown briefly on screen (and read out, the
 * notice being a status region), so no refusal is silent for anyone.
 */
interface NoticeState {
  notice: { id: number; text: string } | null;
  show(text: string): void;
  dismiss(id: number): void;
}

let nextId = 1;

export const useNotice = create<NoticeState>()((set, get) => ({
  notice: null,
  show: (text) => set({ notice: { id: nextId++, text } }),
  dismiss: (id) => {
    if (get().notice?.id === id) set({ notice: null });
  },
}));

export const explain = (text: string) => useNotice.getState().show(text);
