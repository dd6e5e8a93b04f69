import { expect, test, type Page, type Request } from '@playwright/test';
import { control, forgetConnections, openBoard, signIn } from './support.js';

/**
 * A load of a big project is many requests (the items endpoint does not page). When the
 * service goes away in the middle of one (the e2e stack's fault service, killed under the
 * app), a first load keeps what it got and says how many of how many; a refresh keeps the
 * last complete list instead of swapping it for a part. While offline the toolbar says so,
 * with the time of the list on screen, never "Updated just now".
 */
const OWNER = 'demo-owner';
const PROJECT = 'Marketing site';
const LABEL = 'Fault service (half-way)';

/** The request to kill the service before: the first answer and a few slices are in by then. */
const KILL_BEFORE = 4;

/** A listing of the board's load: the picker's one-row count listings (limit 1) do not count. */
const isBoardListing = (request: Request) =>
  request.method() === 'POST' &&
  decodeURIComponent(new URL(request.url()).pathname) === '/bridge/api:listItems' &&
  !/"limit":1[,}]/.test(request.postData() ?? '');

/** From now on, the service is killed just before the board's KILL_BEFORE-th listing request goes out. */
async function killMidLoad(page: Page): Promise<void> {
  await page.unroute('**/bridge/**');
  let sent = 0;
  await page.route('**/bridge/**', async (route) => {
    if (isBoardListing(route.request())) {
      sent += 1;
      if (sent === KILL_BEFORE) await control('/fault/kill');
    }
    await route.continue();
  });
}

test.describe('a load the service leaves half-way', () => {
  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await forgetConnections(page, [LABEL]);
    await page.close();
  });

  test('a first load keeps what it got and says how many of how many; a refresh keeps the last complete list; offline says since when', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const fault = await control<{ baseUrl: string }>('/fault/start');
    await signIn(page, OWNER, LABEL, fault.baseUrl);
    const count = page.getByTestId('shown-count');
    const loadStatus = page.getByTestId('load-status');
    const networkStatus = page.getByTestId('network-status');

    // First load, cut half-way: the rows in hand, and how many of how many.
    await killMidLoad(page);
    await openBoard(page, PROJECT);
    await expect(page.getByRole('alert').filter({ hasText: 'Some threads could not be loaded' })).toBeVisible({
      timeout: 90_000,
    });
    await expect(count).toHaveText(/^\d[\d,]* of ≥ 2,\d{3} loaded$/);
    const [loaded, of] = (await count.textContent())!.match(/[\d,]+/g)!.map((n) => Number(n.replace(/,/g, '')));
    expect(loaded).toBeGreaterThan(0);
    expect(loaded).toBeLessThan(of!);
    await expect(networkStatus).toHaveAttribute('data-phase', 'offline');
    await expect(loadStatus).toHaveText(/^Refresh failed: offline — last updated (just now|\d+ min ago)$/);

    // The service comes back: the list loads whole by itself.
    await page.unroute('**/bridge/**');
    await control('/fault/restart');
    await expect(networkStatus).toHaveAttribute('data-phase', 'idle', { timeout: 60_000 });
    await expect(count).toHaveText(/^2,\d{3} threads$/, { timeout: 60_000 });
    await expect(loadStatus).toHaveText(/^Updated /);
    const whole = (await count.textContent())!;
    const openColumn = await page.getByTestId('column-count-open').textContent();

    // A refresh cut half-way: the last complete list stays, and the toolbar says the refresh failed while offline.
    await killMidLoad(page);
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The refresh stopped half-way' })).toBeVisible({
      timeout: 90_000,
    });
    await expect(count).toHaveText(whole);
    await expect(page.getByTestId('column-count-open')).toHaveText(openColumn!);
    await expect(networkStatus).toHaveAttribute('data-phase', 'offline');
    await expect(loadStatus).toHaveText(/^Refresh failed: offline — last updated (just now|\d+ min ago)$/);

    await page.unroute('**/bridge/**');
    await control('/fault/restart');
    await expect(networkStatus).toHaveAttribute('data-phase', 'idle', { timeout: 60_000 });
    await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 60_000 });
    await expect(count).toHaveText(whole);
    await expect(loadStatus).toHaveText(/^Updated /);
  });
});
