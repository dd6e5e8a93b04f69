import { expect, test } from '@playwright/test';
import { expectNoViolations } from './axe-support.js';
import { reports, reportsTabOf } from './reports-support.js';
import { api, forgetConnections, openApp, projectIdByName, signIn } from './support.js';

/**
 * Reports read once and are kept while the person moves between tabs: coming back shows what
 * was read and where the person was, without reading again; Refresh reads again. Read-only
 * against the demo data.
 */
const PROJECT = 'Checkout app';
const LABEL = 'Owner (reports reopen e2e)';

test.describe.serial('reports kept for a quick return', () => {
  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await forgetConnections(page, [LABEL]);
    await page.close();
  });

  test('the review keeps its rows and the rows shown across tabs, asking nothing; Refresh reads again from one step', async ({
    page,
  }) => {
    const projectId = await projectIdByName('demo-owner', PROJECT);
    const overview = await api<{ pages: { resolved: { total: number } } }>(
      'demo-owner',
      `/review?projectId=${projectId}`,
    );
    const total = overview.pages.resolved.total;
    expect(total).toBeGreaterThan(50);
    await signIn(page, 'demo-owner', LABEL);
    await reportsTabOf(page, PROJECT, 'Review');
    const showing = page.getByTestId('review-showing-resolved');
    await expect(showing).toHaveText(`Showing 25 of ${total}`);
    await page.getByTestId('review-more-resolved').click();
    await expect(showing).toHaveText(`Showing 50 of ${total}`);

    const reads: string[] = [];
    page.on('request', (r) => {
      if (/\/bridge\/api%3Areview$/.test(r.url())) reads.push(r.url());
    });
    await reports(page).getByRole('tab', { name: 'Decisions' }).click();
    await expect(page.getByTestId('decisions-range')).toBeVisible();
    await reports(page).getByRole('tab', { name: 'Review' }).click();
    await expect(showing).toHaveText(`Showing 50 of ${total}`);
    await expect(page.getByTestId('review-loading')).toHaveCount(0);
    expect(reads).toEqual([]);

    await reports(page).getByRole('button', { name: 'Refresh the project review' }).click();
    await expect(showing).toHaveText(`Showing 25 of ${total}`);
    await expect(page.getByTestId('review-loading')).toHaveCount(0);
    expect(reads.length).toBeGreaterThan(0);
  });

  test('the decision log keeps the page the person went to across tabs, at 900 px in the dark, axe finds nothing', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 900, height: 900 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await openApp(page);
    await reportsTabOf(page, PROJECT, 'Decisions');
    const range = page.getByTestId('decisions-range');
    await expect(range).toContainText('Decisions 1–15 of');
    await page.getByTestId('decisions-next').click();
    await expect(range).toContainText('Decisions 16–30 of');
    await reports(page).getByRole('tab', { name: 'Review' }).click();
    await expect(page.getByTestId('review-showing-resolved')).toBeVisible();
    await reports(page).getByRole('tab', { name: 'Decisions' }).click();
    await expect(range).toContainText('Decisions 16–30 of');
    await expect(page.getByTestId('decisions-loading')).toHaveCount(0);
    await expect(reports(page).locator('[aria-busy="true"]')).toHaveCount(0);
    await page.screenshot({ path: 'docs/screenshots/decisions-900-dark.png' });
    await expectNoViolations(page, 'decision log page two (dark)');
  });
});
