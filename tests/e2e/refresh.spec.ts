import { expect, test } from '@playwright/test';
import { control, forgetConnectionsAfterAll, openBoard, signIn } from './support.js';

/**
 * Refreshing the board while the service is down (the e2e stack's fault service, killed):
 * the toolbar says the refresh failed rather than "updated", and one banner says it once.
 */

const TOKEN = 'demo-owner';
const LABEL = 'Fault service (refresh)';
const SMALL = 'Brand refresh';

test.describe('refreshing while the service is down', () => {
  forgetConnectionsAfterAll([LABEL]);

  test('a refresh that failed is not called an update, and is said once', async ({ page }) => {
    test.setTimeout(150_000);
    const fault = await control<{ baseUrl: string }>('/fault/start');
    await signIn(page, TOKEN, LABEL, fault.baseUrl);
    await openBoard(page, SMALL);
    const toolbar = page.locator('.workspace-toolbar');
    await expect(toolbar).toContainText('Updated');
    await control('/fault/kill');
    // A card moved while the service is down: the move fails and goes back.
    const card = page.getByTestId('board').locator('[data-item-id]').first();
    await card.focus();
    await page.keyboard.press('d');
    await expect(page.getByRole('alert')).toContainText('Could not move');
    await toolbar.getByRole('button', { name: 'Refresh' }).click();
    await expect(toolbar.getByRole('button', { name: 'Refresh' })).toBeEnabled({ timeout: 60_000 });
    await expect(toolbar).not.toContainText('Updated just now');
    await expect(toolbar).toContainText('Refresh failed');
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-phase', 'offline');
    // One cause, one banner: the failed refresh says the move failed too.
    const alert = page.getByRole('alert');
    await expect(alert).toHaveCount(1);
    await expect(alert).toContainText('Could not load the threads');
    await expect(alert).toContainText('Could not move');
    await page.screenshot({ path: '.reports/refresh-failed.png' });
    await control('/fault/restart');
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-phase', 'idle', { timeout: 60_000 });
  });
});
