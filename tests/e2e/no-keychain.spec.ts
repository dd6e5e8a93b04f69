import { expect, test } from '@playwright/test';
import { control, SERVICE_URL } from './support.js';

/**
 * A computer without a keychain Triage Desk can use (no Secret Service running): a token
 * cannot be saved, and the connect screen says so and offers what still works, a connection
 * for this session only, in plain words.
 */
test('without a keychain, a token connects for this session only when the person chooses it', async ({ page }) => {
  const { url } = await control<{ url: string }>('/no-keychain/launch');
  await page.goto(url);
  await page.getByLabel('Service URL').fill(SERVICE_URL);
  await page.getByLabel('API token').fill('demo-owner');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();

  await expect(page.getByRole('alert')).toContainText(/No OS keychain is reachable/);
  const offer = page.getByTestId('session-only-offer');
  await expect(offer).toContainText('This computer has no keychain Triage Desk can use');
  await expect(offer).toContainText('nothing is written anywhere, and you paste it again next time');
  await offer.getByRole('button', { name: 'Connect for this session only' }).click();

  await expect(page.getByRole('heading', { name: /signed in as Olivia Owner/ })).toBeVisible();
  await expect(page.getByTestId('saved-connection').filter({ hasText: 'This session only' })).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Choose a project' }).click();
  await expect(page.getByTestId('project-list')).toBeVisible();
});
