import { expect, test, type Page, type Route } from '@playwright/test';
import { expectNoViolations } from './axe-support.js';
import { reports } from './reports-support.js';
import { forgetConnectionsAfterAll, openBoard, signInOnce } from './support.js';

/**
 * The screens whose code loads when first shown (the reports, the dedupe queue, hot elements,
 * the evidence gallery): from a cold start (a new document on a project's board) the reports
 * open by keyboard, saying what is loading meanwhile; when their files do not arrive (the
 * gateway stopped, say) the screen says so in words with a Retry, and Retry loads them.
 * Read-only: nothing in the shared data changes.
 */
const TOKEN = 'demo-owner';
const LABEL = 'Owner (lazy screens e2e)';
const PROJECT = 'Checkout app';
const REPORTS_CHUNK = '**/assets/ReportsScreen-*.js';

const open = signInOnce(TOKEN, LABEL);

/** A new document on the project's board: the first screen as the app starts on it. */
async function coldStartOnBoard(page: Page): Promise<void> {
  await open(page);
  await openBoard(page, PROJECT);
  await page.reload();
  await expect(page.getByTestId('board')).toBeVisible();
}

async function openReportsByKeyboard(page: Page): Promise<void> {
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Open reports');
  await page.keyboard.press('Enter');
}

test.describe.serial('screens loaded when first shown', () => {
  forgetConnectionsAfterAll([LABEL]);

  test('from a cold start the reports open by keyboard, with a status saying what is loading', async ({ page }) => {
    await coldStartOnBoard(page);
    // The reports' code is held back until the loading status has been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((ok) => (release = ok));
    await page.route(REPORTS_CHUNK, async (route: Route) => {
      await held;
      await route.continue();
    });
    await openReportsByKeyboard(page);
    const status = page.getByRole('status').filter({ hasText: 'Loading the reports…' });
    await expect(status).toBeVisible();
    await expect(page.getByRole('main')).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(reports(page)).toBeVisible();
    await expect(status).toHaveCount(0);
    await expect(reports(page).getByRole('tab', { selected: true })).toBeVisible();
  });

  test('reports whose files do not arrive say so with a Retry, and Retry opens them', async ({ page }) => {
    await coldStartOnBoard(page);
    await page.route(REPORTS_CHUNK, (route) => route.abort('connectionrefused'));
    await openReportsByKeyboard(page);
    const failed = page.getByTestId('lazy-part-failed');
    await expect(failed.getByRole('alert')).toContainText('Triage Desk could not load the reports');
    await expect(failed).toContainText('Check that Triage Desk is still running');
    await expectNoViolations(page, 'reports that could not load');
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoViolations(page, `reports that could not load (${scheme})`);
    }

    // The gateway is back: Retry (by keyboard) loads the screen, and the message goes.
    await page.unroute(REPORTS_CHUNK);
    await failed.getByRole('button', { name: 'Retry' }).focus();
    await page.keyboard.press('Enter');
    await expect(reports(page)).toBeVisible();
    await expect(failed).toHaveCount(0);
  });

  test('hot elements and the evidence gallery open by their keys from a cold start', async ({ page }) => {
    await coldStartOnBoard(page);
    await expect(page.getByText(/^Updated /)).toBeVisible();
    await page.keyboard.press('g');
    await page.keyboard.press('h');
    await expect(page.getByTestId('hot-elements-view')).toBeVisible();
    await page.keyboard.press('g');
    await page.keyboard.press('e');
    await expect(page.getByTestId('gallery-scroll')).toBeVisible();
  });
});
