import { expect, test, type Page } from '@playwright/test';
import { reports, reportsTabOf, type ReportTab } from './reports-support.js';
import { api, forgetConnectionsAfterAll, projectIdByName, signInOnce } from './support.js';

/**
 * Report charts lead to the threads behind them: a bar, or a number in the chart's table
 * (the keyboard's way), opens the project's table with the matching filters, counted as the
 * service counts them; Back returns to the report. Source hotspots list the file's threads of
 * the bar's status (the workspace has no source-file filter).
 */
const TOKEN = 'demo-owner';
const LABEL = 'Owner (drill-down e2e)';
const PROJECT = 'Checkout app';

interface Listing {
  matched: number;
}
interface Hotspots {
  files: Array<{ file: string; open: number; deferred: number; resolved: number }>;
}

const open = signInOnce(TOKEN, LABEL);
async function openReports(page: Page, tab: ReportTab): Promise<void> {
  await open(page);
  await reportsTabOf(page, PROJECT, tab);
}

/** The table's own count, "12 of 300 threads", as a number shown. */
async function shownCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('shown-count').textContent()) ?? '';
  return Number(text.split(' of ')[0]!.replace(/[^0-9]/g, ''));
}

test.describe.serial('report charts drill down to the workspace', () => {
  let projectId = '';
  test.beforeAll(async () => {
    projectId = await projectIdByName(TOKEN, PROJECT);
  });
  forgetConnectionsAfterAll([LABEL]);

  test('a count in the review’s “Threads by type” table is a link the keyboard follows to the filtered table', async ({
    page,
  }) => {
    await openReports(page, 'Review');
    const chart = page.getByTestId('chart-by-type');
    const link = chart.getByRole('table').getByRole('link').first();
    const href = (await link.getAttribute('href'))!;
    const params = new URLSearchParams(href.split('?')[1]);
    expect(href.startsWith(`#/p/${projectId}/table?`)).toBe(true);
    expect(params.get('status')).toBe('open');
    const type = params.get('type')!;
    // Hidden until asked for, the table shows once the keyboard reaches its link.
    await link.focus();
    await expect(link).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('items-table')).toBeVisible();
    const truth = await api<Listing>(
      TOKEN,
      `/items?projectId=${projectId}&status=open&type=${encodeURIComponent(type)}&limit=1`,
    );
    await expect.poll(() => shownCount(page)).toBe(truth.matched);
    await page.goBack();
    await expect(page.getByTestId('chart-by-type')).toBeVisible();
  });

  test('a bar of “Threads by status” and of “Busiest pages” opens the table with that status and page', async ({
    page,
  }) => {
    await openReports(page, 'Review');
    await page.locator('[data-testid="status-bar"][data-series="deferred"][data-category="Deferred"]').click();
    await expect(page).toHaveURL(new RegExp(`#/p/${projectId}/table\\?status=deferred$`));
    const deferred = await api<Listing>(TOKEN, `/items?projectId=${projectId}&status=deferred&limit=1`);
    await expect.poll(() => shownCount(page)).toBe(deferred.matched);

    await page.goBack();
    const bar = page
      .locator('[data-testid="page-bar"][data-series="open"]:not([data-value=""]):not([data-value="0"])')
      .first();
    const pagePath = (await bar.getAttribute('data-category'))!;
    await bar.click();
    await expect(page).toHaveURL(
      new RegExp(`/table\\?status=open&page=${encodeURIComponent(pagePath).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
    const onPage = await api<Listing>(
      TOKEN,
      `/items?projectId=${projectId}&status=open&page=${encodeURIComponent(pagePath)}&limit=1`,
    );
    await expect.poll(() => shownCount(page)).toBe(onPage.matched);
  });

  test('a hotspot bar lists the file’s threads of the bar’s status, and the chosen file’s row stays in view', async ({
    page,
  }) => {
    const hot = await api<Hotspots>(TOKEN, `/source?projectId=${projectId}&limit=200`);
    const file = hot.files.find((f) => f.resolved > 0)!;
    await openReports(page, 'Source hotspots');
    await page.locator(`[data-testid="hotspot-bar"][data-category="${file.file}"][data-series="resolved"]`).click();
    const panel = page.getByTestId('file-threads');
    await expect(panel.getByLabel('Status')).toHaveValue('resolved');
    await expect(page.getByTestId('file-thread')).toHaveCount(file.resolved);
    await expect(page.getByTestId('hotspot-file').and(page.locator(`[data-file="${file.file}"]`))).toBeInViewport();
    await expect(reports(page).getByRole('heading', { name: `Threads of ${file.file}` })).toBeInViewport();
  });
});
