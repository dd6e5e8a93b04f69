import { expect, test } from '@playwright/test';
import { api, control, openBoard, signIn } from './support.js';

/**
 * Moving from one thread to another while the service holds the app back (a rate-limit
 * pause, from the e2e stack's fault service): the panel shows the thread the person chose at
 * once, and nothing in it acts until that thread's detail is there.
 */

const OWNER = 'demo-owner';
/** Reads for the test go with another person's token: its own bucket, so the app's is not touched. */
const WITNESS = 'demo-admin';
const PROJECT = 'Brand refresh';

interface Detail {
  thread: { root: { content: string } };
}

const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Spends the owner's requests on the fault service until it refuses one, as a busy second client would. */
async function spendOwnerBudget(service: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const res = await fetch(`${service}/api/v1/projects`, { headers: { authorization: `Bearer ${OWNER}` } });
    if (res.status === 429) return;
  }
  throw new Error('The fault service never refused a request: is it rate limited?');
}

test('under a rate-limit pause, clicking another card shows that thread at once, its actions disabled until it arrives', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Bursts of 12 for signing in and the board, then one request every 10 s.
  const fault = await control<{ baseUrl: string }>('/fault/start?rate-limit=6/12');
  await signIn(page, OWNER, 'Fault service (switching threads)', fault.baseUrl);
  await openBoard(page, PROJECT);

  const cards = page.getByTestId('column-open').getByTestId('card');
  await expect(cards.nth(1)).toBeVisible({ timeout: 60_000 });
  const firstId = (await cards.nth(0).getAttribute('data-item-id'))!;
  const secondId = (await cards.nth(1).getAttribute('data-item-id'))!;
  const second = await api<Detail>(WITNESS, `/items/${secondId}`, { service: fault.baseUrl });
  const secondTitle = startsWith(
    second.thread.root.content
      .split('\n')
      .find((l) => l.trim())!
      .trim()
      .slice(0, 40),
  );

  const view = page.getByTestId('thread-view');
  const heading = view.getByRole('heading', { level: 2 }).first();
  const status = view.getByRole('group', { name: 'Status' });
  await cards.nth(0).click();
  await expect(view).toContainText(firstId, { timeout: 60_000 });
  await expect(status.getByRole('button', { name: 'Deferred' })).toBeEnabled({ timeout: 60_000 });
  await expect(view).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
  const firstTitle = (await heading.textContent())!;

  await spendOwnerBudget(fault.baseUrl);
  await cards.nth(1).click();
  await expect(page).toHaveURL(new RegExp(secondId));

  // At once, long before the service lets the detail through: the chosen thread's title and
  // ID, and no button that would act on the thread before.
  await expect(heading).toHaveText(secondTitle, { timeout: 2_000 });
  expect(firstTitle).not.toMatch(secondTitle);
  await expect(view).toContainText(secondId, { timeout: 2_000 });
  await expect(view).not.toContainText(firstId);
  await expect(view.getByTestId('thread-switching')).toBeVisible();
  for (const name of ['Open', 'Deferred', 'Resolved'])
    await expect(status.getByRole('button', { name })).toBeDisabled();
  await expect(view.getByRole('button', { name: 'Assign…' })).toBeDisabled();
  await expect(view.getByRole('button', { name: 'Find duplicates…' })).toBeDisabled();
  await expect(view.getByRole('textbox', { name: 'Reply' })).toHaveCount(0);

  // Once the pause is over, the chosen thread's detail arrives and its actions work.
  await expect(view.getByTestId('thread-switching')).toBeHidden({ timeout: 120_000 });
  await expect(view.getByTestId('copy-thread-link')).toBeVisible();
  await expect(view).toContainText(secondId);
  await expect(status.getByRole('button', { name: 'Deferred' })).toBeEnabled();
  await expect(heading).toHaveText(secondTitle);
});
