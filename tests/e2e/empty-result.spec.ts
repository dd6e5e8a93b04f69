import { expect, test } from '@playwright/test';
import { forgetConnectionsAfterAll, openBoard, signInOnce } from './support.js';

/**
 * A search and filters that match nothing: the empty result names them and offers to drop the
 * one that would show the most threads.
 */

const TOKEN = 'demo-owner';
const LABEL = 'Acme (empty result e2e)';
const CHECKOUT = 'Checkout app';

const open = signInOnce(TOKEN, LABEL);

test.describe('an empty result', () => {
  forgetConnectionsAfterAll([LABEL]);

  test('an empty result names its filters and offers to drop the one that shows the most', async ({ page }) => {
    await open(page);
    await openBoard(page, CHECKOUT);
    await page.getByTestId('view-table').click();
    await page.getByLabel('Status', { exact: true }).selectOption('deferred');
    await page.getByLabel('Type', { exact: true }).selectOption({ index: 1 });
    const search = page.getByRole('searchbox', { name: 'Search threads and replies' });
    await search.fill('zzqx no thread says this');
    await search.press('Enter');
    const empty = page.getByTestId('empty-result');
    await expect(empty).toContainText('No threads match');
    await expect(empty).toContainText('“zzqx no thread says this”');
    const drop = empty.getByRole('button', { name: 'Drop “zzqx no thread says this”' });
    await expect(drop).toBeEnabled();
    await drop.click();
    await expect(page.getByTestId('empty-result')).toHaveCount(0);
    await expect(page.getByTestId('table-row').first()).toBeVisible();
  });
});
