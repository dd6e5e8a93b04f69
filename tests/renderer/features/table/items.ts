import type { ItemRow } from '#shared/reader/index.js';
import { row } from '../../support/fake-items.js';

/** One item row with neutral values (unassigned as the service sends it: ""); overrides set what a test is about. */
export const item = (id: string, overrides: Partial<ItemRow> = {}): ItemRow =>
  row(id, { assigneeId: '', ...overrides });

/** In-memory stand-in for localStorage, optionally refusing writes like a full quota. */
export function memoryStorage(
  initial: Record<string, string> = {},
  options: { failWrites?: boolean; failReads?: boolean } = {},
) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem(key: string): string | null {
      if (options.failReads) throw new Error('SecurityError');
      return data.get(key) ?? null;
    },
    setItem(key: string, value: string): void {
      if (options.failWrites) throw new Error('QuotaExceededError');
      data.set(key, value);
    },
  };
}
