import { expect, test, type Page } from '@playwright/test';
import type { ItemRow as Row, ItemsResponse as ItemsBody } from '#shared/api/index.js';
import { api, liveThreadCount, openApp, openBoard, projectIdByName, signIn } from './support.js';

/**
 * The triage workspace end to end: filters and saved views that survive a reload, view
 * switching by keys, bulk assignment and bulk status with undo — each checked against the
 * reference service's API, not only against the screen.
 */

const TOKEN = 'demo-owner';
const PROJECT = 'Checkout app';

interface Detail {
  id: string;
  status: string;
  assignee: { id: string; name: string } | null;
}

let projectId = '';

/** Opens the app on the project list, signing in through the connect screen when no connection is saved yet. */
let signedIn = false;

async function openProjectList(page: Page): Promise<void> {
  if (!signedIn) {
    await signIn(page, TOKEN, 'Acme (workspace e2e)');
    signedIn = true;
    return;
  }
  await openApp(page);
  await expect(page.getByTestId('project-list')).toBeVisible();
}

async function openProject(page: Page): Promise<void> {
  await openProjectList(page);
  await openBoard(page, PROJECT);
}

/** Thread ids the table shows (all of them: these lists are short enough to be rendered whole). */
async function tableIds(page: Page): Promise<string[]> {
  const ids = await page
    .getByTestId('table-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-item-id') ?? ''));
  return ids.sort();
}

/** Every thread of the project, newest first, as the table orders them by default. */
async function allThreadsNewestFirst(): Promise<Row[]> {
  const parts = await Promise.all(
    (['open', 'deferred', 'resolved'] as const).map((s) =>
      api<ItemsBody>(TOKEN, `/items?projectId=${projectId}&status=${s}&limit=200`),
    ),
  );
  for (const p of parts) expect(p.truncated, 'each status fits in one listing').toBe(false);
  return parts.flatMap((p) => p.items).sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
}

const detail = (id: string) => api<Detail>(TOKEN, `/items/${id}`);

/** Focuses the table's first row and selects `count` rows downwards with x and Shift+j. */
async function selectFirstRows(page: Page, count: number): Promise<void> {
  const grid = page.getByTestId('items-table');
  await grid.focus();
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  for (let i = 1; i < count; i++) await page.keyboard.press('Shift+J');
  await expect(page.getByTestId('selection-count')).toHaveText(`${count} selected`);
}

