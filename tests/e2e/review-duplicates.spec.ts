import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, forgetConnectionsAfterAll, openBoard, signInOnce } from './support.js';

/**
 * Reviewing duplicates in the dedupe queue of the Checkout app: a merge is asked for first,
 * with the safe choice focused, and the subject then shows what the service counts.
 * (The Checkout app's duplicates are left as the demo made them by the specs sorted before this one.)
 */

const TOKEN = 'demo-owner';
const LABEL = 'Acme (review duplicates e2e)';
const CHECKOUT = 'Checkout app';

interface Message {
  author: string;
  authorId: string | null;
  content: string;
}
interface Detail {
  id: string;
  reportCount: number;
  duplicateOf: string | null;
  assignee: { id: string; name: string; mode: string | null } | null;
  thread: { root: Message; replies: Message[] };
}
const detail = (id: string) => api<Detail>(TOKEN, `/items/${id}`);

const open = signInOnce(TOKEN, LABEL);

async function openDedupe(page: Page): Promise<Locator> {
  await open(page);
  await openBoard(page, CHECKOUT);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('dedupe');
  await page.keyboard.press('Enter');
  const queue = page.getByTestId('dedupe-queue');
  await expect(queue.getByTestId('dedupe-progress')).toHaveText(/^1 of (at least )?\d+$/);
  return queue;
}

test.describe('reviewing duplicates in the dedupe queue', () => {
  forgetConnectionsAfterAll([LABEL]);

  test('m asks first, naming what goes into what, with Cancel focused; the merge runs only when confirmed', async ({
    page,
  }) => {
    const queue = await openDedupe(page);
    // A thread with at least two candidates, so it stays on screen after one is merged.
    const options = queue.getByRole('option');
    for (let i = 0; i < 15 && (await options.count()) < 2; i++) {
      const before = await queue.getByTestId('dedupe-subject').getAttribute('data-item-id');
      await page.keyboard.press('s');
      await expect(queue.getByTestId('dedupe-subject')).not.toHaveAttribute('data-item-id', before!);
    }
    expect(await options.count()).toBeGreaterThan(1);
    const subject = queue.getByTestId('dedupe-subject');
    const subjectId = (await subject.getAttribute('data-item-id'))!;
    const focused = queue.locator('[role="option"][data-focused="true"]').getByTestId('candidate');
    const candidateId = (await focused.getAttribute('data-item-id'))!;

    await page.keyboard.press('m');
    const confirm = page.getByTestId('dedupe-confirm');
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText('cannot be undone');
    await expect(confirm).toContainText(candidateId);
    await expect(confirm).toContainText(subjectId);
    // The safe choice has focus: Enter right after m changes nothing.
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    expect((await detail(candidateId)).duplicateOf).toBeNull();
    await expect(queue.getByTestId('dedupe-stats')).toHaveText(/^0 merged/);

    // Confirmed on purpose: Shift+Tab to the merge button, Enter.
    await page.keyboard.press('m');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(confirm.getByRole('button', { name: /^Merge 1 thread into/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(queue.getByTestId('dedupe-receipt')).toHaveText(/^Merged 1 of 1 thread\./);
    expect((await detail(candidateId)).duplicateOf).toBe(subjectId);

    // Bug 4: the subject stays on screen and shows the count the service now has.
    await expect(subject).toHaveAttribute('data-item-id', subjectId);
    const count = (await detail(subjectId)).reportCount;
    expect(count).toBeGreaterThan(0);
    await expect(subject.getByTestId('dedupe-subject-reports')).toHaveText(
      count === 1 ? '1 report' : `${count} reports`,
    );
  });
});
