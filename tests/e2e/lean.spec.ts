import { expect, test, type Page } from '@playwright/test';
import { api, control, signIn } from './support.js';

/**
 * The whole app against a service that answers like the live hosted one (the reference
 * service in lean mode, docs/api-decisions.md "Lean mode"): workspaces without slug or
 * availability, `you: null`, untyped new threads, rows without report counts or tasks,
 * details without project or dates, writes answering only their essentials, refusals
 * without our codes. Nothing may read as "can't read", and every count must be right.
 */

const TOKEN = 'demo-owner';
let lean = '';

interface LeanItems {
  summary: { total: number; open: number; resolved: number; deferred?: number; byType: Record<string, number> };
  items: Array<{ id: string; status: string; type: string | null; excerpt: string; createdAt: number }>;
}

const leanApi = <T>(path: string, init: { method?: string; body?: unknown } = {}) =>
  api<T>(TOKEN, path, { ...init, service: lean });

async function checkoutId(): Promise<string> {
  const { projects } = await leanApi<{ projects: Array<{ id: string; name: string }> }>('/projects');
  return projects.find((p) => p.name === 'Checkout app')!.id;
}

async function columnCount(page: Page, status: string): Promise<number> {
  const text = (await page.getByTestId(`column-count-${status}`).textContent()) ?? '';
  return Number(text.replace(/[^0-9]/g, ''));
}

/** Nothing on screen says the service's answer could not be read. */
async function expectAllRead(page: Page): Promise<void> {
  await expect(page.getByText(/can.t read/i)).toHaveCount(0);
  await expect(page.getByTestId('unreadable-notice')).toHaveCount(0);
  await expect(page.getByTestId('unreadable-part')).toHaveCount(0);
}

async function openCheckout(page: Page): Promise<void> {
  await page
    .getByTestId('project-list')
    .getByRole('button', { name: /Checkout app/ })
    .click();
  await expect(page.getByTestId('board')).toBeVisible();
}

