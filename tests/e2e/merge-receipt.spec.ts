import { expect, test } from '@playwright/test';
import { expectNoViolations } from './axe-support.js';
import { api, openBoard, projectIdByName, signIn } from './support.js';

/**
 * After a merge, the receipt names each thread that was merged, by its opening words as the
 * lists show them, and the thread they went into is a link (its address, as Copy link gives
 * it) that opens that thread. Threads are this spec's own, created here in Brand refresh.
 */

const TOKEN = 'demo-owner';
const PROJECT = 'Brand refresh';

test('the merge receipt lists the merged threads by title and links the kept one, which the link opens', async ({
  page,
}) => {
  const projectId = await projectIdByName(TOKEN, PROJECT);
  const marker = `Merge receipt e2e ${Date.now()}`;
  const titles = ['the press kit link 404s', 'press kit download is broken', 'cannot download the press kit'].map(
    (t) => `${marker}: ${t}`,
  );
  const ids: string[] = [];
  for (const [i, body] of titles.entries()) {
    const created = await api<{ pinId: string }>(TOKEN, '/items/create', {
      method: 'POST',
      body: { projectId, url: `https://brand.acme.example/press/${i}`, body },
    });
    ids.push(created.pinId);
  }

  await signIn(page, TOKEN, 'Acme (merge receipt e2e)');
  await openBoard(page, PROJECT);
  await page.getByTestId('view-table').click();
  await page.getByRole('searchbox').fill(marker);
  await page.getByRole('searchbox').press('Enter');
  await expect(page.getByTestId('table-row')).toHaveCount(3);
  await page.getByTestId('items-table').focus();
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  await page.getByTestId('selection-bar').getByRole('button', { name: 'Select all 3 shown' }).click();
  await page.keyboard.press('m');

  const dialog = page.getByTestId('merge-dialog');
  const keptId = (await dialog.getByRole('radio', { checked: true }).getAttribute('value'))!;
  const keptTitle = titles[ids.indexOf(keptId)]!;
  const mergedIds = ids.filter((id) => id !== keptId);
  await dialog.getByRole('button', { name: 'Merge 2 threads into the kept one' }).click();

  const receipt = dialog.getByTestId('merge-receipt');
  await expect(receipt).toContainText('Merged 2 of 2 threads.');
  const merged = receipt.getByTestId('merge-merged').getByRole('listitem');
  await expect(merged).toHaveCount(2);
  for (const id of mergedIds)
    await expect(receipt.getByTestId('merge-merged').locator(`[data-item-id="${id}"]`)).toHaveText(
      `“${titles[ids.indexOf(id)]}” ${id}`,
    );
  const link = receipt.getByTestId('merge-kept-link');
  await expect(link).toHaveText(`“${keptTitle}”`);
  await expect(link).toHaveAttribute('href', new RegExp(`#/item/${keptId}$`));
  await expectNoViolations(page, 'merge receipt (light)', '[data-testid="merge-dialog"]');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoViolations(page, 'merge receipt (dark)', '[data-testid="merge-dialog"]');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: '.reports/merge-receipt.png' });

  await link.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('thread-view')).toHaveAttribute('data-item-id', keptId);
  await expect(page.getByTestId('thread-view')).toContainText(keptTitle);
  for (const id of mergedIds)
    expect((await api<{ duplicateOf: string | null }>(TOKEN, `/items/${id}`)).duplicateOf).toBe(keptId);

  // Leave the project as the specs after this one expect it: the board, no search.
  await page.keyboard.press('Escape');
  await page.getByRole('searchbox').fill('');
  await page.getByRole('searchbox').press('Enter');
  await page.getByTestId('view-board').click();
  await expect(page.getByTestId('board')).toBeVisible();
});
