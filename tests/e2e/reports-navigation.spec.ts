import { expect, test, type Page } from '@playwright/test';
import { reports, reportsTabOf } from './reports-support.js';
import { scrolledAncestors } from './page-probes.js';
import { api, forgetConnectionsAfterAll, openBoard, projectIdByName, signInOnce } from './support.js';

/**
 * Getting around the reports: the open tab is in the address (reload, Back, a pasted link),
 * a reload keeps the project's name, the screen is a main landmark with a skip link to it,
 * the review's "Jump to" stays reachable while scrolled, and "Longest discussions" is a top list.
 */
const TOKEN = 'demo-owner';
const LABEL = 'Owner (reports navigation e2e)';
const PROJECT = 'Checkout app';

interface Review {
  pages: Record<'discussions', { total: number }>;
}

const open = signInOnce(TOKEN, LABEL);

/** Follows an address as a pasted link would (run in the page, written as text: the specs compile without the DOM's types). */
const go = (page: Page, hash: string) => page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);

test.describe.serial('getting around the reports', () => {
  let projectId = '';
  test.beforeAll(async () => {
    projectId = await projectIdByName(TOKEN, PROJECT);
  });
  forgetConnectionsAfterAll([LABEL]);

  test('the tab is in the address: reload keeps it and the project’s name, Back returns to the tab before', async ({
    page,
  }) => {
    await open(page);
    await reportsTabOf(page, PROJECT, 'Review');
    await expect(page).toHaveURL(new RegExp(`#/p/${projectId}/reports/review$`));
    await reports(page).getByRole('tab', { name: 'Decisions' }).click();
    await expect(page).toHaveURL(new RegExp(`#/p/${projectId}/reports/decisions$`));

    await page.reload();
    await expect(reports(page).getByRole('tab', { name: 'Decisions' })).toHaveAttribute('aria-selected', 'true');
    await expect(reports(page).getByRole('heading', { level: 1 })).toHaveText(`${PROJECT} — Decisions`);
    await expect(page.getByRole('navigation', { name: 'Location' })).toContainText(PROJECT);
    await expect(page.getByRole('navigation', { name: 'Location' })).not.toContainText(/\bProject\b(?! s)/);
    await expect(page).toHaveTitle(`${PROJECT} — Reports · Triage Desk`);

    await page.goBack();
    await expect(reports(page).getByRole('tab', { name: 'Review' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(new RegExp(`/reports/review$`));
  });

  test('a link to a tab opens it; the old address without a tab still opens the reports', async ({ page }) => {
    await open(page);
    await go(page, `#/p/${projectId}/reports/hotspots`);
    await expect(reports(page).getByRole('tab', { name: 'Source hotspots' })).toHaveAttribute('aria-selected', 'true');
    await go(page, `#/p/${projectId}/board`);
    await expect(page.getByTestId('board')).toBeVisible();
    await go(page, `#/p/${projectId}/reports`);
    await expect(reports(page)).toBeVisible();
    await expect(reports(page).getByRole('tab', { name: 'Source hotspots' })).toHaveAttribute('aria-selected', 'true');
  });

  test('the reports are the main landmark; the first Tab stop skips to the open report', async ({ page }) => {
    await open(page);
    await reportsTabOf(page, PROJECT, 'Decisions');
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('main')).toHaveAttribute('data-testid', 'reports-screen');
    // Fresh from the address (the tab is in it), the first Tab press.
    await page.reload();
    await expect(reports(page).getByRole('tab', { name: 'Decisions' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Tab');
    const skip = page.getByTestId('reports-skip-link');
    await expect(skip).toBeFocused();
    await expect(skip).toHaveText('Skip to the report');
    await page.keyboard.press('Enter');
    await expect(reports(page).getByRole('tab', { name: 'Decisions' })).toBeFocused();
  });

  test('“Jump to” stays in view while the review scrolls; “Longest discussions” is a top ten', async ({ page }) => {
    const review = await api<Review>(TOKEN, `/review?projectId=${projectId}`);
    await open(page);
    await reportsTabOf(page, PROJECT, 'Review');
    const jump = reports(page).getByRole('navigation', { name: 'Review sections' });
    await jump.getByRole('button', { name: /Longest discussions/ }).click();
    await expect(reports(page).getByRole('heading', { name: /Longest discussions/ })).toBeInViewport();
    await expect(jump).toBeInViewport();
    // Scrolled to the bottom, it is still there to use.
    await reports(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(jump).toBeInViewport();
    await jump.getByRole('button', { name: /Resolved/ }).click();
    await expect(reports(page).getByRole('heading', { name: /^Resolved/ })).toBeInViewport();

    const discussions = page.getByTestId('review-section-discussions');
    const shown = Math.min(10, review.pages.discussions.total);
    await expect(discussions.getByTestId('review-row')).toHaveCount(shown);
    await expect(page.getByTestId('review-showing-discussions')).toContainText(
      review.pages.discussions.total > 10
        ? `The 10 longest of ${review.pages.discussions.total.toLocaleString('en-US')}`
        : 'threads with replies',
    );
    await expect(page.getByTestId('review-more-discussions')).toHaveCount(0);
  });

  test('Reports → Review → Jump to scrolls the report only; the app header stays', async ({ page }) => {
    await open(page);
    await openBoard(page, 'Brand refresh');
    await page
      .getByRole('tab', { name: /^Reports$/ })
      .or(page.getByRole('link', { name: /^Reports$/ }))
      .or(page.getByRole('button', { name: /^Reports$/ }))
      .first()
      .click();
    const screen = page.getByTestId('reports-screen');
    await screen.getByRole('tab', { name: 'Review' }).click();
    const jump = screen.getByRole('navigation', { name: 'Review sections' });
    await expect(jump).toBeVisible();
    await jump.getByRole('button').last().click();
    await expect(page.locator('[id^="review-section-"]').last()).toBeInViewport();
    expect(await scrolledAncestors(page, '.shell__header')).toEqual([]);
    const header = await page.locator('.shell__header').boundingBox();
    expect(header?.y).toBe(0);
    await expect(page.getByRole('navigation', { name: 'Location' })).toBeInViewport();
    await page.screenshot({ path: '.reports/reports-review-jump.png' });
  });
});
