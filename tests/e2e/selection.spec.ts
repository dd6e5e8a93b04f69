import { expect, test } from '@playwright/test';
import { api, forgetConnectionsAfterAll, openBoard, projectIdByName, signInOnce } from './support.js';

/**
 * Selecting threads from the keyboard: x then Shift+J extends the selection in the table and on
 * the board, and m on a selection opens the merge dialog with the kept thread focused.
 */

const TOKEN = 'demo-owner';
const LABEL = 'Acme (selection e2e)';
const SMALL = 'Brand refresh';

const detail = (id: string) => api<{ duplicateOf: string | null }>(TOKEN, `/items/${id}`);

const open = signInOnce(TOKEN, LABEL);

test.describe('selecting threads and merging a selection', () => {
  forgetConnectionsAfterAll([LABEL]);

  test('merge dialog: focus starts on the kept thread, and same-titled threads are told apart by ID', async ({
    page,
  }) => {
    const projectId = await projectIdByName(TOKEN, SMALL);
    const text = `Selection e2e twin: the logo download link on the brand page opens an empty tab instead of the zip (${Date.now()})`;
    const ids: string[] = [];
    for (const path of ['/logo', '/downloads']) {
      const created = await api<{ pinId: string }>(TOKEN, '/items/create', {
        method: 'POST',
        body: { projectId, url: `https://brand.acme.example${path}`, body: text },
      });
      ids.push(created.pinId);
    }
    await open(page);
    await openBoard(page, SMALL);
    await page.getByTestId('view-table').click();
    await page.getByRole('searchbox').fill(text);
    await page.getByRole('searchbox').press('Enter');
    await expect(page.getByTestId('table-row')).toHaveCount(2);
    await page.getByTestId('items-table').focus();
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await expect(page.getByTestId('selection-count')).toHaveText('2 selected');
    await page.keyboard.press('m');
    const dialog = page.getByTestId('merge-dialog');
    await expect(dialog.getByRole('radio')).toHaveCount(2);
    // Not the destructive button: m then Enter must not merge.
    await expect(dialog.getByRole('radio', { checked: true })).toBeFocused();
    await expect(dialog.getByRole('button', { name: /^Merge 1 thread/ })).not.toBeFocused();
    for (const id of ids) await expect(dialog.locator(`label:has(input[value="${id}"])`)).toContainText(id);
    const labels = await dialog.locator('.keep-option').allInnerTexts();
    expect(new Set(labels).size).toBe(2);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    for (const id of ids) expect((await detail(id)).duplicateOf).toBeNull();
  });

  test('Shift+J after x extends the selection by one row per press, in the table and on the board', async ({
    page,
  }) => {
    await open(page);
    await openBoard(page, SMALL);
    await page.getByTestId('view-table').click();
    await page.getByTestId('items-table').focus();
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+J');
    await expect(page.getByTestId('selection-count')).toHaveText('5 selected');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('selection-count')).toHaveCount(0);

    await page.getByTestId('view-board').click();
    const board = page.getByTestId('board');
    await board.locator('[data-item-id]').first().focus();
    await page.keyboard.press('x');
    await expect(page.getByTestId('selection-count')).toHaveText('1 selected');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+J');
    await expect(page.getByTestId('selection-count')).toHaveText('5 selected');
  });
});
