import { expect, test } from '@playwright/test';
import type { ItemsResponse } from '#shared/api/index.js';
import { api, control, openBoard, projectIdByName, signIn } from './support.js';

/**
 * Every thread has an address: the route carries the open thread (reload, back/forward,
 * "Copy link" work in browser mode), and #/item/<id> opens a thread from its link alone.
 */
const PROJECT = 'Checkout app';

test.describe.serial('thread links in browser mode', () => {
  test('the open thread is in the address: reload keeps it, Back closes it', async ({ page }) => {
    await signIn(page, 'demo-owner', 'Links spec');
    await openBoard(page, PROJECT);
    const card = page.getByTestId('column-open').getByTestId('card').first();
    const itemId = (await card.getAttribute('data-item-id'))!;
    await card.click();
    await expect(page.getByTestId('thread-view')).toContainText(itemId);
    await expect.poll(() => new URL(page.url()).hash).toContain(`thread=${encodeURIComponent(itemId)}`);

    await page.reload();
    await expect(page.getByTestId('thread-view')).toContainText(itemId);

    await page.goBack();
    await expect(page.getByTestId('thread-view')).toHaveCount(0);
    await expect(page.getByTestId('board')).toBeVisible();
    await page.goForward();
    await expect(page.getByTestId('thread-view')).toContainText(itemId);
  });

  test('#/item/<id> opens the thread in its project', async ({ page }) => {
    await signIn(page, 'demo-owner', 'Links spec');
    const projectId = await projectIdByName('demo-owner', PROJECT);
    const { items } = await api<ItemsResponse>('demo-owner', `/items?projectId=${projectId}&limit=3`);
    const itemId = items[2]!.id;
    await page.evaluate(`window.location.hash = '#/item/${itemId}'`);
    await expect(page.getByTestId('thread-view')).toContainText(itemId);
    await expect(page.getByTestId('board')).toBeVisible();
    await expect
      .poll(() => new URL(page.url()).hash)
      .toMatch(new RegExp(`^#/p/${projectId}/(board|table)\\?(.*&)?thread=${itemId}$`));
  });

  test('a copied thread link opened in a new tab waits for a launch link, then opens that thread; a later launch link is taken at once', async ({
    page,
    context,
  }) => {
    await signIn(page, 'demo-owner', 'Links spec');
    const projectId = await projectIdByName('demo-owner', PROJECT);
    const { items } = await api<ItemsResponse>('demo-owner', `/items?projectId=${projectId}&limit=3`);
    const itemId = items[1]!.id;

    // A new tab has no session of its own (each tab exchanges its own launch link).
    const tab = await context.newPage();
    await tab.goto(`/#/item/${itemId}`);
    await expect(
      tab.getByText(/This tab has no session with the Triage Desk gateway yet\. Paste a launch link/).first(),
    ).toBeVisible();
    await expect(tab.getByText('Could not restore your connection')).toHaveCount(0);

    // The launch link pasted into the same tab: no reload, and the thread it was asked for opens.
    const { path } = await control<{ path: string }>('/launch');
    await tab.goto(path);
    await expect(tab.getByTestId('thread-view')).toContainText(itemId);
    await expect.poll(() => new URL(tab.url()).hash).not.toContain('secret=');

    // Another launch link in a tab that has a session is taken at once too (nothing waits for a reload).
    const again = await control<{ path: string }>('/launch');
    const before = await tab.evaluate<string | null>("sessionStorage.getItem('triage-desk:gateway-session')");
    await tab.goto(again.path);
    await expect
      .poll(() => tab.evaluate<string | null>("sessionStorage.getItem('triage-desk:gateway-session')"))
      .not.toBe(before);
    await expect(tab.getByRole('alert')).toHaveCount(0);
    await tab.close();
  });

  test('a link to a thread no connection can see says so', async ({ page }) => {
    await signIn(page, 'demo-owner', 'Links spec');
    await page.evaluate(`window.location.hash = '#/item/itm_does_not_exist'`);
    await expect(page.getByText(/can open thread itm_does_not_exist/)).toBeVisible();
  });

  test('Copy link puts the thread address on the clipboard and says Copied for a moment, to screen readers too', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'demo-owner', 'Links spec');
    await page
      .getByTestId('project-list')
      .getByRole('button', { name: new RegExp(PROJECT) })
      .click();
    const card = page.getByTestId('column-open').getByTestId('card').first();
    const itemId = (await card.getAttribute('data-item-id'))!;
    await card.click();
    const button = page.getByTestId('copy-thread-link');
    await expect(button).toHaveText('Copy link');
    await button.click();
    await expect(button).toHaveText('Copied ✓');
    // The page's polite live region reads it out.
    await expect(page.locator('[aria-live="polite"]', { hasText: `Copied the link to ${itemId}.` })).toHaveCount(1);
    const copied = await page.evaluate<string>('navigator.clipboard.readText()');
    expect(copied).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/#/item/${itemId}$`));
    // A moment later it offers to copy again.
    await expect(button).toHaveText('Copy link');
  });
});