test.describe.serial('against a live-like (lean) service', () => {
  let projectId = '';
  let untypedId = '';
  /** The thread the merge journey kept: one duplicate merged into it. */
  let keptWithDuplicate = '';
  const untypedText = `Lean e2e: the coupon field forgets its value (${Date.now()})`;

  test.beforeAll(async () => {
    lean = (await control<{ baseUrl: string }>('/lean/start')).baseUrl;
    projectId = await checkoutId();
    const created = await leanApi<{ pinId: string; postedAs: string }>('/items/create', {
      method: 'POST',
      body: { projectId, url: 'https://checkout.acme.example/cart', body: untypedText },
    });
    // The lean answer carries only its essentials, and the new thread has no type yet.
    expect(Object.keys(created).sort()).toEqual(['pinId', 'postedAs']);
    untypedId = created.pinId;
  });

  test('connects with the address ending in /api/v1 and shows the board with every count right', async ({ page }) => {
    await signIn(page, TOKEN, 'Lean (e2e)', `${lean}/api/v1/`);
    await openCheckout(page);
    const truth = await leanApi<LeanItems>(`/items?projectId=${projectId}&limit=1`);
    // The lean summary has no `deferred`: the app counts what open and resolved leave.
    expect(truth.summary.deferred).toBeUndefined();
    const deferred = truth.summary.total - truth.summary.open - truth.summary.resolved;
    await expect.poll(() => columnCount(page, 'open')).toBe(truth.summary.open);
    await expect.poll(() => columnCount(page, 'resolved')).toBe(truth.summary.resolved);
    await expect.poll(() => columnCount(page, 'deferred')).toBe(deferred);
    await expect(page.getByTestId('board').getByRole('article').filter({ hasText: untypedText })).toBeVisible();
    await expect(page.getByTestId('board').locator('[data-item-id]').filter({ hasText: untypedText })).toContainText(
      'Unclassified',
    );
    await expectAllRead(page);
  });

  test('opens the untyped thread, replies, and picks who "@Alex" meant although the refusal names no one', async ({
    page,
  }) => {
    await signIn(page, TOKEN, 'Lean (e2e)', `${lean}/api/v1`);
    await openCheckout(page);
    await page.getByTestId('board').getByText(untypedText).click();
    const view = page.getByTestId('thread-view');
    await expect(view).toContainText('Unclassified');
    const box = view.getByRole('textbox', { name: 'Reply' });
    await box.click();
    await box.pressSequentially('@Alex, can you look at the coupon field?');
    await box.press('Escape');
    await box.press('Control+Enter');
    // The members list says the name fits two people: the app asks before anything is sent.
    const choice = page.getByTestId('mention-choice');
    await expect(choice).toContainText('“@Alex” matches 2 people');
    await choice.getByRole('button', { name: /Alex Park/ }).click();
    await expect(view.getByTestId('reply-posted')).toHaveText(/Posted as Olivia Owner/);
    const after = await leanApi<{ thread: { replies: Array<{ content: string }> } }>(`/items/${untypedId}`);
    expect(after.thread.replies.map((r) => r.content)).toEqual(['@Alex Park, can you look at the coupon field?']);
    await expectAllRead(page);
  });

  test('says what changed, then resolves without being asked again (authors known by name), and the board and the service agree', async ({
    page,
  }) => {
    await signIn(page, TOKEN, 'Lean (e2e)', `${lean}/api/v1`);
    await openCheckout(page);
    const before = await columnCount(page, 'resolved');
    await page.getByTestId('board').getByText(untypedText).click();
    const view = page.getByTestId('thread-view');
    const box = view.getByRole('textbox', { name: 'Reply' });
    await box.fill('Fixed: the coupon field keeps its value now.');
    await box.press('Control+Enter');
    await expect(view.getByTestId('reply-posted')).toHaveText(/Posted as Olivia Owner/);
    // The lean messages carry no authorId: the name the service posted as tells the last word is ours.
    await view.getByRole('button', { name: 'Resolved', exact: true }).click();
    await expect(view.getByTestId('resolve-prompt')).toHaveCount(0);
    await expect(view.getByRole('button', { name: 'Resolved', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await leanApi<{ status: string }>(`/items/${untypedId}`)).status).toBe('resolved');
    await expect.poll(() => columnCount(page, 'resolved')).toBe(before + 1);
    await expectAllRead(page);
  });

  test('merges two threads: the duplicate leaves the board and the service', async ({ page }) => {
    const { items } = await leanApi<LeanItems>(`/items?projectId=${projectId}&status=open&limit=200`);
    const [keep, dup] = items.slice(0, 2);
    await signIn(page, TOKEN, 'Lean (e2e)', `${lean}/api/v1`);
    await openCheckout(page);
    const openBefore = await columnCount(page, 'open');
    for (const item of [keep!, dup!]) {
      await page
        .getByTestId('board')
        .locator(`[data-item-id="${item.id}"]`)
        .click({ modifiers: ['Control'] });
    }
    await expect(page.getByTestId('selection-count')).toHaveText('2 selected');
    await page.keyboard.press('m');
    const dialog = page.getByTestId('merge-dialog');
    const keptId = await dialog.getByRole('radio', { checked: true }).getAttribute('value');
    const mergedId = keptId === keep!.id ? dup!.id : keep!.id;
    keptWithDuplicate = keptId!;
    await dialog.getByRole('button', { name: /^Merge 1 thread/ }).click();
    await expect(dialog.getByTestId('merge-receipt')).toContainText('Merged 1 of 1 thread.');
    const after = await leanApi<LeanItems>(`/items?projectId=${projectId}&status=open&limit=200`);
    expect(after.items.some((i) => i.id === mergedId)).toBe(false);
    expect(after.items.some((i) => i.id === keptId)).toBe(true);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => columnCount(page, 'open')).toBe(openBefore - 1);
    await expectAllRead(page);
  });

  test('report counts read as the live client means them (its own report included): no duplicate shows that is not there', async ({
    page,
  }) => {
    // The lean service counts a thread's own report too (1 for a thread nothing was merged into).
    const { candidates } = await leanApi<{ candidates: Array<{ id: string; reportCount: number }> }>('/similar', {
      method: 'POST',
      body: { itemId: keptWithDuplicate, includeResolved: true, limit: 20 },
    });
    expect(candidates.length).toBeGreaterThan(0);
    expect(candidates.every((c) => c.reportCount >= 1)).toBe(true);
    const merged = new Map(candidates.map((c) => [c.id, c.reportCount - 1]));

    await signIn(page, TOKEN, 'Lean (e2e)', `${lean}/api/v1`);
    await openCheckout(page);
    await page.getByLabel('Thread ID').fill(keptWithDuplicate);
    await page.getByLabel('Thread ID').press('Enter');
    const view = page.getByTestId('thread-view');
    await expect(view).toContainText(keptWithDuplicate);
    await view.getByRole('button', { name: 'Find duplicates…' }).click();
    const shown = page.getByTestId('candidate');
    await expect(shown.first()).toBeVisible();
    let checked = 0;
    for (const card of await shown.all()) {
      const n = merged.get((await card.getAttribute('data-item-id'))!);
      if (n === undefined) continue;
      checked += 1;
      if (n === 0) await expect(card.locator('.candidate__head')).not.toContainText('report');
      else await expect(card.locator('.candidate__head')).toContainText(n === 1 ? '· 1 report' : `· ${n} reports`);
    }
    expect(checked).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expectAllRead(page);
  });

  test('every report tab reads: what’s new, review, decisions, source hotspots', async ({ page }) => {
    await signIn(page, TOKEN, 'Lean (e2e)', `${lean}/api/v1`);
    await openCheckout(page);
    await page
      .getByRole('link', { name: 'Reports' })
      .or(page.getByRole('tab', { name: 'Reports' }))
      .or(page.getByText('Reports', { exact: true }))
      .first()
      .click();
    const tabs = page.getByRole('tab');
    await tabs.filter({ hasText: 'What’s new' }).click();
    await page.getByRole('button', { name: 'Brief me since my last briefing' }).click();
    await expect(page.getByTestId('briefing')).toBeVisible();
    await expectAllRead(page);

    await tabs.filter({ hasText: 'Review' }).click();
    const review = await leanApi<{ counts: { threads: number; open: number } }>(`/review?projectId=${projectId}`);
    await expect(page.getByText('Overview')).toBeVisible();
    await expect(page.getByTestId('count-threads-value')).toHaveText(review.counts.threads.toLocaleString('en-US'));
    await expect(page.getByTestId('count-open-value')).toHaveText(review.counts.open.toLocaleString('en-US'));
    await expectAllRead(page);

    await tabs.filter({ hasText: 'Decisions' }).click();
    await expect(page.getByTestId('rules-panel')).toBeVisible();
    await expectAllRead(page);

    await tabs.filter({ hasText: 'Source hotspots' }).click();
    await expect(page.getByTestId('hotspots-coverage')).toContainText('stamped');
    await expectAllRead(page);
  });
});
