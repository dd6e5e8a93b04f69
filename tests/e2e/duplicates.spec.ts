import { expect, test, type Page } from '@playwright/test';
import type { ItemRow as Row, ItemsResponse as ItemsBody } from '#shared/api/index.js';
import { api, openApp, openBoard, projectIdByName, signIn } from './support.js';

/**
 * Bulk-triaging duplicates as a keyboard user would: every merge asks first (Cancel
 * focused) wherever it starts, j/k only ever move, and a keep or skip in the queue can be
 * taken back. Writes are checked through the API as well as on screen.
 */

const TOKEN = 'demo-owner';
// Not the Checkout app: the review-duplicates spec's dedupe journey there needs its duplicates as the demo made them.
const PROJECT = 'Marketing site';

interface Detail {
  id: string;
  duplicateOf: string | null;
}
interface Similar {
  candidates: Array<{ id: string; line: string }>;
}

let projectId = '';
let signedIn = false;

async function openProject(page: Page): Promise<void> {
  if (!signedIn) {
    await signIn(page, TOKEN, 'Acme (duplicates e2e)');
    signedIn = true;
  } else await openApp(page);
  await openBoard(page, PROJECT);
}

/** An open thread the service finds similar threads for, newest first, as a person meets them on the board. */
async function threadWithCandidates(): Promise<{ itemId: string; candidates: Similar['candidates'] }> {
  const body = await api<ItemsBody>(TOKEN, `/items?projectId=${projectId}&status=open&limit=200`);
  const rows: Row[] = [...body.items].sort((a, b) => b.createdAt - a.createdAt);
  for (const row of rows) {
    const similar = await api<Similar>(TOKEN, '/similar', {
      method: 'POST',
      body: { itemId: row.id, includeResolved: true, limit: 20 },
    });
    if (similar.candidates.length > 0) return { itemId: row.id, candidates: similar.candidates };
  }
  throw new Error('No open thread with similar threads in the demo data');
}

