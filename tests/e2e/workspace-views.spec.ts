import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe-support.js';
import { openApp, openBoard, signInOnce } from './support.js';

/**
 * The workspace as three people walked it (a lead at a small laptop, a keyboard user, someone
 * in dark mode): the board's filter menus count like the table's, the summary's breakdowns
 * follow the filters, the board's columns add no unnamed tab stops, native controls follow the
 * dark appearance on every screen.
 */
const TOKEN = 'demo-owner';
const BIG = 'Marketing site';
const CHECKOUT = 'Checkout app';

const signInOrReopen = signInOnce(TOKEN, 'Acme (workspace views e2e)');
/** The project list, signed in once per run of the spec. */
async function openProjects(page: Page): Promise<void> {
  await signInOrReopen(page);
  await expect(page.getByTestId('project-list')).toBeVisible();
}

async function openProject(page: Page, name: string): Promise<void> {
  await openProjects(page);
  await openBoard(page, name);
  await expect(page.getByTestId('card').first()).toBeVisible();
  await expect(page.getByText(/^Updated /)).toBeVisible();
}

/* Code run in the page, written as text: the e2e specs compile without the DOM's types. */
function inPage<R>(body: string): (el: unknown) => R {
  return new Function('el', body) as (el: unknown) => R;
}

/** The focused element: where it is and what it is called. */
const FOCUSED = inPage<{ inBoard: boolean; role: string; name: string; className: string }>(`
  const a = document.activeElement;
  const board = document.querySelector('[data-board-columns]');
  const labelled = (a.getAttribute('aria-labelledby') || '').split(' ').filter(Boolean).map((id) => document.getElementById(id)?.textContent || '').join(' ');
  return { inBoard: !!board && board.contains(a), role: a.getAttribute('role') || a.tagName.toLowerCase(), name: (a.getAttribute('aria-label') || labelled).trim(), className: String(a.className) };
`);

/** Native controls and scroll areas whose colour scheme is not the page's. */
const OFF_SCHEME = inPage<string[]>(`
  const want = getComputedStyle(document.documentElement).colorScheme;
  const scrolls = (e) => { const s = getComputedStyle(e); return /(auto|scroll)/.test(s.overflowY + s.overflowX); };
  return [...document.querySelectorAll('body, body *')]
    .filter((e) => e.matches('select, input, textarea, button, progress') || scrolls(e))
    .filter((e) => getComputedStyle(e).colorScheme !== want)
    .map((e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + '.' + String(e.className).split(' ')[0] + ' ' + getComputedStyle(e).colorScheme);
`);

const ROOT_SCHEME = inPage<string>('return getComputedStyle(document.documentElement).colorScheme;');

