import { expect, test } from '@playwright/test';
import { api, control, signIn } from './support.js';

/**
 * Hot elements and the evidence gallery against a service that answers like the live one
 * (lean mode): anchors carry only skyId/skyKey, evidence only its address and whether it
 * expired (no capture time). Read-only.
 */

const TOKEN = 'demo-owner';
const PAGE = '/checkout/payment';
let lean = '';

const leanApi = <T>(path: string) => api<T>(TOKEN, path, { service: lean });

test.describe.serial('hot elements and evidence against a live-like (lean) service', () => {
  let projectId = '';

  test.beforeAll(async () => {
    lean = (await control<{ baseUrl: string }>('/lean/start')).baseUrl;
    const { projects } = await leanApi<{ projects: Array<{ id: string; name: string }> }>('/projects');
    projectId = projects.find((p) => p.name === 'Checkout app')!.id;
  });

  test('groups a page by the live service’s stamp keys and shows the gallery’s screenshots', async ({ page }) => {
    const { items } = await leanApi<{ items: Array<{ id: string }> }>(
      `/items?projectId=${projectId}&page=${encodeURIComponent(PAGE)}&limit=200`,
    );
    const counts = new Map<string, number>();
    for (const { id } of items) {
      const d = await leanApi<{ anchor: { skyKey?: string; stampKey?: string } }>(`/items/${id}`);
      // The lean answer names the stamp key as the live service does, and only so.
      expect(d.anchor.stampKey).toBeUndefined();
      counts.set(d.anchor.skyKey!, (counts.get(d.anchor.skyKey!) ?? 0) + 1);
    }
    const [topKey, topCount] = [...counts].sort((a, b) => b[1] - a[1])[0]!;

    await signIn(page, TOKEN, 'Lean (evidence e2e)', `${lean}/api/v1`);
    await page
      .getByTestId('project-list')
      .getByRole('button', { name: /Checkout app/ })
      .click();
    await expect(page.getByText(/^Updated /)).toBeVisible();
    await page.getByTestId('view-elements').click();
    await page
      .getByTestId('hot-pages')
      .getByRole('button', { name: new RegExp(`^${PAGE}\\b`) })
      .click();
    await expect(page.getByTestId('evidence-progress')).toHaveText(`${items.length} of ${items.length} threads read`);
    const top = page.getByTestId('hot-element').first();
    await expect(top.locator('code')).toHaveText(topKey);
    await expect(top.getByTestId('hot-element-total')).toHaveText(`${topCount} threads`);
    await expect(top.locator('img')).toBeVisible();
    await expect(page.getByTestId('unreadable-part')).toHaveCount(0);

    await page.keyboard.press('g');
    await page.keyboard.press('e');
    await expect(page.getByTestId('evidence-gallery')).toBeVisible();
    await expect(page.getByTestId('evidence-progress')).toHaveText(new RegExp(` of ${items.length} screenshots read`));
    await expect(page.getByTestId('gallery-tile').first().locator('img')).toBeVisible();
    await expect(page.getByTestId('gallery-element').first().locator('code')).toHaveText(topKey);
  });
});
