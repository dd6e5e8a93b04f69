import { expect, test, type Page, type Route } from '@playwright/test';
import { expectNoViolations } from './axe-support.js';
import { reports, reportsTabOf } from './reports-support.js';
import { api, forgetConnectionsAfterAll, projectIdByName, signInOnce } from './support.js';

/**
 * The decision log's jump to a date when the service cannot say where the date is: the log says
 * so in words and keeps the page shown, and Try again asks again and lands on the date. Read-only:
 * the lookups that fail are refused at the page (as an unreachable service would be), nothing is written.
 */
const TOKEN = 'demo-admin';
const LABEL = 'Admin (decision date e2e)';
const PROJECT = 'Checkout app';

interface Decision {
  id: string;
  decidedAt: number;
}

async function allDecisions(projectId: string): Promise<Decision[]> {
  const out: Decision[] = [];
  for (let offset: number | null = 0; offset !== null;) {
    const p: { decisions: Decision[]; nextOffset: number | null } = await api(
      TOKEN,
      `/decisions?projectId=${projectId}&limit=30&offset=${offset}`,
    );
    out.push(...p.decisions);
    offset = p.decisions.length === 0 ? null : p.nextOffset;
  }
  return out;
}

function localDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const fmt = (n: number) => n.toLocaleString('en-US');
const signInOrReopen = signInOnce(TOKEN, LABEL);

/** From now on, a date lookup (a decisions read with `since`) does not reach the service. */
async function refuseDateLookups(page: Page): Promise<void> {
  await page.route(/\/bridge\/api(%3A|:)decisions$/, (route: Route) =>
    (route.request().postData() ?? '').includes('"since"') ? route.abort('connectionrefused') : route.continue(),
  );
}

test.describe.serial('the decision log’s jump to a date', () => {
  forgetConnectionsAfterAll([LABEL]);

  test('a lookup the service cannot answer is said in words, the page stays, and Try again lands on the date', async ({
    page,
  }) => {
    const log = await allDecisions(await projectIdByName(TOKEN, PROJECT));
    expect(log.length).toBeGreaterThan(30);
    const target = log[Math.floor(log.length / 2)]!;
    const d = new Date(target.decidedAt);
    const endOfDay = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
    const expectedFirst = log.findIndex((x) => x.decidedAt < endOfDay);
    expect(expectedFirst).toBeGreaterThan(0);

    await signInOrReopen(page);
    await reportsTabOf(page, PROJECT, 'Decisions');
    const range = page.getByTestId('decisions-range');
    await expect(range).toHaveText(`Decisions 1–15 of ${fmt(log.length)}`);

    await refuseDateLookups(page);
    await page.getByTestId('decisions-date-input').fill(localDate(target.decidedAt));
    await page.getByTestId('decisions-date-input').press('Enter');
    const failed = reports(page).getByRole('alert').filter({ hasText: 'Could not find that date in the decision log' });
    await expect(failed).toBeVisible();
    await expect(range).toHaveText(`Decisions 1–15 of ${fmt(log.length)}`);
    await page.screenshot({ path: test.info().outputPath('date-lookup-failed.png') });
    await expectNoViolations(page, 'decision log date lookup failed (light)');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoViolations(page, 'decision log date lookup failed (dark)');
    await page.emulateMedia({ colorScheme: 'light' });

    // The service answers again: Try again asks where the date is, and the log moves there.
    await page.unrouteAll({ behavior: 'wait' });
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(range).toHaveText(new RegExp(`^Decisions ${fmt(expectedFirst + 1)}–`));
    await expect(page.getByTestId('decision').first()).toHaveAttribute('data-item-id', log[expectedFirst]!.id);
    await expect(failed).toHaveCount(0);
  });

  test('a failed lookup goes when the person pages elsewhere', async ({ page }) => {
    await signInOrReopen(page);
    await reportsTabOf(page, PROJECT, 'Decisions');
    const range = page.getByTestId('decisions-range');
    await expect(range).toHaveText(/^Decisions 1–15 of /);
    await refuseDateLookups(page);
    await page.getByTestId('decisions-date-input').fill('2026-01-15');
    await page.getByTestId('decisions-date-input').press('Enter');
    const failed = reports(page).getByRole('alert').filter({ hasText: 'Could not find that date in the decision log' });
    await expect(failed).toBeVisible();
    await page.getByTestId('decisions-next').click();
    await expect(range).toHaveText(/^Decisions 16–30 of /);
    await expect(failed).toHaveCount(0);
  });
});