test.describe.serial('workspace views', () => {
  test('the board’s filter menus count what picking an option would show, as the table’s do', async ({ page }) => {
    await openProject(page, CHECKOUT);
    await page.getByLabel('Status', { exact: true }).selectOption('open');
    const openCards = Number(await page.getByTestId('column-count-open').textContent());
    await page.locator('#filter-type').focus();
    const options = page.locator('#filter-type option');
    await expect(options.nth(1)).toHaveText(/ \(\d[\d,]*\)$/);
    const counted = await options.evaluateAll((os) =>
      os
        .slice(1)
        .map((o) => Number(/\((\d+)\)$/.exec((o as unknown as { textContent: string }).textContent)?.[1] ?? 'NaN')),
    );
    // Under "Open", the types' counts add up to the open threads the board shows (untyped ones counted under their own option).
    expect(counted.reduce((a, b) => a + b, 0)).toBe(openCards);
  });

  test('"By type and page" closes when the filters change, and its figures follow them', async ({ page }) => {
    await openProject(page, CHECKOUT);
    const more = page.getByTestId('summary-more');
    await more.click();
    const byType = page.getByRole('group', { name: 'By type' });
    const first = byType.getByRole('button').first();
    const wholeProject = await first.textContent();
    await first.click();
    // The pick closed it, and the focus is back on its button.
    await expect(page.getByTestId('summary-breakdowns')).toHaveCount(0);
    await expect(more).toBeFocused();
    await expect(more).toHaveAttribute('aria-expanded', 'false');

    // Open while another filter changes: it closes.
    await more.click();
    await expect(page.getByTestId('summary-breakdowns')).toBeVisible();
    await page.getByLabel('Status', { exact: true }).selectOption('resolved');
    await expect(page.getByTestId('summary-breakdowns')).toHaveCount(0);

    // Opened again under the filters, it counts under them: the picked type's figure is the list's own count.
    await more.click();
    await expect(page.getByTestId('summary-breakdowns')).toContainText('Under the other filters');
    const picked = byType.getByRole('button', { pressed: true });
    const shown = Number((await page.getByTestId('column-count-resolved').textContent())!.replace(/,/g, ''));
    await expect(picked.locator('.stat__count')).toHaveText(String(shown));
    expect(await picked.textContent()).not.toBe(wholeProject);
    await page.keyboard.press('Escape');
    await page.getByTestId('clear-filters').click();
  });

  test('the board’s column scroll areas add no unnamed tab stops', async ({ page }) => {
    await openProject(page, BIG);
    await page.getByTestId('column-open').getByTestId('card').first().focus();
    const stops: Array<{ inBoard: boolean; role: string; name: string; className: string }> = [];
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      const at = await page.locator('body').evaluate(FOCUSED);
      if (!at.inBoard) break;
      stops.push(at);
    }
    // Tab leaves the board from its one card stop, or stops only at named places on its way out.
    expect(
      stops.filter((s) => s.name === ''),
      JSON.stringify(stops),
    ).toEqual([]);
  });

  test('density: compact or comfortable from the view settings, by keyboard, for board and table, remembered after a reload', async ({
    page,
  }) => {
    await openProject(page, BIG);
    const card = page.getByTestId('card').first();
    const height = async (el: ReturnType<Page['locator']>) => Math.round((await el.boundingBox())!.height);
    expect(await height(card)).toBe(104);

    // By keyboard: the View button, Enter, then the arrow keys pick among the radio buttons.
    const button = page.getByTestId('view-settings');
    await button.focus();
    await page.keyboard.press('Enter');
    const settings = page.getByRole('group', { name: 'View settings' });
    await expect(settings.getByRole('radio', { name: 'Comfortable' })).toBeFocused();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoViolations(page, `view settings open (${scheme})`, '.workspace-toolbar');
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.keyboard.press('ArrowRight');
    await expect(settings.getByRole('radio', { name: 'Compact' })).toBeChecked();
    await expect.poll(() => height(card)).toBe(72);
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();
    // A compact card still holds its three lines whole.
    const fits = await card.evaluate(
      inPage<boolean>(
        `const b = el.getBoundingClientRect(); return [...el.children].every((c) => c.getBoundingClientRect().bottom <= b.bottom - 2);`,
      ),
    );
    expect(fits).toBe(true);
    await page.screenshot({ path: '.reports/workspace-compact-board.png' });

    await page.getByTestId('view-table').click();
    const row = page.getByTestId('table-row').first();
    await expect.poll(() => height(row)).toBe(24);
    await page.screenshot({ path: '.reports/workspace-compact-table.png' });

    // Remembered: a new launch of the app opens compact.
    await openApp(page);
    await page
      .getByTestId('project-list')
      .getByRole('button', { name: new RegExp(BIG) })
      .click();
    await expect.poll(() => height(page.getByTestId('table-row').first())).toBe(24);
    await page.getByTestId('view-board').click();
    await expect.poll(() => height(page.getByTestId('card').first())).toBe(72);
    await page.getByTestId('view-settings').click();
    await page.getByRole('radio', { name: 'Comfortable' }).check();
    await expect.poll(() => height(page.getByTestId('card').first())).toBe(104);
    await page.getByTestId('view-table').click();
    await expect.poll(() => height(page.getByTestId('table-row').first())).toBe(28);
  });

  test('in the dark appearance every native control and scroll area is drawn dark, on every screen', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const check = async (screen: string) => {
      expect(await page.locator('body').evaluate(ROOT_SCHEME), screen).toBe('dark');
      expect(await page.locator('body').evaluate(OFF_SCHEME), screen).toEqual([]);
    };
    await openProjects(page);
    await check('projects');
    await openBoard(page, CHECKOUT);
    await expect(page.getByTestId('card').first()).toBeVisible();
    await check('board');
    await page.getByTestId('card').first().click();
    await expect(page.getByTestId('thread-view')).toBeVisible();
    await check('thread');
    await page.getByTestId('view-table').click();
    await expect(page.getByTestId('table-row').first()).toBeVisible();
    await check('table');
    await page.screenshot({ path: '.reports/workspace-dark-table.png' });
    await page
      .getByRole('tab', { name: /^Reports$/ })
      .or(page.getByRole('link', { name: /^Reports$/ }))
      .or(page.getByRole('button', { name: /^Reports$/ }))
      .first()
      .click();
    await expect(page.getByRole('tab', { name: 'Review' })).toBeVisible();
    await check('reports');
    await page.getByTestId('nav-inbox').click();
    await expect(page.getByTestId('inbox-list')).toBeVisible();
    await check('for me');
    await page.keyboard.press('Control+k');
    await expect(page.getByTestId('command-palette')).toBeVisible();
    await check('command palette');
  });
});
