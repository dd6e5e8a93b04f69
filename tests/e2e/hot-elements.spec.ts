import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe-support.js';
import { api, openBoard, projectIdByName, signInOnce } from './support.js';

/**
 * A designer asks which parts of a page people complain about: the page's threads grouped by
 * the element they are pinned to (stamp key on a stamped site), busiest element first, with
 * its latest screenshot, its counts by status and type, and its threads to open. Read-only
 * over the demo data.
 */

const TOKEN = 'demo-owner';
const CHECKOUT = 'Checkout app';
const PAGE = '/checkout/payment';

interface Row {
  id: string;
  status: string;
  type: string | null;
}
interface Detail {
  anchor: { stampKey?: string | null; selector?: string | null } | null;
  evidence: { screenshotUrl: string | null; expired: boolean } | null;
}

/** The element that gathers most threads on the page, as the service's own answers tell. */
async function busiestElement(
  projectId: string,
): Promise<{ key: string; ids: string[]; statuses: Record<string, number>; onPage: number }> {
  const { items } = await api<{ items: Row[] }>(
    TOKEN,
    `/items?projectId=${projectId}&page=${encodeURIComponent(PAGE)}&limit=200`,
  );
  const groups = new Map<string, Row[]>();
  for (const row of items) {
    const d = await api<Detail>(TOKEN, `/items/${row.id}`);
    const key = d.anchor?.stampKey ?? d.anchor?.selector ?? '';
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const [key, rows] = [...groups].sort((a, b) => b[1].length - a[1].length)[0]!;
  const statuses: Record<string, number> = {};
  for (const r of rows) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  return { key, ids: rows.map((r) => r.id), statuses, onPage: items.length };
}

const signInOrReopen = signInOnce(TOKEN, 'Acme (hot elements e2e)');
async function openHotElements(page: Page): Promise<void> {
  await signInOrReopen(page);
  await openBoard(page, CHECKOUT);
  await expect(page.getByText(/^Updated /)).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('h');
  await expect(page.getByTestId('hot-elements-view')).toBeVisible();
}

test.describe.serial('hot elements of a page', () => {
  test('the busiest element of the page comes first with its screenshot and counts, and opens its thread', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const projectId = await projectIdByName(TOKEN, CHECKOUT);
    const truth = await busiestElement(projectId);
    await openHotElements(page);

    // No page chosen yet: the pages, busiest first; choosing one sets the workspace's page filter.
    const pages = page.getByTestId('hot-pages');
    await expect(pages.getByRole('button').first()).toContainText(PAGE);
    await pages.getByRole('button', { name: new RegExp(`^${PAGE}\\b`) }).click();
    await expect(page).toHaveURL(/\/elements\?page=%2Fcheckout%2Fpayment/);
    // As many as the page has now: other journeys of the same run may have merged some. The
    // reads share the token's rate limit with the journeys before this one (the evidence
    // gallery's among them), so they may wait for it: how fast a page fills is the bench's figure.
    await expect(page.getByTestId('evidence-progress')).toHaveText(`${truth.onPage} of ${truth.onPage} threads read`, {
      timeout: 120_000,
    });

    const top = page.getByTestId('hot-element').first();
    await expect(top.locator('code')).toHaveText(truth.key);
    await expect(top.getByTestId('hot-element-total')).toHaveText(`${truth.ids.length} threads`);
    for (const [status, n] of Object.entries(truth.statuses))
      await expect(top.getByTestId('hot-element-status')).toContainText(`${n} ${status}`);
    await expect(top.getByTestId('hot-element-types')).not.toBeEmpty();
    // The latest screenshot that shows it, with the click ring.
    await expect(top.locator('img')).toBeVisible();
    await expect(top.getByTestId('click-marker')).toHaveCount(1);
    await expect(top.locator('figcaption')).toContainText('Latest screenshot');
    await page.screenshot({ path: 'docs/screenshots/hot-elements.png' });

    // Keyboard only: Tab to the element's first thread and open it beside.
    const first = top.getByRole('list').getByRole('button').first();
    await first.focus();
    await page.keyboard.press('Enter');
    const opened = await first.getAttribute('data-item-id');
    expect(truth.ids).toContain(opened);
    await expect(page).toHaveURL(new RegExp(`thread=${opened}`));
    await expect(page.getByTestId('thread-view')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('thread-view')).toHaveCount(0);
    await expect(first).toBeFocused();

    // Reload keeps the view and the page.
    await page.reload();
    // Reading again after a reload shares the token's rate limit with this test's own reads: the
    // view and its page are what a reload must keep.
    await expect(page.getByRole('heading', { name: `Hot elements of ${PAGE}` })).toBeVisible();
    await expect(page.getByTestId('evidence-progress')).toHaveText(new RegExp(` of ${truth.onPage} threads read`));
  });

  test('the workspace filters apply: resolved only counts only resolved threads', async ({ page }) => {
    await openHotElements(page);
    await page
      .getByTestId('hot-pages')
      .getByRole('button', { name: new RegExp(`^${PAGE}\\b`) })
      .click();
    await page.getByLabel('Status', { exact: true }).selectOption('resolved');
    const top = page.getByTestId('hot-element').first();
    await expect(top.getByTestId('hot-element-status')).toHaveText(/^\d+ resolved$/);
    await page.getByRole('button', { name: 'All pages' }).click();
    await expect(page.getByTestId('hot-pages')).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`no axe violations at 900 px wide (${scheme})`, async ({ page }) => {
      await page.setViewportSize({ width: 900, height: 800 });
      await page.emulateMedia({ colorScheme: scheme });
      await openHotElements(page);
      await expectNoViolations(page, `hot elements pages ${scheme}`);
      await page
        .getByTestId('hot-pages')
        .getByRole('button', { name: new RegExp(`^${PAGE}\\b`) })
        .click();
      await expect(page.getByTestId('hot-element').first().locator('img')).toBeVisible();
      const overflow = await page.evaluate<number>(
        'document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth',
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoViolations(page, `hot elements ${scheme}`);
      if (scheme === 'dark') await page.screenshot({ path: 'docs/screenshots/hot-elements-900-dark.png' });
    });
  }
});
