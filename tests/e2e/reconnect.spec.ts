import { expect, test, type Page } from '@playwright/test';
import { reports, reportsTabOf } from './reports-support.js';
import { api, control, forgetConnections, openApp, openBoard, signIn } from './support.js';

/**
 * The service goes away and comes back under the app (the e2e stack's fault service, killed
 * with SIGKILL and restarted on the same data). Once the status line says "Connected" again,
 * what failed to load while it was away loads by itself, and what said it was away goes.
 */
const OWNER = 'demo-owner';
/** Reads for the test go with another person's token: its own bucket, so the app's is not touched. */
const WITNESS = 'demo-admin';
const PROJECT = 'Brand refresh';
const LABEL = 'Fault service (reconnect)';

async function openThreadsOf(service: string): Promise<string[]> {
  const { projects } = await api<{ projects: Array<{ id: string; name: string }> }>(WITNESS, '/projects', { service });
  const projectId = projects.find((p) => p.name === PROJECT)!.id;
  const list = await api<{ items: Array<{ id: string }> }>(
    WITNESS,
    `/items?projectId=${projectId}&status=open&limit=5`,
    { service },
  );
  return list.items.map((i) => i.id);
}

async function askForThread(page: Page, itemId: string): Promise<void> {
  await page.getByLabel('Thread ID').fill(itemId);
  await page.getByLabel('Thread ID').press('Enter');
}

test.describe('the service comes back', () => {
  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await forgetConnections(page, [LABEL]);
    await page.close();
  });

  test('what could not load while the service was away (a thread, the board, the decision log) loads by itself once connected again, and no error is left', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const fault = await control<{ baseUrl: string }>('/fault/start');
    const [first, second] = await openThreadsOf(fault.baseUrl);

    await signIn(page, OWNER, LABEL, fault.baseUrl);
    await openBoard(page, PROJECT);
    await askForThread(page, first!);
    const view = page.getByTestId('thread-view');
    await expect(view).toContainText(first!);

    await control('/fault/kill');
    await askForThread(page, second!);
    const status = page.getByTestId('network-status');
    await expect(status).toHaveAttribute('data-phase', 'offline');
    await expect(page.getByRole('alert').filter({ hasText: 'Could not open the thread' })).toBeVisible();
    // The board's refresh fails too: its banner says so above the threads it still shows.
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    const boardProblem = page
      .getByRole('alert')
      .filter({ hasText: /Could not load the threads|Some threads could not be loaded/ });
    await expect(boardProblem).toBeVisible();

    await control('/fault/restart');
    // Nobody touches anything.
    await expect(status).toHaveAttribute('data-phase', 'idle', { timeout: 60_000 });
    await expect(status).toContainText('Connected');
    // Within a few seconds of "Connected": the thread asked for is shown, and nothing says the service is away.
    await expect(view).toContainText(second!, { timeout: 5_000 });
    await expect(boardProblem).toHaveCount(0, { timeout: 5_000 });
    await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 5_000 });
    await expect(page.getByTestId('board')).toBeVisible();

    // The same for a report: the decision log refreshed while the service is away reads again once it is back.
    await openApp(page);
    await reportsTabOf(page, PROJECT, 'Decisions');
    await expect(page.getByTestId('decisions-range')).toBeVisible();
    await control('/fault/kill');
    await reports(page).getByRole('button', { name: 'Refresh the decision log' }).click();
    const logProblem = reports(page).getByRole('alert').filter({ hasText: 'Could not load the decision log' });
    await expect(logProblem).toBeVisible();
    await control('/fault/restart');
    await expect(status).toHaveAttribute('data-phase', 'idle', { timeout: 60_000 });
    await expect(logProblem).toHaveCount(0, { timeout: 5_000 });
    await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 5_000 });
    await expect(page.getByTestId('decisions-range')).toBeVisible();
  });
});
