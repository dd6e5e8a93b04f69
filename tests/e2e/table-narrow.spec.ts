import { expect, test, type Page } from '@playwright/test';
import { openBoard, signInOnce } from './support.js';

/**
 * The table at 1024 px, a small laptop's window: its columns are wider than the list, so the
 * list scrolls sideways, and the thread's checkbox, status and excerpt stay in view while the
 * other columns scroll beside them; with the thread panel open too.
 */
const TOKEN = 'demo-owner';
const BIG = 'Marketing site';

const signInOrReopen = signInOnce(TOKEN, 'Acme (narrow table e2e)');
async function openTable(page: Page): Promise<void> {
  await signInOrReopen(page);
  await openBoard(page, BIG);
  await page.getByTestId('view-table').click();
  await expect(page.getByTestId('table-row').first()).toBeVisible();
  await expect(page.getByText(/^Updated /)).toBeVisible();
}

/* Code run in the page, written as text: the e2e specs compile without the DOM's types. */
function inPage<R>(body: string): (el: unknown) => R {
  return new Function('el', body) as (el: unknown) => R;
}

const SCROLL_TO_END = inPage<boolean>(`
  el.scrollLeft = el.scrollWidth;
  return el.scrollWidth > el.clientWidth;
`);

/**
 * For the header and the first rows: which of the named columns' cells cannot be seen whole
 * inside the grid, or are covered by another cell at their middle.
 */
const HIDDEN_CELLS = inPage<string[]>(`
  const grid = el.getBoundingClientRect();
  const left = grid.left + el.clientLeft;
  const right = left + el.clientWidth;
  const rows = [el.querySelector('.items-table__row--head'), ...el.querySelectorAll('[data-testid="table-row"]')].slice(0, 6);
  const hidden = [];
  for (const row of rows) {
    for (const id of el.dataset.want.split(',')) {
      const cell = row.querySelector('.items-table__cell--' + id);
      if (!cell) { hidden.push(id + ' missing'); continue; }
      const r = cell.getBoundingClientRect();
      if (r.left < left - 0.5 || r.right > right + 0.5) { hidden.push(id + ' outside ' + Math.round(r.left) + '..' + Math.round(r.right)); continue; }
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !cell.contains(hit)) hidden.push(id + ' covered');
    }
  }
  return hidden;
`);

async function hiddenCells(page: Page, columns: string[]): Promise<string[]> {
  const grid = page.getByTestId('items-table');
  await grid.evaluate(inPage<void>(`el.dataset.want = ${JSON.stringify(columns.join(','))};`));
  return grid.evaluate(HIDDEN_CELLS);
}

const KEY = ['select', 'status', 'excerpt'];

test.describe.serial('the table at 1024 px', () => {
  test('the checkbox, status and excerpt stay in view while the other columns scroll beside them, with the thread panel open too', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await openTable(page);
    const grid = page.getByTestId('items-table');
    expect(await hiddenCells(page, KEY)).toEqual([]);

    // The last columns are reached by scrolling the list sideways; the key columns stay.
    expect(await grid.evaluate(SCROLL_TO_END)).toBe(true);
    await expect.poll(() => hiddenCells(page, ['created'])).toEqual([]);
    expect(await hiddenCells(page, KEY)).toEqual([]);
    await page.screenshot({ path: '.reports/table-narrow.png' });
    // The page itself never scrolls sideways.
    expect(
      await page
        .locator('body')
        .evaluate(
          inPage<boolean>('return document.scrollingElement.scrollWidth <= document.scrollingElement.clientWidth;'),
        ),
    ).toBe(true);

    // With the thread panel beside the list.
    await page.getByTestId('table-row').first().dblclick();
    await expect(page.getByTestId('thread-view')).toBeVisible();
    await grid.evaluate(SCROLL_TO_END);
    await expect.poll(() => hiddenCells(page, ['created'])).toEqual([]);
    expect(await hiddenCells(page, KEY)).toEqual([]);
    await page.screenshot({ path: '.reports/table-narrow-panel.png' });
  });
});
