import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe-support.js';
import { reports, reportsTabOf } from './reports-support.js';
import { api, control, forgetConnections, openApp, projectIdByName, signIn } from './support.js';

/**
 * The Trends report: twelve weeks of created, resolved and waiting threads by type, and the
 * median time to resolve, checked against the reference service read directly; every number
 * of a chart's table opens the matching threads in the workspace; the screen passes axe in
 * both appearances at 900 px; and it reads a live-like (lean) service without complaint.
 */
const TOKEN = 'demo-owner';
const LABEL = 'Owner (trends e2e)';
const LEAN_LABEL = 'Lean (trends e2e)';
const PROJECT = 'Checkout app';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface ItemsPage {
  truncated: boolean;
  items: Array<{ id: string; type: string | null; status: string; createdAt: number }>;
}

/** Local midnight of the Monday of the week holding `ms` (the person's weeks). */
function monday(ms: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7)).getTime();
}
const weekTitle = (ms: number) => {
  const d = new Date(ms);
  return `Week of ${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
};

/** The twelve Mondays, oldest first, and how many threads the service lists as created in each. */
async function createdPerWeek(projectId: string, service?: string): Promise<Array<{ title: string; created: number }>> {
  const rows: ItemsPage['items'] = [];
  for (const status of ['open', 'deferred', 'resolved']) {
    const page = await api<ItemsPage>(TOKEN, `/items?projectId=${projectId}&status=${status}&limit=200`, { service });
    expect(page.truncated, `${status} threads fit one listing`).toBe(false);
    rows.push(...page.items);
  }
  const last = monday(Date.now());
  const starts = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(last);
    return new Date(d.getFullYear(), d.getMonth(), d.getDate() - 7 * (11 - i)).getTime();
  });
  return starts.map((start) => ({
    title: weekTitle(start),
    created: rows.filter((r) => monday(r.createdAt) === start).length,
  }));
}

/** The created chart's table, week by week: its title and total. */
async function shownCreated(page: Page): Promise<Array<{ title: string; created: number }>> {
  const table = page.getByTestId('trends-created').getByRole('table');
  return table.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = [...tr.children].map((c) => c.textContent ?? '');
      return { title: cells[0] ?? '', created: Number((cells.at(-1) ?? '').replace(/[^0-9]/g, '')) };
    }),
  );
}

/** Signs in once per connection (the gateway keeps it active); later tests open the app on it. */
let signedInAs: string | null = null;
async function openTrends(page: Page, label: string, service?: string): Promise<void> {
  if (signedInAs !== label) await signIn(page, TOKEN, label, service);
  else await openApp(page);
  signedInAs = label;
  await reportsTabOf(page, PROJECT, 'Trends');
  // The first read lists every thread and the resolved pages: wait for it to finish, not for a fixed time.
  await expect(page.getByTestId('trends-loading')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('trends-created')).toBeVisible();
}

test.describe.serial('the Trends report', () => {
  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await forgetConnections(page, [LABEL, LEAN_LABEL]);
    await page.close();
  });

  test('counts threads created per local week as the service lists them, twelve weeks, empty ones 0', async ({
    page,
  }) => {
    const projectId = await projectIdByName(TOKEN, PROJECT);
    await openTrends(page, LABEL);
    const truth = await createdPerWeek(projectId);
    await expect.poll(() => shownCreated(page)).toEqual(truth);
    // Every week has its row and absolute dates; the same weeks in the resolved and backlog charts.
    await expect(page.getByTestId('trends-resolved').locator('tbody tr')).toHaveCount(12);
    await expect(page.getByTestId('trends-backlog').locator('tbody tr')).toHaveCount(12);
    await expect(page.getByTestId('trends-window')).toContainText(
      `The 12 weeks from ${truth[0]!.title.replace('Week of ', '')}`,
    );
    await expect(page.getByTestId('trends-median-all')).toHaveText(/^(\d[\d.,]* days?|—)$/);
  });

  test('exports as Markdown: each chart’s weeks and the service’s weekly counts, and the medians', async ({ page }) => {
    const projectId = await projectIdByName(TOKEN, PROJECT);
    await openTrends(page, LABEL);
    const truth = await createdPerWeek(projectId);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-trends-markdown').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^checkout-app-trends-\d{4}-\d{2}-\d{2}\.md$/);
    const markdown = await readFile((await download.path())!, 'utf8');
    expect(markdown).toContain(`# Trends: ${PROJECT}`);
    const created = markdown.slice(markdown.indexOf('## Threads created per week')).split('\n## ')[0]!;
    const rows = created.split('\n').filter((l) => /^\| \d/.test(l));
    expect(
      rows.map((r) => ({
        title: `Week of ${r.split(' | ')[0]!.slice(2)}`,
        created: Number(
          r
            .split(' | ')
            .at(-1)!
            .replace(/[^0-9]/g, ''),
        ),
      })),
    ).toEqual(truth);
    for (const heading of [
      '## Threads resolved per week',
      '## Open backlog at each week’s end',
      '## Median days from created to resolved',
    ])
      expect(markdown).toContain(heading);
    await expect(page.getByText('The Markdown file was handed to your browser’s downloads.')).toBeVisible();
  });

  test('a number in a chart’s table is a link: the keyboard reaches it and it opens the workspace filtered to it', async ({
    page,
  }) => {
    await openTrends(page, LABEL);
    const projectId = await projectIdByName(TOKEN, PROJECT);
    const resolvedTable = page.getByTestId('trends-resolved').getByRole('table');
    const link = resolvedTable.getByTestId('drill-link').first();
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(
      new RegExp(`^#/p/${projectId}/table\\?(type=[^&]+&status=resolved|status=resolved&type=[^&]+)$`),
    );
    // Hidden until asked for, the table shows once focus reaches one of its links.
    await link.focus();
    await expect(link).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`#/p/${projectId}/table\\?`));
    await expect(page.getByTestId('items-table')).toBeVisible();
    const type = new URLSearchParams(href.split('?')[1]).get('type')!;
    const truth = await api<ItemsPage>(
      TOKEN,
      `/items?projectId=${projectId}&status=resolved&type=${encodeURIComponent(type)}&limit=200`,
    );
    await expect
      .poll(() =>
        page
          .getByTestId('items-table')
          .locator('[data-item-id]')
          .evaluateAll((els) => new Set(els.map((e) => e.getAttribute('data-item-id'))).size),
      )
      .toBe(Math.min(truth.items.length, 29));
    // Back returns to the report.
    await page.goBack();
    await expect(page.getByTestId('trends-resolved')).toBeVisible();
  });

  test('a chart bar opens the workspace filtered to its type', async ({ page }) => {
    await openTrends(page, LABEL);
    const bar = page.getByTestId('trends-backlog-bar').first();
    const series = (await bar.getAttribute('data-series'))!.slice(2);
    await bar.click();
    await expect(page).toHaveURL(
      new RegExp(
        `/table\\?type=${encodeURIComponent(series)}&status=open$|/table\\?status=open&type=${encodeURIComponent(series)}$`,
      ),
    );
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds nothing at 900 px, ${scheme} appearance`, async ({ page }) => {
      await page.setViewportSize({ width: 900, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await openTrends(page, LABEL);
      // Run in the page, written as text: the e2e specs compile without the DOM's types.
      const sideways = await page.evaluate<boolean>(
        'document.scrollingElement.scrollWidth > document.scrollingElement.clientWidth + 1',
      );
      expect(sideways, 'no sideways scrolling at 900 px').toBe(false);
      await expectNoViolations(page, `trends (${scheme})`);
      // With the tables shown too.
      const show = reports(page).getByRole('button', { name: 'Show as a table' });
      while ((await show.count()) > 0) await show.first().click();
      await expectNoViolations(page, `trends tables (${scheme})`);
    });
  }

  test('screenshot of the Trends report', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await openTrends(page, LABEL);
    await expect(page.getByTestId('trends-median')).toBeVisible();
    await page.screenshot({ path: 'docs/screenshots/trends.png' });
  });

  test('reads a live-like (lean) service: the same weekly counts, nothing unreadable', async ({ page }) => {
    const lean = (await control<{ baseUrl: string }>('/lean/start')).baseUrl;
    const { projects } = await api<{ projects: Array<{ id: string; name: string }> }>(TOKEN, '/projects', {
      service: lean,
    });
    const projectId = projects.find((p) => p.name === PROJECT)!.id;
    await openTrends(page, LEAN_LABEL, lean);
    await expect.poll(() => shownCreated(page)).toEqual(await createdPerWeek(projectId, lean));
    await expect(page.getByTestId('trends-median-all')).toHaveText(/^(\d[\d.,]* days?|—)$/);
    await expect(page.getByText(/can.t read/i)).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
