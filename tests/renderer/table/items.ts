import type { ItemRow } from '../../../src/shared/api/resources.js';

/** One item row with neutral values; overrides set what a test is about. */
export function item(id: string, overrides: Partial<ItemRow> = {}): ItemRow {
  return {
    id,
    page: '/',
    type: 'bug',
    status: 'open',
    excerpt: `Thread ${id}`,
    excerptSource: 'message',
    reportCount: 0,
    author: 'Ada',
    agentTask: null,
    assignee: '',
    assigneeId: '',
    replyCount: 0,
    createdAt: 1_000_000,
    ...overrides,
  };
}

/** In-memory stand-in for localStorage, optionally refusing writes like a full quota. */
export function memoryStorage(initial: Record<string, string> = {}, options: { failWrites?: boolean; failReads?: boolean } = {}) {
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
