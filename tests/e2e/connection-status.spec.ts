import { expect, test } from '@playwright/test';
import { CHANGES_SEEN, WATCH_CHANGES } from './page-probes.js';
import { forgetConnectionsAfterAll, openBoard, signInOnce } from './support.js';

/**
 * The connection status line: a tab the gateway does not know says so with a retry instead of
 * checking for ever, and a refresh of a large project shows one stretch of work, not a flicker.
 */

const TOKEN = 'demo-owner';
const LABEL = 'Acme (connection status e2e)';

const open = signInOnce(TOKEN, LABEL);

test.describe('the connection status line', () => {
  forgetConnectionsAfterAll([LABEL]);

  test('a tab the gateway does not know (the demo restarted) stops "Checking the connection…" with a reason and a retry', async ({
    page,
  }) => {
    // No launch link: like a tab left open while the demo restarted, it has no session with the gateway.
    await page.goto('/');
    const status = page.getByTestId('network-status');
    await expect(status).toContainText('Connection unknown', { timeout: 20_000 });
    await expect(status).toContainText('no session with the Triage Desk gateway');
    await expect(status).not.toContainText('Checking the connection');
    await status.getByRole('button', { name: 'Try again' }).click();
    await expect(status).toContainText('Connection unknown');
    await page.screenshot({ path: '.reports/connection-unknown.png' });
  });

  test('the status line does not flicker through a refresh of the 2,000-thread project: one "Working…", then "Connected"', async ({
    page,
  }) => {
    await open(page);
    await openBoard(page, 'Marketing site');
    const toolbar = page.locator('.workspace-toolbar');
    await expect(toolbar).toContainText('Updated');
    const status = page.getByTestId('network-status');
    await expect(status).toHaveAttribute('data-phase', 'idle');
    await status.evaluate(WATCH_CHANGES);
    await toolbar.getByRole('button', { name: 'Refresh' }).click();
    await expect(toolbar.getByRole('button', { name: 'Refresh' })).toBeEnabled({ timeout: 30_000 });
    await expect(status).toHaveAttribute('data-phase', 'idle');
    await expect(status).toHaveText('Connected');
    const seen = await status.evaluate(CHANGES_SEEN);
    const phases = seen.map((s) => s.split(' ')[0]);
    // Pacing or a rate-limit pause is news and is shown at once; without them the refresh
    // (~21 requests) is one stretch of work. Shown as it came, it flipped ~80 times.
    const news = phases.filter((p) => p !== 'busy' && p !== 'idle').length;
    const backToIdle = phases.filter((p, i) => p === 'idle' && phases[i - 1] !== 'idle').length;
    expect(backToIdle, seen.join(' | ')).toBeLessThanOrEqual(1 + news);
    expect(seen.join(' | ')).not.toMatch(/\b1 requests\b/);
  });
});
