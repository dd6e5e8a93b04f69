import { expect, test, type Page, type Route } from '@playwright/test';
import { api, openBoard, projectIdByName, signIn } from './support.js';

/**
 * Fewer requests: after a bulk change on the 2,000-thread demo project, the list
 * confirms what the service now holds by asking again only the slices the changed threads
 * sit in, not by reloading the whole project (21 requests). Counted at the page's bridge.
 */

const TOKEN = 'demo-owner';
const PROJECT = 'Marketing site';

interface Row {
  id: string;
  status: string;
  type: string | null;
  createdAt: number;
}

/** Counts the page's GET items calls through the bridge from now on. */
function countListings(page: Page): () => number {
  let n = 0;
  page.on('request', (req) => {
    if (req.url().endsWith('/bridge/api%3AlistItems')) n += 1;
  });
  return () => n;
}

test('a bulk move on the 2,000-thread project asks again one slice, and the board shows what the service has', async ({
  page,
}) => {
  const projectId = await projectIdByName(TOKEN, PROJECT);
  const listings = countListings(page);
  await signIn(page, TOKEN, 'Acme (requests e2e)');
  await openBoard(page, PROJECT);
  await expect(page.getByRole('progressbar', { name: 'Loading threads' })).toHaveCount(0, { timeout: 30_000 });
  const opened = listings();
  expect(opened, 'the first load asks the planned slices').toBeGreaterThan(10);

  // Three open threads, chosen on the table by keyboard, are deferred in one bulk change.
  await page.getByTestId('view-table').click();
  await page.getByLabel('Status', { exact: true }).selectOption('open');
  await page.getByTestId('items-table').focus();
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  await page.keyboard.press('Shift+J');
  await page.keyboard.press('Shift+J');
  await expect(page.getByTestId('selection-count')).toHaveText('3 selected');
  const chosen = await page
    .locator('[data-testid="table-row"][aria-selected="true"]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-item-id')));
  expect(chosen).toHaveLength(3);
  await page.getByRole('toolbar', { name: 'Selected threads' }).getByRole('button', { name: 'Deferred' }).click();

  // The confirmation is one request (the deferred threads of one type fit in one answer).
  await expect.poll(listings, { timeout: 5_000 }).toBeGreaterThan(opened);
  await page.waitForTimeout(1_500);
  expect(listings() - opened).toBeLessThanOrEqual(2);

  // The service agrees, and so does the screen.
  for (const id of chosen) expect((await api<Row>(TOKEN, `/items/${id}`)).status).toBe('deferred');
  await page.getByLabel('Status', { exact: true }).selectOption('deferred');
  for (const id of chosen) await expect(page.locator(`[data-testid="table-row"][data-item-id="${id}"]`)).toHaveCount(1);
  const summary = await api<{ summary: { deferred: number } }>(TOKEN, `/items?projectId=${projectId}&limit=1`);
  await expect(page.getByTestId('shown-count')).toHaveText(
    new RegExp(`^${summary.summary.deferred} of [\\d,]+ threads$`),
  );
});

test('while the 2,000-thread project first loads, the count says so instead of "0 threads", then counts what has arrived', async ({
  page,
}) => {
  // The answers are held at the page, then let through one by one.
  const held: Array<() => void> = [];
  await page.route(/\/bridge\/api(%3A|:)listItems$/, async (route: Route) => {
    if ((route.request().postData() ?? '').includes('"limit":1}')) return route.continue();
    await new Promise<void>((go) => held.push(go));
    await route.continue();
  });
  await signIn(page, TOKEN, 'Acme (requests e2e, loading)');
  await page
    .getByTestId('project-list')
    .getByRole('button', { name: new RegExp(PROJECT) })
    .click();
  const count = page.getByTestId('shown-count');
  await expect(count).toHaveText('Loading threads…');
  await expect.poll(() => held.length).toBe(1);
  held.shift()!();
  await expect(count).toHaveText('200 threads so far');
  // Let the rest through as it is asked.
  const drain = setInterval(() => held.splice(0).forEach((go) => go()), 20);
  try {
    await expect(count).toHaveText('2,000 threads', { timeout: 30_000 });
  } finally {
    clearInterval(drain);
  }
});

test('a reload at the board’s address asks for the project’s first slice once, and no more than opening it did', async ({
  page,
}) => {
  const projectId = await projectIdByName(TOKEN, PROJECT);
  const bodies: string[] = [];
  page.on('request', (req) => {
    const body = req.postData() ?? '';
    // The project list's counts (one thread each) are not the board's.
    if (req.url().endsWith('/bridge/api%3AlistItems') && !body.includes('"limit":1}')) bodies.push(body);
  });
  await signIn(page, TOKEN, 'Acme (requests e2e, reload)');
  await openBoard(page, PROJECT);
  await expect(page.getByRole('progressbar', { name: 'Loading threads' })).toHaveCount(0, { timeout: 30_000 });
  const opened = bodies.length;
  const shown = await page.getByTestId('shown-count').textContent();

  // A new document: the start asks for the first slice before the app has drawn anything, and
  // the board's load takes that answer instead of asking again.
  bodies.length = 0;
  await page.reload();
  await expect(page.getByTestId('board')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading threads' })).toHaveCount(0, { timeout: 30_000 });
  await page.waitForTimeout(500);
  const firstSlice = JSON.stringify([{ projectId, limit: 200 }]);
  expect(bodies.filter((b) => b === firstSlice)).toHaveLength(1);
  expect(bodies.length).toBe(opened);
  await expect(page.getByTestId('shown-count')).toHaveText(shown!);
});
