import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../../src/server/domain/caller.js';
import { mergeItems } from '../../src/server/domain/item-merge.js';
import { loadFixture } from '../../src/server/fixture/load.js';
import { type Db } from '../../src/server/storage/open.js';
import { openTestDatabase } from './support/test-database.js';
import { NOW, TOKENS, baseWorld, thread } from './support/world.js';

/**
 * A merge reads its threads before it writes. Two merges started together both read a thread
 * as not yet merged; the write must still take it once.
 */
let db: Db;
beforeAll(async () => {
  db = (await openTestDatabase()).db;
  const world = baseWorld();
  world.items = [...(world.items ?? []), thread('it_a', 'p_web'), thread('it_b', 'p_web'), thread('it_x', 'p_web')];
  await loadFixture(db, world);
});
afterAll(async () => {
  await db.destroy();
});

describe('two merges naming the same thread at once', () => {
  it('merge it into one of them, count it once and log it once', async () => {
    const caller = await authenticate(db, `Bearer ${TOKENS.owner}`, NOW);
    const answers = await Promise.all([
      mergeItems(db, caller, { itemId: 'it_a', duplicateIds: ['it_x'] }, NOW),
      mergeItems(db, caller, { itemId: 'it_b', duplicateIds: ['it_x'] }, NOW),
    ]);
    expect(answers.map((a) => a.merged).sort()).toEqual([0, 1]);
    const x = await db.selectFrom('items').select('duplicate_of').where('id', '=', 'it_x').executeTakeFirstOrThrow();
    const winner = answers.find((a) => a.merged === 1)!.canonicalId;
    expect(x.duplicate_of).toBe(winner);
    const events = await db
      .selectFrom('item_events')
      .selectAll()
      .where('item_id', '=', 'it_x')
      .where('kind', '=', 'merge')
      .execute();
    expect(events).toHaveLength(1);
  });
});
