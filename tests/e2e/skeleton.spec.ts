import { expect, test, type Page } from '@playwright/test';
import { api, connect, openApp, openBoard, projectIdByName, SERVICE_URL } from './support.js';

interface ItemsBody {
  summary: { open: number; deferred: number; resolved: number; total: number };
  items: Array<{ id: string; status: string; createdAt: number; excerpt: string }>;
  capped: boolean;
}
interface Detail {
  id: string;
  status: string;
  evidence: { screenshotUrl: string | null; expired: boolean };
  anchor: { viewport: { x: number; y: number } };
}

async function openProject(page: Page, name: string): Promise<void> {
  await openBoard(page, name);
}

async function columnCount(page: Page, status: string): Promise<number> {
  const text = (await page.getByTestId(`column-count-${status}`).textContent()) ?? '';
  return Number(text.replace(/[^0-9]/g, ''));
}

test.describe.serial('walking skeleton', () => {
  test('connects as demo-owner and lists the reachable workspace', async ({ page }) => {
    await openApp(page);
    // Other specs may have left a connection active: the connections screen is one click away.
    const form = page.getByLabel('Service URL');
    await expect(form.or(page.getByTitle('Saved connections'))).toBeVisible();
    if (!(await form.isVisible())) await page.getByTitle('Saved connections').click();
    await connect(page, 'demo-owner', 'Acme (e2e)');
    const row = page.getByTestId('workspace-list').getByTestId('workspace-row').filter({ hasText: 'Acme Web' });
    await expect(row).toBeVisible();
    await expect(row).toContainText(/owner/i);
    await page.getByRole('button', { name: 'Choose a project' }).click();
    await expect(page.getByTestId('project-list')).toBeVisible();
    // Most recent activity first, as the API orders them; the archived project is not listed.
    const names = await page.getByTestId('project-list').getByRole('button').allTextContents();
    expect(names.join(' ')).toContain('Marketing site');
    expect(names.join(' ')).not.toMatch(/Holiday campaign/);
  });

  test('board counts equal the API summary', async ({ page }) => {
    const projectId = await projectIdByName('demo-owner', 'Checkout app');
    const truth = await api<ItemsBody>('demo-owner', `/items?projectId=${projectId}&limit=1`);
    await openApp(page);
    await openProject(page, 'Checkout app');
    for (const s of ['open', 'deferred', 'resolved'] as const) {
      await expect.poll(() => columnCount(page, s)).toBe(truth.summary[s]);
    }
    // Every thread is on the board, though the endpoint returns at most 200 rows per call.
    await expect(page.getByTestId('banner-truncated')).toHaveCount(0);
  });

  test('the capped project says its counts are minimums', async ({ page }) => {
    const projectId = await projectIdByName('demo-owner', 'Marketing site');
    const truth = await api<ItemsBody>('demo-owner', `/items?projectId=${projectId}&limit=1`);
    expect(truth.capped).toBe(true);
    await openApp(page);
    await openProject(page, 'Marketing site');
    await expect(page.getByTestId('banner-capped')).toBeVisible();
    await expect.poll(() => columnCount(page, 'open')).toBe(truth.summary.open);
  });

  test('dragging a card to Resolved persists across a reload', async ({ page }) => {
    const projectId = await projectIdByName('demo-owner', 'Checkout app');
    await openApp(page);
    await openProject(page, 'Checkout app');
    const openCol = page.getByTestId('column-open');
    const card = openCol.getByTestId('card').first();
    const itemId = await card.getAttribute('data-item-id');
    expect(itemId).toBeTruthy();
    const before = { open: await columnCount(page, 'open'), resolved: await columnCount(page, 'resolved') };

    await card.dragTo(page.getByTestId('column-resolved'));

    await expect.poll(() => columnCount(page, 'resolved')).toBe(before.resolved + 1);
    await expect.poll(() => columnCount(page, 'open')).toBe(before.open - 1);
    // The service agrees, not just the optimistic UI.
    await expect.poll(async () => (await api<Detail>('demo-owner', `/items/${itemId}`)).status).toBe('resolved');

    // A reload reopens the same project from the address (route kept in the URL).
    await page.reload();
    await expect(page.getByTestId('board')).toBeVisible();
    await expect.poll(() => columnCount(page, 'resolved')).toBe(before.resolved + 1);
    const truth = await api<ItemsBody>('demo-owner', `/items?projectId=${projectId}&status=resolved&limit=200`);
    expect(truth.items.some((i) => i.id === itemId)).toBe(true);
    await page.getByLabel('Thread ID').fill(itemId!);
    await page.getByLabel('Thread ID').press('Enter');
    const view = page.getByTestId('thread-view');
    await expect(view).toBeVisible();
    await expect(view.getByRole('group', { name: 'Status' }).getByRole('button', { pressed: true })).toHaveText(
      /Resolved/,
    );
  });

  test('the thread view shows the evidence screenshot with the click marker', async ({ page }) => {
    const projectId = await projectIdByName('demo-owner', 'Checkout app');
    const { items } = await api<ItemsBody>('demo-owner', `/items?projectId=${projectId}&limit=20`);
    // The newest threads are inside the 90-day retention, so their screenshots exist.
    let detail: Detail | undefined;
    for (const row of items) {
      const d = await api<Detail>('demo-owner', `/items/${row.id}`);
      if (d.evidence.screenshotUrl) {
        detail = d;
        break;
      }
    }
    expect(detail, 'a recent thread with a screenshot').toBeTruthy();

    await openApp(page);
    await openProject(page, 'Checkout app');
    await page.getByLabel('Thread ID').fill(detail!.id);
    await page.getByLabel('Thread ID').press('Enter');
    const view = page.getByTestId('thread-view');
    const img = view.getByRole('img', { name: 'Evidence screenshot' });
    await expect(img).toBeVisible();
    // A real image arrived and decoded (its storage URL needs no token).
    await expect
      .poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(100);
    const marker = view.getByTestId('click-marker');
    const [imgBox, markerBox] = [await img.boundingBox(), await marker.boundingBox()];
    expect(imgBox && markerBox).toBeTruthy();
    const cx = markerBox!.x + markerBox!.width / 2 - imgBox!.x;
    const cy = markerBox!.y + markerBox!.height / 2 - imgBox!.y;
    expect(Math.abs((cx / imgBox!.width) * 100 - detail!.anchor.viewport.x)).toBeLessThan(2);
    expect(Math.abs((cy / imgBox!.height) * 100 - detail!.anchor.viewport.y)).toBeLessThan(2);
  });

  test('a revoked token gets a clear sign-in error and nothing is saved', async ({ page }) => {
    await openApp(page);
    // Already signed in from the first test: the header leads back to the connections screen.
    await page.getByTitle('Saved connections').click();
    // The connection saved by the first test is in the keychain and listed.
    await expect(page.getByTestId('saved-connection').filter({ hasText: 'Acme (e2e)' })).toBeVisible();
    const savedBefore = await page.getByTestId('saved-connection').count();
    await connect(page, 'demo-revoked');
    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(/revoked|expired|refused the token/i);
    await expect(alert).toContainText(/new token/i);
    // The error is tied to the token field, and focus is there to paste another.
    const tokenField = page.getByLabel('API token');
    await expect(tokenField).toBeFocused();
    await expect(tokenField).toHaveAttribute('aria-invalid', 'true');
    await expect(tokenField).toHaveAccessibleDescription(/revoked|expired|refused the token/i);
    await expect(page.getByTestId('saved-connection')).toHaveCount(savedBefore);
  });

  test('an address with no feedback API there is said at the address field, with focus on it', async ({ page }) => {
    await openApp(page);
    await page.getByTitle('Saved connections').click();
    await connect(page, 'demo-owner', undefined, `${SERVICE_URL}/not-the-api`);
    const urlField = page.getByLabel('Service URL');
    await expect(urlField).toBeFocused();
    await expect(urlField).toHaveAttribute('aria-invalid', 'true');
    await expect(urlField).toHaveAccessibleDescription(/No feedback API was found at/);
  });
});
