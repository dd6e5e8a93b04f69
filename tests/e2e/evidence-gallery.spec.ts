import { expect, test, type Page, type Request } from '@playwright/test';
import { expectNoViolations } from './axe-support.js';
import { api, openBoard, projectIdByName, signInOnce } from './support.js';

/**
 * The evidence gallery: a screenshot for each thread of the filter, by page then element,
 * read only for what is on screen. Read-only over the demo data.
 */

const TOKEN = 'demo-owner';
const BRAND = 'Brand refresh';
const BIG = 'Marketing site';

interface Row {
  id: string;
  page: string;
}

const signInOrReopen = signInOnce(TOKEN, 'Acme (evidence gallery e2e)');
async function openGallery(page: Page, project: string): Promise<void> {
  await signInOrReopen(page);
  await openBoard(page, project);
  await expect(page.getByText(/^Updated /)).toBeVisible();
  await page.getByTestId('view-evidence').click();
  await expect(page.getByTestId('evidence-gallery')).toBeVisible();
}

const isDetailRead = (r: Request) => decodeURIComponent(r.url()).includes('/bridge/api:getItem');

/** The thread ids whose evidence the retention period removed, on one page of a project. */
async function expiredOn(projectId: string, pagePath: string): Promise<string[]> {
  const { items } = await api<{ items: Row[] }>(
    TOKEN,
    `/items?projectId=${projectId}&page=${encodeURIComponent(pagePath)}&limit=200`,
  );
  const out: string[] = [];
  for (const row of items) {
    const d = await api<{ evidence: { expired: boolean } }>(TOKEN, `/items/${row.id}`);
    if (d.evidence.expired) out.push(row.id);
  }
  return out;
}

/**
 * The project's live threads and its busiest page (ties by name), as the service counts them
 * now: other journeys of the same run may have added threads.
 */
async function projectTruth(project: string): Promise<{ total: number; busiestPage: string }> {
  const projectId = await projectIdByName(TOKEN, project);
  const list = await api<{ matched: number; summary: { byPage: Record<string, number> } }>(
    TOKEN,
    `/items?projectId=${projectId}&limit=1`,
  );
  const [busiestPage] = Object.entries(list.summary.byPage).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!;
  return { total: list.matched, busiestPage };
}

test.describe.serial('the evidence gallery', () => {
  test('groups by page then element, says progress, and moves and opens with the keyboard alone', async ({ page }) => {
    const truth = await projectTruth(BRAND);
    await openGallery(page, BRAND);
    await expect(page).toHaveURL(/\/evidence/);
    await expect(page.getByTestId('evidence-progress')).toHaveText(
      new RegExp(`^\\d+ of ${truth.total} screenshots read`),
    );
    // The busiest page first (ties by name).
    await expect(page.getByTestId('gallery-page').first()).toContainText(truth.busiestPage);
    await expect(page.getByTestId('gallery-element').first()).toBeVisible();
    const tiles = page.getByTestId('gallery-tile');
    await expect(tiles.first().locator('img')).toBeVisible();
    await expect(tiles.first().getByTestId('click-marker')).toHaveCount(1);

    // What is on screen is read first; the tiles then keep their places while the keys move.
    await expect(tiles.filter({ hasText: 'Reading…' })).toHaveCount(0);
    // Tab reaches the gallery's one tab stop; arrows move, Enter opens the thread beside.
    await tiles.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(tiles.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(tiles.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const below = page.locator('[data-testid="gallery-tile"]:focus');
    await expect(below).toHaveCount(1);
    const id = await below.getAttribute('data-item-id');
    expect(id).not.toBe(await tiles.first().getAttribute('data-item-id'));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('thread-view')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/evidence\\?thread=${id}`));
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('thread-view')).toHaveCount(0);
    await expect(page.locator(`[data-testid="gallery-tile"][data-item-id="${id}"]`)).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.locator('[data-testid="gallery-tile"]:focus')).toHaveCount(1);
    await page.keyboard.press('Home');
    // Home: back at the top, the busiest page's heading in view and a tile holding the focus.
    await expect(page.getByTestId('gallery-page').first()).toBeInViewport();
    await expect(page.locator('[data-testid="gallery-tile"]:focus')).toHaveCount(1);
    await expect(page.getByTestId('evidence-progress')).toHaveText(
      new RegExp(`^\\d+ of ${truth.total} screenshots read`),
    );
    await page.screenshot({ path: 'docs/screenshots/evidence-gallery.png' });
  });

  test('the filters apply, and expired evidence is said as such', async ({ page }) => {
    const projectId = await projectIdByName(TOKEN, BRAND);
    const expired = await expiredOn(projectId, '/brand/logo');
    expect(expired.length).toBeGreaterThan(0);
    await openGallery(page, BRAND);
    await page.getByLabel('Page', { exact: true }).selectOption('/brand/logo');
    await expect(page.getByTestId('evidence-progress')).toHaveText(/ of 21 screenshots read/);
    await expect(page.getByTestId('gallery-page')).toHaveCount(1);
    await expect(page).toHaveURL(/\/evidence\?page=%2Fbrand%2Flogo/);
    // Narrowed by status and type too, the expired thread's tile is on screen.
    const one = await api<{ status: string; type: string | null }>(TOKEN, `/items/${expired[0]}`);
    await page.getByLabel('Status', { exact: true }).selectOption(one.status);
    if (one.type) await page.getByLabel('Type', { exact: true }).selectOption(one.type);
    const shown = page.locator(`[data-testid="gallery-tile"][data-item-id="${expired[0]}"]`);
    const tile = shown.first();
    await expect(tile.getByTestId('thumb-expired')).toHaveText(/Evidence expired/);
    await expect(tile).toHaveAccessibleName(/^Evidence expired/);
    // Reload keeps the view and the filters (once the address has them).
    await expect(page).toHaveURL(new RegExp(`/evidence\\?status=${one.status}`));
    await page.reload();
    await expect(page.getByTestId('evidence-progress')).toHaveText(/ of \d+ screenshots read/);
    await expect(shown.getByTestId('thumb-expired')).toBeVisible();
  });

  test('on the 2,000-thread project only the tiles on screen are read', async ({ page }) => {
    const reads: Request[] = [];
    page.on('request', (r) => {
      if (isDetailRead(r)) reads.push(r);
    });
    await openGallery(page, BIG);
    await expect(page.getByTestId('evidence-progress')).toHaveText(/ of 2,000 screenshots read/);
    // Everything drawn is read; each thread once, and a screenful, not the project.
    await expect(page.getByTestId('gallery-tile').filter({ hasText: 'Reading…' })).toHaveCount(0);
    const progress = (await page.getByTestId('evidence-progress').textContent()) ?? '';
    const done = Number(/^(\d+) of/.exec(progress)?.[1]);
    expect(done).toBeGreaterThan(0);
    expect(new Set(reads.map((r) => r.postData())).size).toBe(reads.length);
    expect(reads.length).toBeGreaterThanOrEqual(done);
    expect(reads.length).toBeLessThan(100);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`no axe violations at 900 px wide (${scheme})`, async ({ page }) => {
      await page.setViewportSize({ width: 900, height: 800 });
      await page.emulateMedia({ colorScheme: scheme });
      await openGallery(page, BRAND);
      await expect(page.getByTestId('gallery-tile').first().locator('img')).toBeVisible();
      const overflow = await page.evaluate<number>(
        'document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth',
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoViolations(page, `evidence gallery ${scheme}`);
      if (scheme === 'dark') await page.screenshot({ path: 'docs/screenshots/evidence-gallery-900-dark.png' });
    });
  }
});