test.describe.serial('merging and judging duplicates', () => {
  test.beforeAll(async () => {
    projectId = await projectIdByName(TOKEN, PROJECT);
  });

  test('Find duplicates asks before merging a candidate, with Cancel focused, and keeps the focus in the dialog', async ({
    page,
  }) => {
    const { itemId, candidates } = await threadWithCandidates();
    const candidateId = candidates[0]!.id;
    await openProject(page);
    await page.getByLabel('Thread ID').fill(itemId);
    await page.getByLabel('Thread ID').press('Enter');
    const view = page.getByTestId('thread-view');
    await expect(view).toContainText(itemId);
    await view.getByRole('button', { name: 'Find duplicates…' }).click();
    const dialog = page.getByTestId('find-duplicates-dialog');
    const card = dialog.locator(`[data-testid="candidate"][data-item-id="${candidateId}"]`);
    await expect(card).toBeVisible();

    // One press only asks: the confirmation names both threads and starts on Cancel.
    await card.getByRole('button', { name: 'Merge into this thread' }).click();
    const confirm = page.getByTestId('dedupe-confirm');
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(candidateId);
    await expect(confirm).toContainText(itemId);
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    expect((await api<Detail>(TOKEN, `/items/${candidateId}`)).duplicateOf).toBeNull();

    // Enter by habit cancels; Esc there closes the confirmation, not the dialog under it.
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(dialog).toBeVisible();
    await card.getByRole('button', { name: 'Merge into this thread' }).click();
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(dialog).toBeVisible();
    expect((await api<Detail>(TOKEN, `/items/${candidateId}`)).duplicateOf).toBeNull();

    // Confirmed: merged, and the focus is on the outcome inside the dialog, not the page body.
    await card.getByRole('button', { name: 'Merge into this thread' }).click();
    await page.keyboard.press('Shift+Tab');
    await expect(confirm.getByRole('button', { name: /^Merge 1 thread into/ })).toBeFocused();
    await page.keyboard.press('Enter');
    const outcome = card.getByTestId('merge-outcome');
    await expect(outcome).toHaveText(/^Merged into/);
    await expect(outcome).toBeFocused();
    expect((await api<Detail>(TOKEN, `/items/${candidateId}`)).duplicateOf).toBe(itemId);
  });

  test('the dedupe queue: j and k move between candidates and decide nothing; n keeps; z puts the kept thread back', async ({
    page,
  }) => {
    await openProject(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('dedupe');
    await page.keyboard.press('Enter');
    const queue = page.getByTestId('dedupe-queue');
    const progress = queue.getByTestId('dedupe-progress');
    await expect(progress).toHaveText(/^1 of (at least )?\d+$/);
    const subject = queue.getByTestId('dedupe-subject');
    const first = (await subject.getAttribute('data-item-id'))!;
    const stats = queue.getByTestId('dedupe-stats');
    await expect(stats).toHaveText('0 merged · 0 kept · 0 skipped');

    // j then k, as in every list: the focus moves down and back, the thread stays, nothing is recorded.
    const options = queue.getByRole('option');
    const focused = queue.locator('[role="option"][data-focused="true"]');
    const top = await focused.getByTestId('candidate').getAttribute('data-item-id');
    await page.keyboard.press('j');
    if ((await options.count()) > 1)
      await expect(focused.getByTestId('candidate')).not.toHaveAttribute('data-item-id', top!);
    await page.keyboard.press('k');
    await expect(focused.getByTestId('candidate')).toHaveAttribute('data-item-id', top!);
    await page.keyboard.press('k');
    await expect(subject).toHaveAttribute('data-item-id', first);
    await expect(progress).toHaveText(/^1 of (at least )?\d+$/);
    await expect(stats).toHaveText('0 merged · 0 kept · 0 skipped');

    // The keep key is shown on its button and in the shortcuts help.
    await expect(queue.getByRole('button', { name: /Keep: not a duplicate/ }).locator('kbd')).toHaveText('n');
    await page.keyboard.press('?');
    const help = page.getByTestId('shortcuts-dialog');
    const queueKeys = help.getByRole('region', { name: 'Duplicates queue' });
    await expect(queueKeys).toContainText('Keep: not a duplicate');
    await expect(
      queueKeys.locator('.shortcuts__row').filter({ hasText: 'Keep: not a duplicate' }).locator('kbd'),
    ).toHaveText('n');
    await expect(queueKeys).toContainText('Undo the last keep or skip');
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    // n keeps and moves on; z takes it back: the same thread and candidates are on screen again.
    await page.keyboard.press('n');
    await expect(stats).toHaveText('0 merged · 1 kept · 0 skipped');
    await expect(subject).not.toHaveAttribute('data-item-id', first);
    await expect(queue.getByTestId('dedupe-decision')).toContainText('Kept');
    await page.keyboard.press('z');
    await expect(subject).toHaveAttribute('data-item-id', first);
    await expect(stats).toHaveText('0 merged · 0 kept · 0 skipped');
    await expect(focused.getByTestId('candidate')).toHaveAttribute('data-item-id', top!);
    await expect(progress).toHaveText(/^1 of (at least )?\d+$/);

    // s skips; the Undo button takes that back too, and the queue keeps the keyboard.
    await page.keyboard.press('s');
    await expect(stats).toHaveText('0 merged · 0 kept · 1 skipped');
    await queue.getByTestId('dedupe-decision').getByRole('button', { name: /Undo/ }).click();
    await expect(subject).toHaveAttribute('data-item-id', first);
    await expect(stats).toHaveText('0 merged · 0 kept · 0 skipped');
    await expect(queue).toBeFocused();
    expect((await api<Detail>(TOKEN, `/items/${first}`)).duplicateOf).toBeNull();

    // A merge started with the mouse asks first too; afterwards the receipt has the focus, not the page body.
    const candidate = (await focused.getByTestId('candidate').getAttribute('data-item-id'))!;
    await queue.getByRole('button', { name: /^m Merge the candidate into this thread/ }).click();
    const confirm = page.getByTestId('dedupe-confirm');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: /^Merge 1 thread into/ }).click();
    const receipt = queue.getByTestId('dedupe-receipt');
    await expect(receipt).toHaveText(/^Merged 1 of 1 thread\./);
    await expect(receipt).toBeFocused();
    expect((await api<Detail>(TOKEN, `/items/${candidate}`)).duplicateOf).toBe(first);
  });
});
