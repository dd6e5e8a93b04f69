import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from '../../src/server/fixture/load.js';
import { findItemRef, findItemRefs } from '../../src/server/storage/item-refs.js';
import { type Db } from '../../src/server/storage/open.js';
import { openTestDatabase } from './support/test-database.js';
import { baseWorld } from './support/world.js';

/** Counts the statements a Kysely instance sends, so a test can see how many reads a lookup costs. */
class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count++;
    return args.node;
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

let db: Db;
beforeAll(async () => {
  db = (await openTestDatabase()).db;
  await loadFixture(db, baseWorld());
});
afterAll(async () => {
  await db.destroy();
});

describe('findItemRefs', () => {
  it('gives each ID the ref findItemRef gives it: threads, replies, archived and merged threads; unknown IDs are absent', async () => {
    const ids = ['it_4', 'r_3a', 'it_old', 'it_5', 'nope', 'it_d1', 'r_1a'];
    const refs = await findItemRefs(db, ids);
    for (const id of ids) expect(refs.get(id) ?? null).toEqual(await findItemRef(db, id));
    expect([...refs.keys()].sort()).toEqual(['it_4', 'it_5', 'it_d1', 'it_old', 'r_1a', 'r_3a']);
    expect(refs.get('r_3a')).toMatchObject({ itemId: 'it_3', replyOf: 'it_3' });
    expect(refs.get('it_5')).toMatchObject({ itemId: 'it_5', duplicateOf: 'it_1', replyOf: null });
    expect(refs.get('it_old')).toMatchObject({ projectArchived: true });
  });

  it('reads thread IDs in one query, and message IDs in one more only when some ID names no thread', async () => {
    const counter = new QueryCounter();
    const counted = db.withPlugin(counter);
    await findItemRefs(counted, ['it_1', 'it_2', 'it_3', 'it_4', 'it_6', 'it_d1']);
    expect(counter.count).toBe(1);
    counter.count = 0;
    await findItemRefs(counted, ['it_1', 'r_1a', 'r_3a', 'nope']);
    expect(counter.count).toBe(2);
  });

  it('answers lists longer than one IN slice, read in slices', async () => {
    const counter = new QueryCounter();
    const ids = [...Array.from({ length: 1200 }, (_, i) => `missing_${i}`), 'it_4', 'r_3a'];
    const refs = await findItemRefs(db.withPlugin(counter), ids);
    expect([...refs.keys()].sort()).toEqual(['it_4', 'r_3a']);
    // 1202 IDs: three slices of threads, then three of the IDs left (all but it_4).
    expect(counter.count).toBe(6);
  });
});
