import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe-support.js';
import { api, openBoard, projectIdByName } from './support.js';
import { OTHER, PROJECT, TOKEN, projectListOpener, statusOf } from './undo-support.js';

/**
 * Undo writes new history: the service records every status change as the caller, now, and
 * has no way to put back who resolved a thread or when. So undoing a bulk Deferred over
 * resolved threads would make the person the decider in Review, the decision log and What's
 * new. The journey: the undo says so before anything is sent, the person keeps the change
 * back for the open threads and leaves the resolved ones deferred, and the confirmation says
 * what was undone, on which threads, and what was left.
 *
 * Threads are this spec's own (created here in Brand refresh, each run with its own stamp).
 */

let projectId = '';

async function createThreads(marker: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 1; i <= count; i++) {
    const created = await api<{ pinId: string }>(TOKEN, '/items/create', {
      method: 'POST',
      body: {
        projectId,
        url: `https://brand.acme.example/undo-records/${i}`,
        body: `${marker} thread ${i}: the hero caption wraps badly`,
      },
    });
    ids.push(created.pinId);
  }
  return ids;
}

const openProjectList = projectListOpener('Acme (undo records e2e)');

async function openProject(page: Page): Promise<void> {
  await openProjectList(page);
  await openBoard(page, PROJECT);
}

/** The table, searched down to this run's threads. */
async function showOnly(page: Page, marker: string, count: number): Promise<void> {
  await page.getByTestId('view-table').click();
  await page.getByRole('searchbox').fill(marker);
  await page.getByRole('searchbox').press('Enter');
  await expect(page.getByTestId('table-row')).toHaveCount(count);
}

/** Back to the board with no search, as the specs after this one expect to find the project. */
async function leaveAsFound(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('searchbox').fill('');
  await page.getByRole('searchbox').press('Enter');
  await page.getByTestId('view-board').click();
  await expect(page.getByTestId('board')).toBeVisible();
}

async function selectAllShown(page: Page, count: number): Promise<void> {
  await page.getByTestId('items-table').focus();
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  if (count > 1)
    await page
      .getByTestId('selection-bar')
      .getByRole('button', { name: `Select all ${count} shown` })
      .click();
  await expect(page.getByTestId('selection-count')).toHaveText(`${count} selected`);
}

