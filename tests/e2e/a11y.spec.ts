import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe-support.js';
import { openApp, openBoard, openConnectForm, signIn } from './support.js';

/**
 * Accessibility audit: axe-core's WCAG 2.1 A and AA rules find nothing on the main screens, in
 * the light and in the dark appearance (the app follows the system setting).
 */

const TOKEN = 'demo-owner';
const PROJECT = 'Checkout app';
async function openProject(page: Page): Promise<void> {
  await openApp(page);
  await openBoard(page, PROJECT);
  await expect(page.getByTestId('card').first()).toBeVisible();
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${scheme} appearance`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
    });

    test('connect screen', async ({ page }) => {
      await openConnectForm(page);
      await expect(page.getByLabel('Service URL')).toBeVisible();
      await expectNoViolations(page, `connect (${scheme})`);
    });

    test('project list', async ({ page }) => {
      await signIn(page, TOKEN, `Acme (a11y e2e, ${scheme})`);
      await expect(page.getByTestId('project-list').getByRole('button').first()).toBeVisible();
      await expectNoViolations(page, `projects (${scheme})`);
    });

    test('board', async ({ page }) => {
      await openProject(page);
      await expectNoViolations(page, `board (${scheme})`);
    });

    test('table', async ({ page }) => {
      await openProject(page);
      await page.getByTestId('view-table').click();
      await expect(page.getByTestId('table-row').first()).toBeVisible();
      await expectNoViolations(page, `table (${scheme})`);
    });

    test('thread panel open', async ({ page }) => {
      await openProject(page);
      const card = page.getByTestId('card').first();
      const itemId = (await card.getAttribute('data-item-id'))!;
      await card.click();
      await expect(page.getByTestId('thread-view')).toContainText(itemId);
      await expectNoViolations(page, `thread (${scheme})`);
    });

    for (const tab of ['What’s new', 'Review', 'Decisions', 'Source hotspots'] as const) {
      test(`reports: ${tab}`, async ({ page }) => {
        await openProject(page);
        await page
          .getByRole('tab', { name: /^Reports$/ })
          .or(page.getByRole('link', { name: /^Reports$/ }))
          .or(page.getByRole('button', { name: /^Reports$/ }))
          .first()
          .click();
        const reports = page.getByTestId('reports-screen');
        await expect(reports).toBeVisible();
        await reports.getByRole('tab', { name: tab }).click();
        await expect(reports.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
        await expect(reports.getByRole('tabpanel')).toBeVisible();
        await expect(reports.locator('[aria-busy="true"]')).toHaveCount(0);
        await expectNoViolations(page, `reports, ${tab} (${scheme})`);
      });
    }

    test('for me (inbox)', async ({ page }) => {
      await openProject(page);
      await page.getByTestId('nav-inbox').click();
      await expect(page.locator('main.inbox')).toHaveAttribute('data-loaded', 'true');
      await expectNoViolations(page, `inbox (${scheme})`);
    });

    test('command palette open', async ({ page }) => {
      await openProject(page);
      await page.keyboard.press('Control+k');
      await expect(page.getByTestId('command-palette')).toBeVisible();
      await page.keyboard.type('assign');
      await expect(page.getByTestId('command-palette').getByRole('option').first()).toBeVisible();
      await expectNoViolations(page, `palette (${scheme})`);
    });

    test('assign dialog open', async ({ page }) => {
      await openProject(page);
      await page.getByTestId('card').first().focus();
      await page.keyboard.press('a');
      const dialog = page.getByTestId('assign-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('option').first()).toBeVisible();
      await expectNoViolations(page, `assign dialog (${scheme})`);
    });

    test('merge dialog open', async ({ page }) => {
      await openProject(page);
      await page.getByTestId('view-table').click();
      await page.getByTestId('items-table').focus();
      await page.keyboard.press('j');
      await page.keyboard.press('x');
      await page.keyboard.press('Shift+J');
      await page.keyboard.press('m');
      await expect(page.getByTestId('merge-dialog').getByTestId('merge-preview')).toBeVisible();
      await expectNoViolations(page, `merge dialog (${scheme})`);
    });

    test('find duplicates dialog open', async ({ page }) => {
      await openProject(page);
      await page.getByTestId('card').first().click();
      await page.getByTestId('thread-view').getByRole('button', { name: 'Find duplicates…' }).click();
      const dialog = page.getByTestId('find-duplicates-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectNoViolations(page, `find duplicates dialog (${scheme})`);
    });

    test('new thread dialog open', async ({ page }) => {
      await openProject(page);
      await page.keyboard.press('Control+k');
      await page.keyboard.type('Create a thread');
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('create-dialog')).toBeVisible();
      await expectNoViolations(page, `new thread dialog (${scheme})`);
    });

    test('undo toast after a move', async ({ page }) => {
      await openProject(page);
      const card = page.getByTestId('column-open').getByTestId('card').first();
      const itemId = (await card.getAttribute('data-item-id'))!;
      await card.focus();
      await page.keyboard.press('d');
      await expect(page.getByTestId('undo-toast')).toBeVisible();
      // Only the toast: it leaves after a few seconds, sooner than a whole-page audit takes here.
      await expectNoViolations(page, `undo toast (${scheme})`, '[data-testid="undo-toast"]');
      // Put the thread back as it was, for the specs that follow (the toast may be gone by now).
      await page.locator(`[data-testid="card"][data-item-id="${itemId}"]`).focus();
      await page.keyboard.press('o');
      await expect(page.getByTestId('column-open').locator(`[data-item-id="${itemId}"]`)).toHaveCount(1);
    });

    test('undo history, with a change undone and one still to undo', async ({ page }) => {
      await openProject(page);
      const cards = page.getByTestId('column-open').getByTestId('card');
      const first = (await cards.nth(0).getAttribute('data-item-id'))!;
      const second = (await cards.nth(1).getAttribute('data-item-id'))!;
      for (const id of [first, second]) {
        await page.keyboard.press('Escape');
        await page
          .getByTestId('board')
          .locator(`[data-item-id="${id}"]`)
          .click({ modifiers: ['Control'] });
        await expect(page.getByTestId('selection-count')).toHaveText('1 selected');
        await page.keyboard.press('d');
        await expect(page.getByTestId('board').locator(`[data-item-id="${id}"]`)).toHaveAttribute(
          'data-status',
          'deferred',
        );
      }
      await page.keyboard.press('Escape');
      await page.keyboard.press('z');
      await expect(page.getByTestId('bulk-receipt')).toContainText('1 thread changed back to Open');
      await page.keyboard.press('Shift+Z');
      const history = page.getByTestId('undo-history');
      await expect(history.locator('[data-state="undone"]')).toHaveCount(1);
      await expect(history.locator('[data-state="ready"]')).toHaveCount(1);
      await expectNoViolations(page, `undo history (${scheme})`);
      // Leave the project as it was for the specs after this one.
      await history.getByRole('button', { name: /^Undo( z)? ?: / }).click();
      await expect(history.locator('[data-state="undone"]')).toHaveCount(2);
    });

    test('dedupe queue', async ({ page }) => {
      await openProject(page);
      await page.keyboard.press('Control+k');
      await page.keyboard.type('dedupe');
      await page.keyboard.press('Enter');
      const queue = page.getByTestId('dedupe-queue');
      await expect(queue.getByTestId('dedupe-progress')).toHaveText(/^1 of (at least )?\d+$/);
      await expectNoViolations(page, `dedupe (${scheme})`);
    });
  });
}
