import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import type { ItemRow as ThreadRow, ItemsResponse } from '#shared/api/index.js';
import { api, openBoard, projectIdByName, signInOnce } from './support.js';

/**
 * The table's header area at 1400×900 (how many rows the list
 * keeps), filter menus that count under the other filters, a filter bar that keeps its
 * place, and a text search that says while it is still searching the replies.
 */

const TOKEN = 'demo-owner';
const BIG = 'Marketing site';
const CHECKOUT = 'Checkout app';

const signInOrReopen = signInOnce(TOKEN, 'Acme (table header e2e)');
async function openTable(page: Page, name: string): Promise<void> {
  await signInOrReopen(page);
  await openBoard(page, name);
  await page.getByTestId('view-table').click();
  await expect(page.getByTestId('table-row').first()).toBeVisible();
  // Every slice is in once the toolbar says when the list was updated.
  await expect(page.getByText(/^Updated /)).toBeVisible();
}

/* Code run in the page, written as text: the e2e specs compile without the DOM's types. */
function inPage<R>(body: string): (el: unknown) => R {
  return new Function('el', body) as (el: unknown) => R;
}

/** Rows drawn wholly inside the grid's viewport, below its sticky header. */
const ROWS_INSIDE = inPage<number>(`
  const top = el.querySelector('.items-table__head').getBoundingClientRect().bottom;
  const bottom = el.getBoundingClientRect().top + el.clientTop + el.clientHeight;
  return [...el.querySelectorAll('[data-testid="table-row"]')].filter((r) => {
    const b = r.getBoundingClientRect();
    return b.top >= top - 0.5 && b.bottom <= bottom + 0.5;
  }).length;
`);

const NO_SIDEWAYS_SCROLL = inPage<boolean>(
  `return document.scrollingElement.scrollWidth <= document.scrollingElement.clientWidth;`,
);

/** Summary controls drawn over the Columns button or outside the table's own width. */
const SUMMARY_OVERLAPS = inPage<string[]>(`
  const bar = el.closest('.items-table').getBoundingClientRect();
  const columns = el.closest('.items-table').querySelector('.items-table__columns').getBoundingClientRect();
  const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  return [...document.querySelectorAll('[data-testid="summary"] button')].filter((b) => {
    const r = b.getBoundingClientRect();
    return hit(r, columns) || r.right > bar.right + 0.5;
  }).map((b) => b.textContent);
`);

/** Where each control of the filter bar sits, and the bar's own height. */
const BAR_LAYOUT = inPage<string[]>(`
  const box = (e) => { const r = e.getBoundingClientRect(); return Math.round(r.left) + ',' + Math.round(r.top) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height); };
  return ['bar ' + box(el), ...[...el.querySelectorAll('input, select, button')].map((c) => (c.id || c.textContent.trim()) + ' ' + box(c))];
`);

const optionText = (page: Page, menu: string, value: string) =>
  page.locator(`#filter-${menu} option[value="${value}"]`).textContent();

async function matched(projectId: string, query: Record<string, string>): Promise<number> {
  const params = new URLSearchParams({ projectId, limit: '1', ...query });
  return (await api<{ matched: number }>(TOKEN, `/items?${params.toString()}`)).matched;
}

async function rowsVisible(page: Page): Promise<number> {
  return page.getByTestId('items-table').evaluate(ROWS_INSIDE);
}