test.describe.serial('triage workspace', () => {
  test.beforeAll(async () => {
    projectId = await projectIdByName(TOKEN, PROJECT);
  });

  test('filters and a saved view survive a reload and show the rows the API lists', async ({ page }) => {
    await openProject(page);
    await page.getByTestId('view-table').click();

    await page.getByLabel('Status', { exact: true }).selectOption('open');
    await page.getByLabel('Type', { exact: true }).selectOption('bug');
    // Text search goes to the service, which also searches replies.
    await page.getByLabel('Search threads and replies').fill('button');
    const truth = await api<ItemsBody>(TOKEN, `/items?projectId=${projectId}&status=open&type=bug&q=button&limit=200`);
    const expected = truth.items.map((r) => r.id).sort();
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(() => tableIds(page)).toEqual(expected);
    await expect(page).toHaveURL(/#\/p\/[^/]+\/table\?status=open&type=bug&q=button$/);

    await page.getByTestId('saved-views-button').click();
    await page.getByLabel('Save what is shown as').fill('Open bugs about buttons');
    await page.getByLabel('Save what is shown as').press('Enter');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('saved-views-button')).toHaveText(/View: Open bugs about buttons/);

    // A reload keeps the project, the view and the filters (they live in the address).
    await page.reload();
    await expect(page.getByTestId('items-table')).toBeVisible();
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('open');
    await expect(page.getByLabel('Search threads and replies')).toHaveValue('button');
    await expect.poll(() => tableIds(page)).toEqual(expected);

    // Clear everything and go back to the board, then reopen the saved view.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByTestId('view-board').click();
    await expect(page.getByTestId('shown-count')).toHaveText(`${await liveThreadCount(TOKEN, projectId)} threads`);
    await page.reload();
    await expect(page.getByTestId('board')).toBeVisible();
    await page.getByTestId('saved-views-button').click();
    await page.getByRole('button', { name: /^Open bugs about buttons/ }).click();
    await expect(page.getByTestId('items-table')).toBeVisible();
    await expect(page.getByLabel('Type', { exact: true })).toHaveValue('bug');
    await expect.poll(() => tableIds(page)).toEqual(expected);
  });

  test('g b and g t switch between board and table over the same rows; ? lists every shortcut', async ({ page }) => {
    await openProject(page);
    await page.getByLabel('Status', { exact: true }).selectOption('deferred');
    // Keys typed into a select pick options; leave it so the shortcuts apply.
    await page.getByLabel('Status', { exact: true }).blur();
    const deferred = (await api<ItemsBody>(TOKEN, `/items?projectId=${projectId}&status=deferred&limit=200`)).items
      .length;

    await page.keyboard.press('g');
    await page.keyboard.press('t');
    await expect(page.getByTestId('items-table')).toBeVisible();
    await expect(page).toHaveURL(/\/table\?status=deferred$/);
    await expect(page.getByTestId('shown-count')).toHaveText(
      `${deferred} of ${await liveThreadCount(TOKEN, projectId)} threads`,
    );

    // The table took the keyboard: j moves the focus to a row, and the view keys keep working from it.
    await page.keyboard.press('j');
    await expect(page.getByTestId('items-table')).toHaveAttribute('aria-activedescendant', /.+/);
    await page.keyboard.press('g');
    await page.keyboard.press('b');
    await expect(page.getByTestId('board')).toBeVisible();
    await expect(page).toHaveURL(/\/board\?status=deferred$/);
    await expect(page.getByTestId('column-count-deferred')).toHaveText(String(deferred));

    // Back goes to the table again, with its filter.
    await page.goBack();
    await expect(page.getByTestId('items-table')).toBeVisible();

    await page.keyboard.press('?');
    const dialog = page.getByTestId('shortcuts-dialog');
    await expect(dialog).toBeVisible();
    for (const label of [
      'Switch to the board',
      'Switch to the table',
      'Assign the selection or the focused thread',
      'Command palette: every action by name',
    ]) {
      await expect(dialog).toContainText(label);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a card’s check mark selects it, Shift+click on another selects the cards between, a second click drops it', async ({
    page,
  }) => {
    await openProject(page);
    const cards = page.getByTestId('column-open').getByTestId('card');
    const checks = page.getByTestId('column-open').getByTestId('card-check');
    await checks.nth(0).click();
    await expect(page.getByTestId('selection-count')).toHaveText('1 selected');
    // Selecting is not opening: the thread panel stays closed.
    await expect(page.getByTestId('thread-view')).toHaveCount(0);
    await checks.nth(2).click({ modifiers: ['Shift'] });
    await expect(page.getByTestId('selection-count')).toHaveText('3 selected');
    for (const i of [0, 1, 2]) await expect(cards.nth(i)).toHaveAttribute('data-selected', 'true');
    await expect(checks.nth(1)).toHaveAttribute('data-checked', 'true');
    await checks.nth(0).click();
    await expect(page.getByTestId('selection-count')).toHaveText('2 selected');
    await expect(cards.nth(0)).not.toHaveAttribute('data-selected', 'true');
    await expect(checks.nth(0)).not.toHaveAttribute('data-checked', 'true');
  });

  test('arrowing through a filter menu leaves one history entry: Back returns to before the burst', async ({
    page,
  }) => {
    await openProject(page);
    await expect(page).toHaveURL(/\/board$/);
    const status = page.getByLabel('Status', { exact: true });
    await status.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    const picked = await status.inputValue();
    expect(picked).not.toBe('');
    await expect(page).toHaveURL(new RegExp(`/board\\?status=${picked}$`));
    await status.blur();
    await page.goBack();
    await expect(page).toHaveURL(/\/board$/);
    await expect(status).toHaveValue('');
    await expect(page.getByTestId('shown-count')).toHaveText(`${await liveThreadCount(TOKEN, projectId)} threads`);
  });

  test('bulk-assigns 30 threads; a resolved one is refused with the offer to reopen it', async ({ page }) => {
    const { members } = await api<{ members: Array<{ id: string; name: string }> }>(
      TOKEN,
      `/members?projectId=${projectId}`,
    );
    const hana = members.find((m) => m.name === 'Hana Sato');
    expect(hana).toBeTruthy();

    // The 30 newest threads that can be assigned, plus the newest resolved one (which cannot).
    const all = await allThreadsNewestFirst();
    const assignable = all.filter((r) => r.status !== 'resolved').slice(0, 30);
    const resolved = all.filter((r) => r.status === 'resolved').slice(0, 1);
    expect(assignable).toHaveLength(30);
    expect(resolved).toHaveLength(1);
    const chosen = new Set([...assignable, ...resolved].map((r) => r.id));

    await openProject(page);
    await page.getByTestId('view-table').click();
    // Down the table (newest first, like the API) with j, selecting the chosen rows with x.
    await page.getByTestId('items-table').focus();
    const last = Math.max(...[...chosen].map((id) => all.findIndex((r) => r.id === id)));
    await page.keyboard.press('j');
    for (let i = 0; i <= last; i++) {
      if (chosen.has(all[i]!.id)) await page.keyboard.press('x');
      await page.keyboard.press('j');
    }
    await expect(page.getByTestId('selection-count')).toHaveText('31 selected');
    const selectedIds = await page
      .locator('[data-testid="table-row"][aria-selected="true"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-item-id')));
    expect(selectedIds.every((id) => id !== null && chosen.has(id))).toBe(true);

    await page.getByTestId('bulk-assign').click();
    await page.getByLabel(/^Assign these \d+ threads to$/).fill('Hana');
    await page.getByRole('button', { name: /^Hana Sato/ }).click();

    const receipt = page.getByTestId('bulk-receipt');
    await expect(receipt).toContainText('Assigned 30 threads to Hana Sato', { timeout: 60_000 });
    await expect(receipt).toContainText(`${resolved.length} ${resolved.length === 1 ? 'thread' : 'threads'} refused`);
    await expect(receipt.getByTestId('refused-thread')).toHaveCount(resolved.length);
    await expect(receipt.getByTestId('refused-thread').first()).toContainText(/resolved thread must be reopened/);

    // The service agrees: all 30 are Hana's, the resolved ones untouched.
    for (const row of assignable) expect((await detail(row.id)).assignee?.id).toBe(hana!.id);
    for (const row of resolved) expect((await detail(row.id)).status).toBe('resolved');

    const reopen = receipt.getByRole('button', { name: /^Reopen and assign (this thread|these \d+)$/ });
    await expect(reopen).toBeVisible();
    await reopen.click();
    // A clean success is said once, by the undo toast: the receipt with the refusal goes.
    await expect(page.getByTestId('undo-toast')).toContainText(
      `Reopened and assigned ${resolved.length} ${resolved.length === 1 ? 'thread' : 'threads'} to Hana Sato`,
    );
    await expect(receipt).toHaveCount(0);
    for (const row of resolved) {
      const d = await detail(row.id);
      expect(d.status).toBe('open');
      expect(d.assignee?.id).toBe(hana!.id);
    }
  });

  test('a bulk status change can be undone', async ({ page }) => {
    await openProject(page);
    await page.getByLabel('Status', { exact: true }).selectOption('open');
    await page.getByTestId('view-table').click();
    await selectFirstRows(page, 4);
    const chosen = await page
      .locator('[data-testid="table-row"][aria-selected="true"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-item-id') ?? ''));
    expect(chosen).toHaveLength(4);

    // d defers the whole selection.
    await page.keyboard.press('d');
    // The success is said once, by the undo toast; no receipt banner repeats it.
    const toast = page.getByTestId('undo-toast');
    await expect(toast).toContainText('Set 4 threads to Deferred');
    await expect(page.getByTestId('bulk-receipt')).toHaveCount(0);
    for (const id of chosen) expect((await detail(id)).status).toBe('deferred');
    // Deferred threads leave the "open" filter, and the selection with them.
    await expect(page.getByTestId('selection-bar')).toBeHidden();

    await toast.getByRole('button', { name: /Undo/ }).click();
    await expect(page.getByTestId('bulk-receipt')).toContainText(
      'Undid “Set 4 threads to Deferred”: 4 threads changed back to Open',
    );
    for (const id of chosen) expect((await detail(id)).status).toBe('open');
    await expect.poll(async () => (await tableIds(page)).filter((id) => chosen.includes(id)).length).toBe(4);
  });
});
