import { createContext, useContext } from 'react';

/** What every part of the reports screen needs: which project, and how to open a thread. */
export interface ReportsContextValue {
  projectId: string;
  projectName: string;
  /** Whether the caller may save rules; null while unknown (the Decisions tab then looks up the caller's role). */
  canSaveRules: boolean | null;
  openThread(itemId: string): void;
}

export const ReportsContext = createContext<ReportsContextValue | null>(null);

export function useReportsContext(): ReportsContextValue {
  const value = useContext(ReportsContext);
  if (!value) throw new Error('A reports component was rendered outside <ReportsScreen>.');
  return value;
}