test.describe.serial('undo says what it records', () => {
  test.beforeAll(async () => {
    projectId = await projectIdByName(TOKEN, PROJECT);
  });

  test('undoing a bulk Deferred over resolved threads says it would resolve them again as you, and lets you leave them', async ({
    page,
  }) => {
    const marker = `Undo records e2e ${Date.now()}`;
    const ids = await createThreads(marker, 7);
    const [open, resolved] = [ids.slice(0, 4), ids.slice(4)];
    for (const id of resolved)
      await api(OTHER, '/items/status', { method: 'POST', body: { itemId: id, status: 'resolved' } });

    await openProject(page);
    await showOnly(page, marker, 7);
    await selectAllShown(page, 7);
    await page.keyboard.press('d');
    const toast = page.getByTestId('undo-toast');
    await expect(toast).toContainText('Set 7 threads to Deferred');
    for (const id of ids) await expect.poll(() => statusOf(id)).toBe('deferred');
    // Before anything runs, the toast's Undo says it will ask.
    await expect(toast.getByRole('button', { name: /^Undo…/ })).toHaveAttribute(
      'title',
      'Undo would resolve 3 threads again as you, today; it asks first.',
    );

    await page.keyboard.press('Escape');
    await page.keyboard.press('z');
    const dialog = page.getByTestId('undo-confirm');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toHaveText('Undo “Set 7 threads to Deferred”?');
    const choices = dialog.getByTestId('undo-choice');
    await expect(choices).toHaveCount(2);
    await expect(choices.nth(0)).toHaveAttribute('data-kind', 'back');
    await expect(choices.nth(0)).toContainText('Change 4 threads back to Open');
    await expect(choices.nth(1)).toHaveAttribute('data-kind', 'resolve-again');
    await expect(choices.nth(1)).toContainText('Resolve 3 threads again');
    await expect(choices.nth(1)).toContainText(
      'As you, today: Review, the decision log and What’s new will name you as who resolved them, and today as when',
    );
    await expect(choices.nth(1)).toContainText('Left out, they stay Deferred, as the change left them.');
    await expect(dialog).not.toContainText(/restore|as they were/i);
    // Nothing is sent while it asks.
    for (const id of resolved) expect(await statusOf(id)).toBe('deferred');
    await expect(dialog.getByRole('checkbox', { name: 'Change 4 threads back to Open' })).toBeFocused();
    await page.screenshot({ path: '.reports/undo-confirm.png' });
    await expectNoViolations(page, 'undo confirmation (light)', '[data-testid="undo-confirm"]');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 900, height: 700 });
    await page.screenshot({ path: '.reports/undo-confirm-900-dark.png' });
    await expectNoViolations(page, 'undo confirmation (dark)', '[data-testid="undo-confirm"]');
    await page.emulateMedia({ colorScheme: 'light' });

    await dialog.getByRole('checkbox', { name: 'Resolve 3 threads again' }).uncheck();
    await expect(dialog.getByTestId('undo-confirm-run')).toHaveText('Undo 4 threads');
    await dialog.getByTestId('undo-confirm-run').click();
    await expect(dialog).toBeHidden();

    await expect(page.getByTestId('bulk-receipt')).toContainText(
      'Undid “Set 7 threads to Deferred”: 4 threads changed back to Open · 3 threads left Deferred, as you chose.',
    );
    for (const id of open) await expect.poll(() => statusOf(id)).toBe('open');
    for (const id of resolved) expect(await statusOf(id)).toBe('deferred');

    await page.keyboard.press('Shift+Z');
    const entry = page.getByTestId('undo-history').getByTestId('undo-entry').first();
    await expect(entry).toContainText('Set 7 threads to Deferred');
    await expect(entry.getByTestId('undo-entry-state')).toHaveText(
      'Partly undone: 4 of 7 threads changed back; 3 threads left as they are',
    );
    await expect(entry).toContainText('You chose to leave it Deferred rather than resolve it again as you.');
    await page.keyboard.press('Escape');
    await leaveAsFound(page);
  });

  test('resolving again when chosen: the reports then name the person, as the dialog said', async ({ page }) => {
    const marker = `Undo records again e2e ${Date.now()}`;
    const [id] = await createThreads(marker, 1);
    await api(OTHER, '/items/status', { method: 'POST', body: { itemId: id, status: 'resolved' } });

    await openProject(page);
    await showOnly(page, marker, 1);
    await selectAllShown(page, 1);
    await page.keyboard.press('d');
    await expect(page.getByTestId('undo-toast')).toContainText('Set 1 thread to Deferred');
    await expect.poll(() => statusOf(id!)).toBe('deferred');

    await page
      .getByTestId('undo-toast')
      .getByRole('button', { name: /^Undo…/ })
      .click();
    const dialog = page.getByTestId('undo-confirm');
    await expect(dialog.getByTestId('undo-choice')).toHaveCount(1);
    await expect(dialog.getByTestId('undo-choice')).toContainText(`“${marker} thread 1: the hero caption wraps badly”`);
    await dialog.getByTestId('undo-confirm-run').click();

    await expect(page.getByTestId('bulk-receipt')).toContainText(
      `Undid “Set 1 thread to Deferred” on “${marker} thread 1: the hero caption wraps badly”: 1 thread resolved again as you, today (Review, the decision log and What’s new now name you).`,
    );
    await expect.poll(() => statusOf(id!)).toBe('resolved');
    // What the dialog said is what the service now records: Olivia resolved it, not Adam.
    const review = await api<{ resolved?: Array<{ id: string; resolvedBy: unknown }> }>(
      TOKEN,
      `/review?projectId=${projectId}&section=resolved`,
    );
    const row = review.resolved?.find((r) => r.id === id);
    expect(JSON.stringify(row?.resolvedBy)).toContain('Olivia');
    await leaveAsFound(page);
  });

  test('the history says what an undo would record, and its question can be cancelled with nothing sent', async ({
    page,
  }) => {
    const marker = `Undo records history e2e ${Date.now()}`;
    const [id] = await createThreads(marker, 1);
    await api(OTHER, '/items/status', { method: 'POST', body: { itemId: id, status: 'deferred' } });

    await openProject(page);
    await showOnly(page, marker, 1);
    await selectAllShown(page, 1);
    await page.keyboard.press('o');
    await expect(page.getByTestId('undo-toast')).toContainText('Set 1 thread to Open');
    await expect.poll(() => statusOf(id!)).toBe('open');
    await page.keyboard.press('Escape');

    await page.keyboard.press('Shift+Z');
    const history = page.getByTestId('undo-history');
    const entry = history.getByTestId('undo-entry').first();
    await expect(entry.getByTestId('undo-entry-records')).toHaveText(
      'Undo would defer 1 thread again as you, today; it asks first.',
    );
    await entry.getByRole('button', { name: /^Undo…/ }).click();
    const dialog = page.getByTestId('undo-confirm');
    await expect(dialog.getByTestId('undo-choice')).toContainText(
      'As you, today: the decision log and What’s new will name you as who deferred it',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(history).toBeVisible();
    await expect(entry.getByTestId('undo-entry-state')).toHaveText('Not undone yet');
    expect(await statusOf(id!)).toBe('open');
    await page.keyboard.press('Escape');
    await leaveAsFound(page);
  });

  test('a plain change back asks nothing and names the thread it undid', async ({ page }) => {
    const marker = `Undo records plain e2e ${Date.now()}`;
    const [id] = await createThreads(marker, 1);
    await openProject(page);
    await showOnly(page, marker, 1);
    await selectAllShown(page, 1);
    await page.keyboard.press('r');
    await expect(page.getByTestId('undo-toast')).toContainText('Set 1 thread to Resolved');
    await expect.poll(() => statusOf(id!)).toBe('resolved');
    await page.keyboard.press('Escape');
    await page.keyboard.press('z');
    await expect(page.getByTestId('bulk-receipt')).toContainText(
      `Undid “Set 1 thread to Resolved” on “${marker} thread 1: the hero caption wraps badly”: 1 thread changed back to Open.`,
    );
    await expect(page.getByTestId('undo-confirm')).toHaveCount(0);
    await expect.poll(() => statusOf(id!)).toBe('open');
    await leaveAsFound(page);
  });
});
