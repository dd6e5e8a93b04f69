import { createContext, useContext } from 'react';

/** What every part of the reports screen needs: which project, and how to open a thread. */
export interface ReportsContextValue {
  projectId: string;
  projectName: string;
  openThread(itemId: string): void;
}

export const ReportsContext = createContext<ReportsContextValue | null>(null);

export function useReportsContext(): ReportsContextValue {
  const value = useContext(ReportsContext);
  if (!value) throw new Error('A reports component was rendered outside <ReportsScreen>.');
  return value;
}
