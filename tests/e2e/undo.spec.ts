import { expect, test, type Page } from '@playwright/test';
import type { ItemsResponse as ItemsBody } from '#shared/api/index.js';
import { api, openBoard, projectIdByName } from './support.js';
import { OTHER, PROJECT, TOKEN, projectListOpener, statusOf } from './undo-support.js';

/**
 * Undo keeps a history for the session (z steps back through it,
 * Shift+Z lists it) and never writes over someone else's later change; the project list
 * shows each project's thread counts as the service gives them.
 */

let projectId = '';

const setStatus = (token: string, itemId: string, status: string) =>
  api(token, '/items/status', { method: 'POST', body: { itemId, status } });

async function openThreads(count: number): Promise<string[]> {
  const { items } = await api<ItemsBody>(TOKEN, `/items?projectId=${projectId}&status=open&limit=200`);
  expect(items.length, 'the project has enough open threads').toBeGreaterThanOrEqual(count);
  return items.slice(0, count).map((i) => i.id);
}

const openProjectList = projectListOpener('Acme (undo e2e)');

async function openProject(page: Page): Promise<void> {
  await openProjectList(page);
  await openBoard(page, PROJECT);
}

/** Selects exactly these cards (Ctrl+click), as a person picking threads on the board. */
async function select(page: Page, ids: string[]): Promise<void> {
  await page.keyboard.press('Escape');
  for (const id of ids)
    await page
      .getByTestId('board')
      .locator(`[data-item-id="${id}"]`)
      .click({ modifiers: ['Control'] });
  await expect(page.getByTestId('selection-count')).toHaveText(`${ids.length} selected`);
}

test.describe.serial('undo history and project counts', () => {
  test.beforeAll(async () => {
    projectId = await projectIdByName(TOKEN, PROJECT);
  });

  test('z steps back through several changes after the toast has gone, and the history lists them', async ({
    page,
  }) => {
    const [a, b, c] = await openThreads(3);
    await openProject(page);

    await select(page, [a!, b!]);
    await page.keyboard.press('r');
    await expect(page.getByTestId('undo-toast')).toContainText('Set 2 threads to Resolved');
    await expect.poll(() => statusOf(b!)).toBe('resolved');

    await select(page, [c!]);
    await page.keyboard.press('d');
    const toast = page.getByTestId('undo-toast');
    await expect(toast).toContainText('Set 1 thread to Deferred');
    await expect.poll(() => statusOf(c!)).toBe('deferred');
    // The toast goes; the changes stay undoable.
    await toast.getByRole('button', { name: 'Dismiss' }).click();
    await expect(toast).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.keyboard.press('z');
    await expect(page.getByTestId('bulk-receipt')).toContainText('Undid “Set 1 thread to Deferred”');
    await expect.poll(() => statusOf(c!)).toBe('open');
    expect(await statusOf(a!)).toBe('resolved');

    await page.keyboard.press('z');
    await expect(page.getByTestId('bulk-receipt')).toContainText(
      'Undid “Set 2 threads to Resolved”: 2 threads changed back to Open.',
    );
    for (const id of [a!, b!]) await expect.poll(() => statusOf(id)).toBe('open');

    await page.keyboard.press('z');
    await expect(page.getByTestId('notice')).toContainText('Nothing left to undo');

    await page.keyboard.press('Shift+Z');
    const history = page.getByTestId('undo-history');
    await expect(history).toBeVisible();
    const entries = history.getByTestId('undo-entry');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText('Set 1 thread to Deferred');
    await expect(entries.nth(1)).toContainText('Set 2 threads to Resolved');
    for (const i of [0, 1]) {
      await expect(entries.nth(i)).toHaveAttribute('data-state', 'undone');
      await expect(entries.nth(i).getByTestId('undo-entry-state')).toHaveText('Undone');
    }
    await page.screenshot({ path: '.reports/undo-history.png' });
  });

  test('undo from the list leaves alone a thread someone else changed since, and says why', async ({ page }) => {
    const [a, b] = await openThreads(2);
    await openProject(page);
    await select(page, [a!, b!]);
    await page.keyboard.press('d');
    await expect(page.getByTestId('undo-toast')).toContainText('Set 2 threads to Deferred');
    await expect.poll(() => statusOf(b!)).toBe('deferred');

    // Adam resolves one of them meanwhile, in his own client.
    await setStatus(OTHER, b!, 'resolved');

    await page.getByTestId('undo-toast').getByRole('button', { name: 'History' }).click();
    const entry = page.getByTestId('undo-history').getByTestId('undo-entry').first();
    await expect(entry).toContainText('Set 2 threads to Deferred');
    await expect(entry.getByTestId('undo-entry-state')).toHaveText('Not undone yet');
    await entry.getByRole('button', { name: /^Undo( z)? ?: Set 2 threads to Deferred$/ }).click();

    await expect(entry).toHaveAttribute('data-state', 'partly');
    await expect(entry.getByTestId('undo-entry-state')).toHaveText(
      'Partly undone: 1 of 2 threads changed back; 1 thread left as it is',
    );
    await expect(entry).toContainText(
      'Someone else changed it since: it is now Resolved, not Deferred as you left it, so undo left it as it is.',
    );
    await page.screenshot({ path: '.reports/undo-history-conflict.png' });
    expect(await statusOf(a!)).toBe('open');
    // Adam's change stands.
    expect(await statusOf(b!)).toBe('resolved');

    await page.keyboard.press('Escape');
    await expect(page.getByTestId('changed-since-thread')).toHaveAttribute('data-item-id', b!);
    await setStatus(TOKEN, b!, 'open');
  });

  test('the project list shows each project’s open and total thread counts, as the service counts them', async ({
    page,
  }) => {
    await openProjectList(page);
    const list = page.getByTestId('project-list');
    const { projects } = await api<{ projects: Array<{ id: string; name: string }> }>(TOKEN, '/projects');
    for (const p of projects) {
      const { summary, capped } = await api<ItemsBody>(TOKEN, `/items?projectId=${p.id}&limit=1`);
      const more = capped ? '+' : '';
      const n = (x: number) => x.toLocaleString('en');
      const row = list.locator(`[data-project-id="${p.id}"]`);
      await expect(row.getByTestId('project-counts')).toHaveText(
        `${n(summary.open)}${more} open · ${n(summary.total)}${more} ${summary.total === 1 && !capped ? 'thread' : 'threads'}`,
      );
    }
    await page.screenshot({ path: '.reports/project-counts.png' });
  });
});