test.describe.serial('table header: rows kept, filter counts, filter bar and search progress', () => {
  test('at 1400×900 the 2,000-thread table shows at least 24 whole rows, with every count still one press away', async ({
    page,
  }) => {
    await openTable(page, BIG);
    // Before: 15 whole rows (summary chips on three lines, filter bar, capped banner, key hints line).
    expect(await rowsVisible(page)).toBeGreaterThanOrEqual(24);

    // Nothing was lost: the total says "at least" and why; status counts stay on the line; types and pages open from it.
    const summary = page.getByTestId('summary');
    await expect(summary.getByTestId('summary-open')).toBeVisible();
    await expect(summary.getByRole('button', { name: /^Unassigned/ })).toBeVisible();
    const capped = page.getByTestId('banner-capped');
    await expect(capped).toContainText(/at least 2,000 threads/);
    await capped.click();
    await expect(
      page.getByText(
        /The service reads only the most recent 2,000, so only those are shown and the counts are minimums/,
      ),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(capped).toBeFocused();
    await page.getByTestId('summary-more').click();
    const byType = page.getByRole('group', { name: 'By type' });
    await expect(byType.getByRole('button', { name: /^Bug \d/ })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Busiest pages' }).getByRole('button').first()).toBeVisible();
    await byType.getByRole('button', { name: /^Bug \d/ }).click();
    await expect(page.getByLabel('Type', { exact: true })).toHaveValue('bug');
    await page.keyboard.press('Escape');

    // The header area as docs/screenshots/table-header.png shows it (light appearance, a filter on, no focus ring).
    await page.locator('body').evaluate(inPage<void>('document.activeElement?.blur()'));
    await page.mouse.move(0, 0);
    await page.screenshot({ path: '.reports/table-header.png', clip: { x: 0, y: 0, width: 1400, height: 300 } });

    // At the window's minimum width the list still keeps most of the height, and nothing scrolls
    // sideways. (The toolbar takes a second line there: four views, saved views and the view menu.)
    await page.setViewportSize({ width: 900, height: 900 });
    await expect.poll(() => rowsVisible(page)).toBeGreaterThanOrEqual(21);
    expect(await page.locator('body').evaluate(NO_SIDEWAYS_SCROLL)).toBe(true);
    await expect(summary.getByTestId('summary-open')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Columns' })).toBeVisible();

    // With the thread panel beside the list, the summary line wraps rather than running under Columns or the panel.
    await page.getByTestId('table-row').first().dblclick();
    await expect(page.getByTestId('thread-view')).toBeVisible();
    expect(await page.getByTestId('items-table').evaluate(SUMMARY_OVERLAPS)).toEqual([]);
    expect(await page.locator('body').evaluate(NO_SIDEWAYS_SCROLL)).toBe(true);
  });

  test('each filter menu counts what picking an option would show under the other filters', async ({ page }) => {
    const projectId = await projectIdByName(TOKEN, CHECKOUT);
    await openTable(page, CHECKOUT);
    const typeMenu = page.getByLabel('Type', { exact: true });
    const type = await typeMenu.locator('option').nth(1).getAttribute('value');
    expect(type).toBeTruthy();
    await typeMenu.selectOption(type!);
    const typeTruth = await matched(projectId, { type: type! });

    // A menu counts while someone is at it (focus or pointer); a closed one shows only its pick's count.
    await page.locator('#workspace-search').focus();
    await page.mouse.move(0, 0);
    await expect(page.locator(`#filter-type option[value="${type}"]`)).toHaveText(new RegExp(` \\(${typeTruth}\\)$`));
    await expect(page.locator('.filter-bar select option').filter({ hasText: / \(\d[\d,]*\)$/ })).toHaveCount(1);

    // Pages: counted under the type, as the service matches them.
    await page.locator('#filter-page').focus();
    const pages = await page
      .locator('#filter-page option')
      .evaluateAll((os) => os.map((o) => (o as unknown as { value: string }).value).filter(Boolean));
    for (const p of pages.slice(0, 2)) {
      const truth = await matched(projectId, { type: type!, page: p });
      await expect(page.locator(`#filter-page option[value="${p}"]`)).toHaveText(`${p} (${truth})`);
    }
    // Statuses likewise, under the pointer too; the type menu itself still counts each type under no other filter.
    await page.locator('#filter-status').hover();
    for (const status of ['open', 'resolved']) {
      const truth = await matched(projectId, { type: type!, status });
      await expect(page.locator(`#filter-status option[value="${status}"]`)).toHaveText(new RegExp(` \\(${truth}\\)$`));
    }
    await page.locator('#filter-type').focus();
    const other = await typeMenu.locator('option').nth(2).getAttribute('value');
    await expect(page.locator(`#filter-type option[value="${other}"]`)).toHaveText(
      new RegExp(` \\(${await matched(projectId, { type: other! })}\\)$`),
    );
    expect(await optionText(page, 'type', type!)).toMatch(new RegExp(` \\(${typeTruth}\\)$`));

    // An option nothing would match under the other filters says 0, and can still be picked.
    await page.getByLabel('Status', { exact: true }).selectOption('deferred');
    let zeroMenu: string | null = null;
    for (const menu of ['type', 'page', 'assignee', 'task']) {
      await page.locator(`#filter-${menu}`).focus();
      await expect(page.locator(`#filter-${menu} option`).nth(1)).toHaveText(/ \(\d[\d,]*\)$/);
      if (
        (await page
          .locator(`#filter-${menu} option`)
          .filter({ hasText: / \(0\)$/ })
          .count()) > 0
      ) {
        zeroMenu = menu;
        break;
      }
    }
    expect(zeroMenu, 'some menu offers an option that would show nothing').not.toBeNull();
    const zero = page
      .locator(`#filter-${zeroMenu} option`)
      .filter({ hasText: / \(0\)$/ })
      .first();
    await expect(zero).toBeEnabled();
    await page.locator(`#filter-${zeroMenu}`).selectOption((await zero.getAttribute('value'))!);
    await expect(page.getByTestId('empty-result')).toBeVisible();
  });

  for (const width of [1400, 900]) {
    test(`at ${width} px the filter bar keeps its place when "Clear filters" appears`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openTable(page, CHECKOUT);
      const bar = page.getByRole('group', { name: 'Filters' });
      const clear = page.getByRole('button', { name: 'Clear filters' });
      await expect(clear).toBeHidden();
      const before = await bar.evaluate(BAR_LAYOUT);
      await page.getByLabel('Status', { exact: true }).selectOption('deferred');
      await expect(clear).toBeVisible();
      await expect(page.getByTestId('shown-count')).toHaveText(/^\d+ of \d+ threads$/);
      expect(await bar.evaluate(BAR_LAYOUT)).toEqual(before);
      if (width === 1400) await expectOneLine(bar);
      await clear.click();
      await expect(clear).toBeHidden();
      expect(await bar.evaluate(BAR_LAYOUT)).toEqual(before);
    });
  }

  test('a text search says it is still searching the replies, then gives the final count', async ({ page }) => {
    const projectId = await projectIdByName(TOKEN, CHECKOUT);
    const q = 'VoiceOver';
    const truth = await matched(projectId, { q });
    expect(truth).toBeGreaterThan(0);
    await openTable(page, CHECKOUT);

    // Hold the service's answer to the search (it goes through untouched once released).
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    await page.route(/\/bridge\/api(%3A|:)listItems$/, async (route: Route) => {
      if ((route.request().postData() ?? '').includes(`"q":"${q}"`)) await released;
      await route.continue();
    });

    // A polite live region (role status) that is there before anything is said in it.
    const progress = page.getByTestId('search-progress');
    await expect(progress).toHaveAttribute('role', 'status');
    const layout = await page.getByRole('group', { name: 'Filters' }).evaluate(BAR_LAYOUT);
    const search = page.getByRole('searchbox', { name: 'Search threads and replies' });
    await search.fill(q);
    await search.press('Enter');
    await expect(progress).toHaveText('Searching replies…');
    await expect(progress).toBeVisible();
    release();
    // Done: the final count, visibly on the count's line and said in the live region.
    await expect(progress).toHaveText(`Replies searched: ${truth} ${truth === 1 ? 'thread' : 'threads'}`);
    await expect(progress).toBeVisible();
    await expect(page.getByTestId('shown-count')).toHaveText(new RegExp(`^${truth} of \\d+ threads$`));
    // Neither the waiting nor the answer moved the filter bar.
    expect(await page.getByRole('group', { name: 'Filters' }).evaluate(BAR_LAYOUT)).toEqual(layout);
    await page.unroute(/\/bridge\/api(%3A|:)listItems$/);
  });

  test('each cell keeps its text on one line inside its row and column, long text ending in an ellipsis', async ({
    page,
  }) => {
    await openTable(page, BIG);
    const problems = await page.getByTestId('items-table').evaluate(CELL_PROBLEMS);
    expect(problems).toEqual([]);
    // Some excerpt is wider than its column, and is cut inside the cell rather than spilling over.
    const cut = await page
      .getByTestId('items-table')
      .evaluate(
        inPage<number>(
          `return [...el.querySelectorAll('[data-testid="table-row"] .items-table__cell--excerpt')].filter((c) => c.scrollWidth > c.clientWidth).length;`,
        ),
      );
    expect(cut).toBeGreaterThan(0);
  });

  for (const project of [BIG, CHECKOUT]) {
    test(`${project}: a cell clips only text that may not fit its column, every other cell holds its text whole`, async ({
      page,
    }) => {
      // text-fit.ts decides by measuring the text with a canvas and its own copy of the cells'
      // fonts and tag widths: the page's layout is the judge here, over each filter's rows.
      let cutBesideExcerpt = 0;
      let whole = 0;
      await openTable(page, project);
      const grid = page.getByTestId('items-table');
      const status = page.getByLabel('Status', { exact: true });
      const type = page.getByLabel('Type', { exact: true });
      const types = (
        await type.locator('option').evaluateAll(inPage<string[]>('return el.map((o) => o.value);'))
      ).slice(1, 5);
      const steps = [
        () => Promise.resolve(),
        () => status.selectOption('deferred'),
        () => status.selectOption('resolved'),
        () => status.selectOption(''),
        ...types.map((t) => () => type.selectOption(t)),
      ];
      for (const step of steps) {
        await step();
        const seen = await grid.evaluate(CLIPPING);
        expect(seen.problems).toEqual([]);
        cutBesideExcerpt += seen.cutBesideExcerpt;
        whole += seen.whole;
      }
      await type.selectOption('');
      // Long names and types did need their clip, and most cells went without one.
      expect(cutBesideExcerpt).toBeGreaterThan(0);
      expect(whole).toBeGreaterThan(1000);
    });
  }

  test('a page too long for its column is cut with an ellipsis, the whole of it in the tooltip', async ({ page }) => {
    const projectId = await projectIdByName(TOKEN, 'Brand refresh');
    const path = `/press/${'very-long-section-name/'.repeat(5)}kit`;
    const text = `Table e2e: the press kit link under the long path is broken (${Date.now()})`;
    await api(TOKEN, '/items/create', {
      method: 'POST',
      body: { projectId, url: `https://brand.acme.example${path}`, body: text },
    });
    await openTable(page, 'Brand refresh');
    await page.getByRole('searchbox').fill(text);
    await page.getByRole('searchbox').press('Enter');
    const cell = page.getByTestId('table-row').locator('.items-table__cell--page');
    await expect(cell).toHaveCount(1);
    await expect(cell).toHaveText(path);
    await expect(cell).toHaveAttribute('title', path);
    await expect(cell).toHaveAttribute('data-clip', '');
    const look = await cell.evaluate(
      inPage<{ overflow: string; ellipsis: string; cut: boolean }>(`
      const style = getComputedStyle(el);
      return { overflow: style.overflowX, ellipsis: style.textOverflow, cut: el.scrollWidth > el.clientWidth };
    `),
    );
    expect(look).toEqual({ overflow: 'clip', ellipsis: 'ellipsis', cut: true });
    await page.getByRole('searchbox').fill('');
    await page.getByRole('searchbox').press('Enter');
  });

  test('a sorted table stays sorted under each filter, and shows just the filtered rows', async ({ page }) => {
    await openTable(page, BIG);
    const grid = page.getByTestId('items-table');
    await grid.getByRole('columnheader', { name: 'Replies' }).getByRole('button').click();
    await expect(grid.getByRole('columnheader', { name: /Replies/ })).toHaveAttribute('aria-sort', 'ascending');
    const type = page.getByLabel('Type', { exact: true });
    const picked = await type.locator('option').nth(2).getAttribute('value');
    for (const value of [picked ?? '', '']) {
      await type.selectOption(value);
      const replies = await grid.locator('[data-testid="table-row"] .items-table__cell--replies').allTextContents();
      const numbers = replies.map(Number);
      expect(numbers.length).toBeGreaterThan(10);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      if (value) {
        // Every row shown is of the picked type, and as many as the count says are there to scroll to.
        const types = await grid.locator('[data-testid="table-row"] .items-table__cell--type').allTextContents();
        expect(new Set(types).size).toBe(1);
        expect(await grid.getAttribute('aria-rowcount')).toBe(String((await shownTotal(page)) + 1));
      }
    }
    // Back to the default order for the tests after this one.
    await grid.getByRole('columnheader', { name: 'Replies' }).getByRole('button').click();
    await grid.getByRole('columnheader', { name: 'Replies' }).getByRole('button').click();
  });

  test('the select-all box follows the filters, and picks the rows shown now', async ({ page }) => {
    await openTable(page, BIG);
    const all = page.getByRole('checkbox', { name: 'Select all rows' });
    const status = page.getByLabel('Status', { exact: true });
    await status.selectOption('resolved');
    const resolved = await shownTotal(page);
    await all.check();
    await expect(all).toBeChecked();
    await expect.poll(() => selectedCount(page)).toBe(resolved);
    // Every status: only some of the rows are picked now.
    await status.selectOption('');
    await expect(all).not.toBeChecked();
    expect(await all.evaluate(inPage<boolean>('return el.indeterminate;'))).toBe(true);
    // Back to resolved: all of these are picked again.
    await status.selectOption('resolved');
    await expect(all).toBeChecked();
    // Under open, none of the picked rows show; the box then picks the open rows.
    await status.selectOption('open');
    await expect(all).not.toBeChecked();
    expect(await all.evaluate(inPage<boolean>('return el.indeterminate;'))).toBe(false);
    await all.check();
    await expect(all).toBeChecked();
    const rows = page.getByTestId('table-row');
    await expect(rows.first()).toHaveAttribute('aria-selected', 'true');
    await expect(rows.nth(5)).toHaveAttribute('aria-selected', 'true');
    expect(await selectedCount(page)).toBeGreaterThanOrEqual(await shownTotal(page));
    await page.keyboard.press('Escape');
  });

  test('after each filter change every row shows its own thread: text, tooltip, tone, tag and summary mark', async ({
    page,
  }) => {
    // Cells are written outside React into rows kept by place, so a row that showed a summary,
    // a tag or a muted zero must not keep any of it for the next thread.
    await openTable(page, CHECKOUT);
    const threads = await checkoutThreads();
    const status = page.getByLabel('Status', { exact: true });
    const type = page.getByLabel('Type', { exact: true });
    const aType = (await type.locator('option').nth(1).getAttribute('value')) ?? '';
    const seen = { summary: 0, message: 0, mutedReports: 0, alertReports: 0, task: 0, noTask: 0, unassigned: 0 };
    for (const step of [
      () => status.selectOption('deferred'),
      () => status.selectOption('resolved'),
      () => status.selectOption(''),
      () => type.selectOption(aType),
      () => type.selectOption(''),
    ]) {
      await step();
      for (const t of await expectRowsShowTheirThreads(page, threads)) {
        const assignee = t.assignee?.trim() || null;
        seen[isSummary(t) ? 'summary' : 'message']++;
        seen[t.reportCount === 0 ? 'mutedReports' : 'alertReports']++;
        seen[t.agentTask ? 'task' : 'noTask']++;
        if (!assignee) seen.unassigned++;
      }
    }
    // The steps moved rows between every shape a cell can take.
    for (const [what, n] of Object.entries(seen)) expect(n, what).toBeGreaterThan(0);
  });

  test('Export writes the shown threads, filtered and sorted as on screen, with the columns shown; and the selected ones', async ({
    page,
  }) => {
    await openTable(page, CHECKOUT);
    const threads = await checkoutThreads();
    const grid = page.getByTestId('items-table');
    await page.locator('#filter-status').selectOption('deferred');
    await grid.getByRole('columnheader', { name: 'Replies' }).getByRole('button').click();
    const shownIds = await grid
      .locator('[data-testid="table-row"]')
      .evaluateAll(inPage<string[]>(`return el.map((r) => r.getAttribute('data-item-id'));`));
    const total = await shownTotal(page);

    const exportCsv = async (button: RegExp) => {
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const downloaded = page.waitForEvent('download');
      await page.getByRole('group', { name: 'Export the table' }).getByRole('button', { name: button }).click();
      const file = await downloaded;
      expect(file.suggestedFilename()).toMatch(/^triage-desk-checkout-app-\d{4}-\d\d-\d\d\.csv$/);
      const text = await readFile((await file.path())!, 'utf8');
      expect(text.startsWith('\ufeff')).toBe(true);
      return text.slice(1).split('\r\n').filter(Boolean);
    };
    const lines = await exportCsv(/^Shown threads as CSV/);
    const header = lines[0]!.split(',');
    expect(header.slice(0, 2)).toEqual(['ID', 'Link']);
    const shownHeaders = await grid.getByRole('columnheader').allTextContents();
    expect(header.slice(2)).toEqual(
      shownHeaders.map((h) => h.replace(/[▲▼↑↓]|\s+\d+$/g, '').trim()).filter((h) => h && h !== 'Select'),
    );
    // Every deferred thread, none else, in the table's order.
    const exportedIds = lines.slice(1).map((l) => l.split(',')[0]);
    expect(exportedIds).toHaveLength(total);
    for (const id of exportedIds) expect(threads.get(id!)?.status).toBe('deferred');
    expect(exportedIds.slice(0, shownIds.length)).toEqual(shownIds);

    // Two rows selected: only they are written.
    await grid.locator('[data-testid="table-row"]').nth(0).click();
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    const selected = await exportCsv(/^Selected threads as CSV \(2\)/);
    expect(selected.slice(1).map((l) => l.split(',')[0])).toEqual(shownIds.slice(0, 2));
    await page.keyboard.press('Escape');
    await grid.getByRole('columnheader', { name: 'Replies' }).getByRole('button').click();
    await grid.getByRole('columnheader', { name: 'Replies' }).getByRole('button').click();
  });

  test('after a filter change, moving, hiding and showing columns keeps every cell under its own header with its own thread', async ({
    page,
  }) => {
    // Rows are kept by place and their text cells written by position after each render: a
    // moved or re-shown column must get its content, and no cell may keep another column's.
    await openTable(page, CHECKOUT);
    const threads = await checkoutThreads();
    const status = page.locator('#filter-status');
    await status.selectOption('deferred');
    await expectRowsShowTheirThreads(page, threads);
    const menu = page.getByRole('group', { name: 'Table columns' });
    const inMenu = async (act: () => Promise<void>) => {
      if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Columns' }).click();
      await act();
    };
    const steps = [
      () => inMenu(() => menu.getByRole('button', { name: 'Move Author up' }).click()),
      () => inMenu(() => menu.getByRole('button', { name: 'Move Type down' }).click()),
      () => inMenu(() => menu.getByRole('checkbox', { name: 'Page' }).uncheck()),
      () => status.selectOption('resolved'),
      () => inMenu(() => menu.getByRole('checkbox', { name: 'Page' }).check()),
      () => inMenu(() => menu.getByRole('button', { name: 'Move Created up' }).click()),
      () => inMenu(() => menu.getByRole('checkbox', { name: 'Assignee' }).uncheck()),
      () => status.selectOption(''),
      () => inMenu(() => menu.getByRole('checkbox', { name: 'Assignee' }).check()),
    ];
    for (const step of steps) {
      await step();
      await expectRowsShowTheirThreads(page, threads);
    }
    await inMenu(() => menu.getByRole('button', { name: 'Reset columns and sorting' }).click());
    await expectRowsShowTheirThreads(page, threads);
  });
});

/** Every thread of the Checkout project, straight from the service. */
async function checkoutThreads(): Promise<Map<string, ThreadRow>> {
  const projectId = await projectIdByName(TOKEN, CHECKOUT);
  const threads = new Map<string, ThreadRow>();
  for (const status of ['open', 'deferred', 'resolved']) {
    const body = await api<ItemsResponse>(TOKEN, `/items?projectId=${projectId}&status=${status}&limit=200`);
    expect(body.truncated).toBe(false);
    for (const row of body.items) threads.set(row.id, row);
  }
  return threads;
}

const isSummary = (t: ThreadRow) => t.excerptSource === 'summary' && t.excerpt !== '';

/**
 * Each rendered row shows, under each header, that column of its own thread, with cells
 * numbered in header order. Gives back the threads it checked.
 */
async function expectRowsShowTheirThreads(page: Page, threads: ReadonlyMap<string, ThreadRow>): Promise<ThreadRow[]> {
  const grid = page.getByTestId('items-table');
  await expect(grid.locator('[data-testid="table-row"]').first()).toBeVisible();
  const { header, rows } = await grid.evaluate(ROW_CELLS);
  expect(rows.length).toBeGreaterThan(10);
  const checked: ThreadRow[] = [];
  for (const row of rows) {
    const t = threads.get(row.id);
    expect(t, row.id).toBeDefined();
    if (!t) continue;
    expect(row.columns, row.id).toEqual(header);
    expect(row.colIndexes, row.id).toEqual(header.map((_, i) => String(i + 1)));
    const expected = expectedCells(t);
    expect(row.cells, row.id).toEqual(
      Object.fromEntries(header.filter((id) => id !== 'select').map((id) => [id, expected[id]])),
    );
    checked.push(t);
  }
  return checked;
}

type ShownCell = {
  text: string;
  title: string | null;
  tone: string | null;
  tag: string | null;
  dateTime: string | null;
};

/** What each text column shows for a thread, as ROW_CELLS reads it off the page. */
function expectedCells(t: ThreadRow): Record<string, unknown> {
  const summary = isSummary(t);
  const assignee = t.assignee?.trim() || null;
  return {
    type: { text: expect.any(String), title: null, tone: null, tag: `type-tag type-tag--${t.type}`, dateTime: null },
    status: {
      text: expect.any(String),
      title: null,
      tone: null,
      tag: `items-table__status items-table__status--${t.status}`,
      dateTime: null,
    },
    excerpt: {
      text: t.excerpt ? `${summary ? '≈Summary: ' : ''}${t.excerpt}` : '(no text)',
      title: t.excerpt || null,
      tone: t.excerpt ? null : 'muted',
      tag: summary ? 'items-table__summary-mark' : null,
      dateTime: null,
    },
    page: { text: t.page, title: t.page, tone: null, tag: null, dateTime: null },
    assignee: {
      text: assignee ?? 'Unassigned',
      title: null,
      tone: assignee ? null : 'muted',
      tag: null,
      dateTime: null,
    },
    agentTask: t.agentTask
      ? { text: expect.any(String), title: null, tone: null, tag: 'tag tag--task', dateTime: null }
      : { text: '', title: null, tone: null, tag: null, dateTime: null },
    replies: {
      text: String(t.replyCount),
      title: null,
      tone: t.replyCount === 0 ? 'muted' : null,
      tag: null,
      dateTime: null,
    },
    reports: {
      text: String(t.reportCount),
      title: null,
      tone: t.reportCount === 0 ? 'muted' : 'alert',
      tag: null,
      dateTime: null,
    },
    author: { text: t.author, title: t.author, tone: null, tag: null, dateTime: null },
    created: {
      text: expect.any(String),
      title: expect.any(String),
      tone: null,
      tag: null,
      dateTime: new Date(t.createdAt).toISOString(),
    },
  };
}

async function selectedCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('selection-count').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

/** "N of M threads" or "M threads": the number shown. */
async function shownTotal(page: Page): Promise<number> {
  const text = (await page.getByTestId('shown-count').textContent()) ?? '';
  const n = Number(/^([\d,]+)/.exec(text)?.[1]?.replace(/,/g, ''));
  expect(n, text).toBeGreaterThan(0);
  return n;
}

/**
 * Cells of the rendered rows whose text runs onto a second line, out of the row's height, or
 * past the cell's own width.
 */
const CELL_PROBLEMS = inPage<string[]>(`
  const out = [];
  for (const row of [...el.querySelectorAll('[data-testid="table-row"]')].slice(0, 12)) {
    const r = row.getBoundingClientRect();
    for (const cell of row.querySelectorAll('[role="gridcell"]')) {
      const c = cell.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(cell);
      // Boxes of 1 px are the visually hidden words for screen readers.
      const boxes = [...range.getClientRects()].filter((b) => b.width > 1 && b.height > 1);
      const name = row.getAttribute('data-item-id') + ' ' + cell.className;
      // Boxes on one line overlap vertically (a glyph from another font may sit a little higher).
      if (boxes.some((a) => boxes.some((b) => a.bottom <= b.top || b.bottom <= a.top))) out.push(name + ': more than one line');
      if (c.top < r.top - 0.5 || c.bottom > r.bottom + 0.5) out.push(name + ': outside its row');
      if (boxes.some((b) => b.top < r.top - 0.5 || b.bottom > r.bottom + 0.5)) out.push(name + ': text outside its row');
    }
  }
  return out;
`);

/**
 * Each rendered body cell against its clip (text-fit.ts): a cell clips (overflow: clip, with
 * the ellipsis) exactly when it says so, and a cell that does not clip holds its text, and its
 * tag's, whole inside its padding.
 */
const CLIPPING = inPage<{ problems: string[]; whole: number; cutBesideExcerpt: number }>(`
  const out = { problems: [], whole: 0, cutBesideExcerpt: 0 };
  for (const row of el.querySelectorAll('[data-testid="table-row"]')) {
    for (const cell of row.querySelectorAll('[role="gridcell"]')) {
      if (cell.classList.contains('items-table__cell--select')) continue;
      const name = row.getAttribute('data-item-id') + ' ' + cell.className + ' ' + JSON.stringify(cell.textContent);
      const clips = cell.hasAttribute('data-clip');
      const style = getComputedStyle(cell);
      if ((style.overflowX === 'clip') !== clips) out.problems.push(name + ': overflow ' + style.overflowX + (clips ? ' but marked to clip' : ' but not marked'));
      if (style.textOverflow !== 'ellipsis') out.problems.push(name + ': no ellipsis');
      const tag = cell.firstElementChild && cell.firstElementChild.tagName === 'SPAN' ? cell.firstElementChild : null;
      if (clips) {
        // Cut: the text is wider than the room inside its pill (a type or task tag) or its cell.
        const pill = tag && getComputedStyle(tag).display.startsWith('inline-') ? tag : null;
        const holder = pill ?? cell;
        const held = getComputedStyle(holder);
        const room = holder.clientWidth - parseFloat(held.paddingLeft) - parseFloat(held.paddingRight);
        const inside = document.createRange();
        inside.selectNodeContents(holder);
        if (inside.getBoundingClientRect().width > room + 0.01 && !cell.classList.contains('items-table__cell--excerpt')) out.cutBesideExcerpt++;
        continue;
      }
      out.whole++;
      const range = document.createRange();
      range.selectNodeContents(cell);
      const text = range.getBoundingClientRect();
      const box = cell.getBoundingClientRect();
      if (cell.scrollWidth > cell.clientWidth) out.problems.push(name + ': wider than its cell, unclipped');
      if (text.width > 0 && (text.left < box.left + 8 - 0.5 || text.right > box.right - 8 + 0.5)) out.problems.push(name + ': text outside the padding, unclipped');
      if (tag && tag.scrollWidth > tag.clientWidth) out.problems.push(name + ': wider than its tag, unclipped');
    }
  }
  return out;
`);

/**
 * The header's columns, and each rendered row's: its cells' columns and aria-colindex in page
 * order, and its text cells as the page shows them (text, tooltip, value tone, the class of the
 * tag or mark inside, a time's instant).
 */
const ROW_CELLS = inPage<{
  header: string[];
  rows: Array<{ id: string; columns: string[]; colIndexes: string[]; cells: Record<string, ShownCell> }>;
}>(`
  const columnOf = (cell) => [...cell.classList].find((c) => c.startsWith('items-table__cell--') && c !== 'items-table__cell--numeric').slice('items-table__cell--'.length);
  const header = [...el.querySelectorAll('[role="columnheader"]')].map(columnOf);
  const rows = [...el.querySelectorAll('[data-testid="table-row"]')].map((row) => {
    const cells = {};
    const gridcells = [...row.querySelectorAll('[role="gridcell"]')];
    for (const cell of gridcells) {
      const column = columnOf(cell);
      if (column === 'select') continue;
      const inner = cell.firstElementChild;
      cells[column] = {
        text: cell.textContent,
        title: cell.getAttribute('title'),
        tone: cell.getAttribute('data-tone'),
        tag: inner && inner.tagName !== 'TIME' ? inner.className : null,
        dateTime: inner && inner.tagName === 'TIME' ? inner.getAttribute('datetime') : null,
      };
    }
    return { id: row.getAttribute('data-item-id'), columns: gridcells.map(columnOf), colIndexes: gridcells.map((c) => c.getAttribute('aria-colindex')), cells };
  });
  return { header, rows };
`);

/** Every control's middle on the same line (within 2 px). */
async function expectOneLine(bar: Locator): Promise<void> {
  const middles = await bar
    .locator('select, input, [data-testid="clear-filters"]')
    .evaluateAll(
      inPage<number[]>(`return el.map((e) => { const r = e.getBoundingClientRect(); return r.top + r.height / 2; });`),
    );
  expect(Math.max(...middles) - Math.min(...middles), middles.join(', ')).toBeLessThanOrEqual(2);
}
