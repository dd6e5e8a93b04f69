import { create } from 'zustand';
import type { ReportTab } from '../model/tabs.js';

/** The open tab outlives the screen, so coming back from a thread lands where the person was. */
export const useReportTab = create<{ tab: ReportTab; setTab(tab: ReportTab): void }>()((set) => ({
  tab: 'whats-new',
  setTab: (tab) => set({ tab }),
}));
