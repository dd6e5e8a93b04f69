import { expect, type Locator, type Page } from '@playwright/test';

/** Opens a thread by typing its ID in the Thread ID field, and returns the thread view once it shows that thread. */
export async function openThreadById(page: Page, itemId: string): Promise<Locator> {
  await page.getByLabel('Thread ID').fill(itemId);
  await page.getByLabel('Thread ID').press('Enter');
  const view = page.getByTestId('thread-view');
  await expect(view).toContainText(itemId);
  return view;
}
