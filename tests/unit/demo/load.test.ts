import { describe, expect, it } from 'vitest';
import { buildDemoFixture } from '../../../src/server/demo/index.js';
import { loadFixture } from '../../../src/server/fixture/load.js';
import { openDatabase } from '../../../src/server/storage/open.js';

// The service's own loader checks what the schema cannot (cross references, unique message
// IDs, duplicates pointing at kept threads), so the demo must pass it end to end.
describe('demo fixture in the service loader', () => {
  it('loads into an in-memory database', async () => {
    const db = await openDatabase({ dataDir: ':memory:' });
    try {
      const fixture = buildDemoFixture({ now: Date.UTC(2026, 10, 21, 8, 0, 0) });
      const summary = await loadFixture(db, fixture);
      expect(summary.projects).toBe(8);
      expect(summary.items).toBeGreaterThan(2900);
      const hidden = await db
        .selectFrom('items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('duplicate_of', 'is not', null)
        .executeTakeFirstOrThrow();
      expect(Number(hidden.n)).toBeGreaterThan(100);
    } finally {
      await db.destroy();
    }
  });
});
