import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe-support.js';
import { api, control, openApp, openBoard, projectIdByName, signIn } from './support.js';

/**
 * A developer clears duplicates a group at a time, by keyboard: the queue proposes groups,
 * a thread is taken out, another thread is chosen to stay, the group is merged after one
 * confirmation naming every thread, and another group is skipped.
 *
 * Recipe Box: no other spec reads it, and the threads merged here are this spec's own.
 */

// Mia owns the Side Project workspace, which holds Recipe Box.
const TOKEN = 'demo-multi';
const PROJECT = 'Recipe Box';
const PAGE_URL = 'https://recipes.multi.example/recipes/lemon-risotto';

interface Detail {
  id: string;
  duplicateOf: string | null;
}

const stamp = Date.now();
/** One report, in the words four people used; and a second report, twice. */
const RISOTTO = `lemon risotto step timer stops at 14 minutes and never rings, so the rice burns (run ${stamp})`;
const GROUP_TEXTS = [
  `The ${RISOTTO}.`,
  `Same here: the ${RISOTTO}. Pretty annoying.`,
  `Also seeing this: the ${RISOTTO}.`,
  `Not sure if reported yet, but the ${RISOTTO}. Can someone look?`,
];
const PARMESAN = `parmesan quantity doubles every time the servings stepper is pressed once (run ${stamp})`;
const SKIP_TEXTS = [`Hey, the ${PARMESAN}.`, `FYI the ${PARMESAN}. Happens every time.`];

async function createThreads(projectId: string, texts: readonly string[], service?: string): Promise<string[]> {
  const ids: string[] = [];
  for (const body of texts) {
    const created = await api<{ pinId: string }>(TOKEN, '/items/create', {
      method: 'POST',
      body: { projectId, url: PAGE_URL, body },
      ...(service ? { service } : {}),
    });
    ids.push(created.pinId);
  }
  return ids;
}

