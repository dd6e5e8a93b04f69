import { expect, test } from '@playwright/test';
import type { ItemsResponse } from '#shared/api/index.js';
import { api, projectIdByName, signIn } from './support.js';

/**
 * "For me" in browser mode against the reference service: an assignment and a mention made
 * by someone else show up across projects, newest first; j/k/Enter open them; read marks
 * survive a reload; the person's briefing bookmark does not move.
 */
test.describe.serial('the inbox', () => {
  test('shows a new assignment and a mention, opens them from the keyboard, and keeps read marks', async ({ page }) => {
    const projectId = await projectIdByName('demo-admin', 'Checkout app');
    const { items } = await api<ItemsResponse>('demo-admin', `/items?projectId=${projectId}&status=open&limit=5`);
    const [assigned, mentioned] = [items[0]!, items[1]!];
    await api('demo-admin', '/items/assign', {
      method: 'POST',
      body: { itemId: assigned.id, assignee: 'Olivia Owner' },
    });
    const words = `Inbox e2e ${Date.now()}: Olivia, please check the coupon field.`;
    await api('demo-admin', '/items/update', {
      method: 'POST',
      body: { itemId: mentioned.id, body: `@Olivia Owner ${words}`, mentions: ['Olivia Owner'] },
    });

    await signIn(page, 'demo-owner', 'Inbox spec');
    await page.getByTestId('nav-inbox').click();
    const list = page.getByTestId('inbox-list');
    const mention = list
      .locator(`[data-kind="mention"][data-item-id="${mentioned.id}"]`)
      .filter({ hasText: words.slice(0, 40) });
    await expect(mention).toBeVisible();
    await expect(mention).toHaveAttribute('data-read', 'false');
    await expect(list.locator(`[data-kind="assigned"][data-item-id="${assigned.id}"]`)).toBeVisible();
    // Newest first: the mention just written is the first entry.
    await expect(list.getByTestId('inbox-entry').first()).toHaveAttribute('data-item-id', mentioned.id);

    // j/k/Enter like the board: Enter on the first entry opens its thread and marks it read.
    await list.getByTestId('inbox-entry').first().focus();
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('thread-view')).toContainText(mentioned.id);
    await page.goBack();
    await expect(list).toBeVisible();
    await expect(mention).toHaveAttribute('data-read', 'true');

    await page.reload();
    await expect(list.locator(`[data-kind="mention"][data-item-id="${mentioned.id}"]`).first()).toHaveAttribute(
      'data-read',
      'true',
    );
    await expect(page.getByTestId('nav-inbox')).toContainText('For me');
  });

  test('reading the inbox leaves the briefing bookmark where it was', async ({ page }) => {
    // Adam's bookmark: the reports spec relies on Olivia having none yet.
    const projectId = await projectIdByName('demo-admin', 'Checkout app');
    // A plain briefing moves the bookmark to its `until`; the next plain one starts there,
    // unless something in between (the inbox) moved it.
    const first = await api<{ until: number }>('demo-admin', `/whats-new?projectId=${projectId}`);
    await signIn(page, 'demo-admin', 'Inbox spec (admin)');
    await page.getByTestId('nav-inbox').click();
    await expect(page.locator('main.inbox')).toHaveAttribute('data-loaded', 'true');
    const next = await api<{ since: number }>('demo-admin', `/whats-new?projectId=${projectId}`);
    expect(next.since).toBe(first.until);
  });
});
