import type { FixtureInput } from '../../src/server/fixture/schema.js';

/**
 * The scenario for "merging 500 duplicates takes 10 requests": one project of 520 threads,
 * 501 of them the same report on one page (one to keep, 500 duplicates) and 19 elsewhere, so
 * the page filter shows exactly the duplicates. Loaded with the CLI's --fixture; the token is
 * the demo's owner token name.
 */
export const MERGE_TOKEN = 'demo-owner';
export const MERGE_PROJECT_NAME = 'Duplicates (renderer bench)';
export const MERGE_PROJECT_ID = 'prj_rbench_dupes';
export const DUPLICATE_PAGE = '/pricing';
export const DUPLICATES = 501;
export const OTHERS = 19;

const DAY = 86_400_000;

type ItemInput = NonNullable<FixtureInput['items']>[number];

export function mergeFixture(now: number): FixtureInput {
  const site = 'https://dupes.example';
  const items: ItemInput[] = [];
  // The list endpoint returns at most 200 rows per query and the app narrows by page, status
  // and type to list them all: three types keep every slice of the 501 under 200.
  const types = ['bug', 'design', 'copy'];
  const thread = (n: number, path: string, body: string): ItemInput => {
    const createdAt = now - DAY + n * 60_000;
    const id = `itm_rb_${String(n).padStart(4, '0')}`;
    return {
      id,
      projectId: MERGE_PROJECT_ID,
      url: `${site}${path}`,
      pageTitle: 'Pricing — Dupes',
      type: types[n % types.length]!,
      root: { id, authorId: 'usr_rb_owner', body, createdAt },
      anchor: {
        selector: 'table.pricing',
        elementText: 'Pricing',
        viewport: { width: 390, height: 844, x: 20, y: 40 },
      },
      evidence: { capturedAt: createdAt },
    };
  };
  for (let n = 0; n < DUPLICATES; n++)
    items.push(thread(n, DUPLICATE_PAGE, `The pricing table overflows the screen on a phone (report ${n + 1}).`));
  for (let n = 0; n < OTHERS; n++)
    items.push(thread(DUPLICATES + n, `/features/${n}`, `The feature card ${n + 1} has a broken icon.`));
  return {
    version: 1,
    organizations: [{ id: 'org_rb', name: 'Bench Co', plan: 'business', agentTools: true }],
    users: [{ id: 'usr_rb_owner', name: 'Olivia Owner', email: 'olivia@bench.example' }],
    tokens: [{ token: MERGE_TOKEN, userId: 'usr_rb_owner' }],
    workspaces: [{ id: 'ws_rb', organizationId: 'org_rb', name: 'Bench Web', slug: 'bench-web' }],
    memberships: [{ workspaceId: 'ws_rb', userId: 'usr_rb_owner', role: 'owner' }],
    projects: [
      {
        id: MERGE_PROJECT_ID,
        workspaceId: 'ws_rb',
        name: MERGE_PROJECT_NAME,
        slug: 'dupes',
        siteUrl: site,
        createdAt: now - 30 * DAY,
      },
    ],
    items,
  };
}