/** From the board, through the command palette and the queue's header, with keys only. */
async function openGroups(page: Page): Promise<void> {
  await page.keyboard.press('Control+k');
  await page.keyboard.type('dedupe');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('dedupe-queue')).toBeVisible();
  const toGroups = page.getByRole('button', { name: 'Groups instead' });
  for (let i = 0; i < 5 && !(await toGroups.evaluate((el) => el === el.ownerDocument.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(toGroups).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('duplicate-groups')).toBeVisible();
  await expect(page.getByTestId('groups-progress')).toHaveText(/^Group \d+ of \d+$|groups reviewed$/, {
    timeout: 30_000,
  });
}

const groupIds = (page: Page) =>
  page.getByTestId('group-thread').evaluateAll((els) => els.map((el) => el.getAttribute('data-item-id') ?? ''));

/** Skips (s) until a group holding `id` is on screen; says how many were skipped. */
async function skipTo(page: Page, id: string): Promise<number> {
  for (let skipped = 0; skipped < 20; skipped++) {
    await expect(page.getByTestId('duplicate-group')).toBeVisible();
    if ((await groupIds(page)).includes(id)) return skipped;
    const before = await groupIds(page);
    await page.keyboard.press('s');
    await expect.poll(() => groupIds(page)).not.toEqual(before);
  }
  throw new Error(`No group with ${id} in the queue`);
}

test.describe.serial('duplicate groups', () => {
  let projectId = '';
  let groupIdsCreated: string[] = [];
  let skipIds: string[] = [];
  let signedIn = false;

  async function openProject(page: Page): Promise<void> {
    if (!signedIn) {
      await signIn(page, TOKEN, 'Multi (duplicate groups e2e)');
      signedIn = true;
    } else await openApp(page);
    await openBoard(page, PROJECT);
  }

  test.beforeAll(async () => {
    projectId = await projectIdByName(TOKEN, PROJECT);
    groupIdsCreated = await createThreads(projectId, GROUP_TEXTS);
    skipIds = await createThreads(projectId, SKIP_TEXTS);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the group queue and the pair queue have no axe violations at 900 px wide (${scheme})`, async ({ page }) => {
      await page.setViewportSize({ width: 900, height: 800 });
      await page.emulateMedia({ colorScheme: scheme });
      await openProject(page);
      await page.keyboard.press('Control+k');
      await page.keyboard.type('dedupe');
      await page.keyboard.press('Enter');
      // The pair queue's scrolling regions are reachable by keyboard.
      await expect(page.getByTestId('dedupe-subject')).toBeVisible({ timeout: 30_000 });
      await expectNoViolations(page, `dedupe pairs ${scheme}`);
      await page.getByRole('button', { name: 'Groups instead' }).click();
      await expect(page.getByTestId('duplicate-group')).toBeVisible({ timeout: 30_000 });
      await skipTo(page, groupIdsCreated[0]!);
      const overflow = await page.evaluate<number>(
        'document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth',
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoViolations(page, `duplicate groups ${scheme}`);
      if (scheme === 'light') await page.screenshot({ path: 'docs/screenshots/duplicate-groups.png' });
      // Nothing was decided for good: the skips are taken back so the next journey meets the queue as it was.
      while (await page.getByTestId('groups-decision').isVisible()) await page.keyboard.press('z');
      // Back to the pair queue, as the next visit expects.
      await page.getByRole('button', { name: 'Pairs instead' }).click();
      await expect(page.getByTestId('dedupe-queue')).toBeVisible();
    });
  }

  test('take a thread out, choose the one that stays, merge the group after one confirmation, skip another: keys only', async ({
    page,
  }) => {
    await openProject(page);
    await openGroups(page);
    const [oldest, second, third, fourth] = groupIdsCreated as [string, string, string, string];
    let skipped = await skipTo(page, oldest);
    const group = page.getByTestId('duplicate-group');
    expect((await groupIds(page)).slice().sort()).toEqual([...groupIdsCreated].sort());
    // Same reports (none yet): the oldest stays by default.
    await expect(group.getByTestId('group-stays')).toHaveCount(1);
    await expect(group.locator(`[data-item-id="${oldest}"]`).getByTestId('group-stays')).toBeVisible();

    // j moves the focus to the second thread; x takes it out of the group.
    await page.keyboard.press('j');
    await expect(group.locator(`[data-item-id="${second}"]`)).toHaveAttribute('data-focused', 'true');
    await page.keyboard.press('x');
    await expect(page.getByTestId('group-thread')).toHaveCount(3);
    await expect(page.getByTestId('groups-decision')).toContainText('out of the group');

    // The focus is now on the third thread: p makes it the one that stays.
    await expect(group.locator(`[data-item-id="${third}"]`)).toHaveAttribute('data-focused', 'true');
    await page.keyboard.press('p');
    await expect(group.locator(`[data-item-id="${third}"]`).getByTestId('group-stays')).toBeVisible();

    // m asks first, Cancel focused, naming every thread leaving and the one staying.
    await page.keyboard.press('m');
    const confirm = page.getByTestId('dedupe-confirm');
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    const lists = confirm.locator('.merge-confirm__list');
    await expect(lists.nth(0).locator('li')).toHaveCount(2);
    await expect(lists.nth(0)).toContainText(oldest);
    await expect(lists.nth(0)).toContainText(fourth);
    await expect(lists.nth(1)).toContainText(third);
    await expect(confirm).not.toContainText(second);
    await page.keyboard.press('Shift+Tab');
    await expect(confirm.getByRole('button', { name: /^Merge 2 threads into/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('groups-receipt')).toHaveText('Merged 2 of 2 threads.');
    await expect(page.getByTestId('groups-receipt')).toBeFocused();
    expect((await api<Detail>(TOKEN, `/items/${oldest}`)).duplicateOf).toBe(third);
    expect((await api<Detail>(TOKEN, `/items/${fourth}`)).duplicateOf).toBe(third);
    expect((await api<Detail>(TOKEN, `/items/${second}`)).duplicateOf).toBeNull();
    expect((await api<Detail>(TOKEN, `/items/${third}`)).duplicateOf).toBeNull();
    await expect(page.getByTestId('groups-stats')).toContainText('2 merged');

    // The other report's group: s skips it, and it leaves the screen.
    skipped += await skipTo(page, skipIds[0]!);
    await page.keyboard.press('s');
    await expect.poll(async () => (await groupIds(page)).includes(skipIds[0]!)).toBe(false);
    await expect(page.getByTestId('groups-stats')).toContainText(`${skipped + 1} skipped`);
    expect((await api<Detail>(TOKEN, `/items/${skipIds[0]}`)).duplicateOf).toBeNull();
  });
});

test.describe.serial('duplicate groups against a live-like (lean) service', () => {
  test('a proposed group merges after one confirmation', async ({ page }) => {
    const lean = (await control<{ baseUrl: string }>('/lean/start')).baseUrl;
    const { projects } = await api<{ projects: Array<{ id: string; name: string }> }>(TOKEN, '/projects', {
      service: lean,
    });
    const leanProject = projects.find((p) => p.name === PROJECT)!.id;
    const ids = await createThreads(leanProject, GROUP_TEXTS.slice(0, 3), lean);
    await signIn(page, TOKEN, 'Multi (lean groups e2e)', lean);
    await openBoard(page, PROJECT);
    await openGroups(page);
    await skipTo(page, ids[0]!);
    expect((await groupIds(page)).slice().sort()).toEqual([...ids].sort());
    await page.keyboard.press('m');
    const confirm = page.getByTestId('dedupe-confirm');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expect(confirm.locator('.merge-confirm__list').nth(0).locator('li')).toHaveCount(2);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('groups-receipt')).toHaveText('Merged 2 of 2 threads.');
    await expect(page.getByText(/can.t read/i)).toHaveCount(0);
  });
});
