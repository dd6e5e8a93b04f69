import { expect, type Locator, type Page } from '@playwright/test';

/** What the reports specs share: finding the screen, reaching a tab, asking for a briefing. */

export type ReportTab = 'What’s new' | 'Review' | 'Trends' | 'Decisions' | 'Source hotspots';

export const reports = (page: Page): Locator => page.getByTestId('reports-screen');

/** From the project list: the project, then its reports through the app's own navigation, then the tab. */
export async function reportsTabOf(page: Page, project: string, tab: ReportTab): Promise<void> {
  await page
    .getByTestId('project-list')
    .getByRole('button', { name: new RegExp(project) })
    .click();
  await page
    .getByRole('tab', { name: /^Reports$/ })
    .or(page.getByRole('link', { name: /^Reports$/ }))
    .or(page.getByRole('button', { name: /^Reports$/ }))
    .first()
    .click();
  await expect(reports(page)).toBeVisible();
  await reports(page).getByRole('tab', { name: tab }).click();
}

export async function briefingWindow(page: Page): Promise<{ since: number; until: number }> {
  const w = page.getByTestId('briefing-window');
  return { since: Number(await w.getAttribute('data-since')), until: Number(await w.getAttribute('data-until')) };
}

/** Asks for a briefing and waits for a new one (its window differs from the one shown before). */
export async function brief(
  page: Page,
  button: string,
  before: { until: number } | null,
): Promise<{ since: number; until: number }> {
  await reports(page).getByRole('button', { name: button }).click();
  await expect(page.getByTestId('briefing')).toBeVisible();
  if (before) await expect.poll(async () => (await briefingWindow(page)).until).not.toBe(before.until);
  return briefingWindow(page);
}
