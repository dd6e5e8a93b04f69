import type { ItemRow } from '#shared/reader/index.js';
import { row } from '../../support/fake-items.js';

/** One item row with neutral values (unassigned as the service sends it: ""); overrides set what a test is about. */
export const item = (id: string, overrides: Partial<ItemRow> = {}): ItemRow =>
  row(id, { assigneeId: '', ...overrides });
