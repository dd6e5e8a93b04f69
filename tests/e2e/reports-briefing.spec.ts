import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { brief, reports, reportsTabOf, type ReportTab } from './reports-support.js';
import { api, forgetConnectionsAfterAll, projectIdByName, signInOnce } from './support.js';

/**
 * The reports a team lead and a designer read. What's new with presets,
 * human rows paged 25 at a time and an export; the decision log with search, filters and
 * jumps; source hotspots whose tooltip reads like the stack, whose file list comes into view,
 * and an export. Checked against the real reference service as a second witness.
 *
 * Signed in as the admin (not the owner the reports spec uses), so the service bookmark the
 * owner's first briefing relies on is left alone.
 */
const TOKEN = 'demo-admin';
const LABEL = 'Admin (briefing e2e)';
const BIG = 'Marketing site';
const CHECKOUT = 'Checkout app';
const DAY_MS = 86_400_000;

interface Row {
  id: string;
  line: string;
  type: string | null;
  page: string;
  status: string;
}
interface Message {
  text: string;
}
interface Briefing {
  since: number;
  until: number;
  counts: { newThreads: number };
  newThreads: Row[];
}
interface Decision extends Row {
  outcome: string;
  decidedAt: number;
  decidedBy: string | null;
  question: Message | null;
  conversation: Message[];
}
interface DecisionsPage {
  decided: number;
  nextOffset: number | null;
  decisions: Decision[];
}
interface Hotspots {
  files: Array<{ file: string; open: number; deferred: number; resolved: number }>;
}
interface Matches {
  items: Array<{ id: string }>;
}

/** Code run in the page, written as text: the e2e specs compile without the DOM's types. */
function inPage<R>(body: string): (el: unknown) => R {
  return new Function('el', body) as (el: unknown) => R;
}
/** Every element from the element up to the document that is scrolled (the app header must not be). */
const SCROLLED_ANCESTORS = inPage<string[]>(`
  const out = [];
  for (let e = el; e; e = e.parentElement) if (e.scrollTop !== 0) out.push(e.tagName + '.' + e.className);
  const doc = document.scrollingElement;
  if (doc && doc.scrollTop !== 0) out.push('document');
  return out;
`);
const IS_FOCUSED = inPage<boolean>('return document.activeElement === el;');
/** True when the page scrolls sideways (the layout does not hold at this width). */
const SCROLLS_SIDEWAYS = inPage<boolean>(
  'const d = document.scrollingElement; return d.scrollWidth > d.clientWidth + 1;',
);

const signInOrReopen = signInOnce(TOKEN, LABEL);
async function openReports(page: Page, project: string, tab: ReportTab): Promise<void> {
  await signInOrReopen(page);
  await reportsTabOf(page, project, tab);
}

const idsOf = (rows: Locator) => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-item-id') ?? ''));

function localDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Search as the app folds text: case and accents ignored. */
/** Counts as the app writes them ("1,089"). */
const fmt = (n: number) => n.toLocaleString('en-US');

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

async function allDecisions(projectId: string): Promise<Decision[]> {
  const out: Decision[] = [];
  for (let offset: number | null = 0; offset !== null;) {
    const p: DecisionsPage = await api<DecisionsPage>(
      TOKEN,
      `/decisions?projectId=${projectId}&limit=30&offset=${offset}`,
    );
    out.push(...p.decisions);
    offset = p.decisions.length === 0 ? null : p.nextOffset;
  }
  return out;
}

test.describe.serial('reports for leads and designers', () => {
  forgetConnectionsAfterAll([LABEL]);

  test('What’s new: presets, human rows 25 at a time, the last briefing remembered, and a Markdown export', async ({
    page,
  }) => {
    const projectId = await projectIdByName(TOKEN, BIG);
    await openReports(page, BIG, 'What’s new');
    const form = reports(page).getByRole('form', { name: 'Briefing' });
    await expect(form.getByRole('radio', { name: /Since my last briefing/ })).toBeChecked();
    await expect(page.getByTestId('briefing-preset-help-last-briefing')).toContainText(
      'You have not read a briefing of this project here yet',
    );

    const first = await brief(page, 'Brief me since my last briefing', null);
    const truth = await api<Briefing>(TOKEN, `/whats-new?projectId=${projectId}&since=${first.since}`);
    const total = truth.newThreads.length;
    expect(total).toBeGreaterThan(50);

    // Not every new thread at once: the first 25, in the service's order.
    const section = page.getByTestId('briefing-section-newThreads');
    const rows = section.getByTestId('briefing-row');
    await expect(page.getByTestId('briefing-showing-newThreads')).toHaveText(`Showing 25 of ${fmt(total)}`);
    await expect(rows).toHaveCount(25);
    expect(await idsOf(rows)).toEqual(truth.newThreads.slice(0, 25).map((t) => t.id));

    // A row reads like a person's: the title first, then status, type, page, who and when; the ID comes last.
    const one = truth.newThreads[0]!;
    const { items } = await api<{ items: Array<{ id: string; author: string }> }>(
      TOKEN,
      `/items?projectId=${projectId}&limit=5`,
    );
    const author = items.find((i) => i.id === one.id)?.author;
    expect(author).toBeTruthy();
    const firstRow = rows.first();
    await expect(firstRow.getByTestId('thread-ref')).toHaveText(
      new RegExp(`^${one.line.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    await expect(firstRow.getByTestId('thread-ref')).not.toHaveText(/^itm_/);
    await expect(firstRow.locator('.status-tag')).toHaveText(/Open|Deferred|Resolved/);
    await expect(firstRow.getByTestId('briefing-row-author')).toHaveText(`· ${author!}`);
    await expect(firstRow.locator('time')).toHaveCount(1);
    await expect(firstRow).toContainText(one.page);

    // Show more adds the next 25 and the keyboard lands on the first of them.
    await page.getByTestId('briefing-more-newThreads').press('Enter');
    await expect(rows).toHaveCount(50);
    await expect(page.getByTestId('briefing-showing-newThreads')).toHaveText(`Showing 50 of ${fmt(total)}`);
    expect(await rows.nth(25).getByTestId('thread-ref').evaluate(IS_FOCUSED)).toBe(true);

    // The export holds the whole briefing, not only the rows on screen.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-whats-new-markdown').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^marketing-site-whats-new-\d{4}-\d{2}-\d{2}\.md$/);
    const markdown = await readFile((await download.path())!, 'utf8');
    expect(markdown).toContain(`# What’s new: ${BIG}`);
    expect(markdown).toMatch(new RegExp(`## New threads \\((at least )?${total}\\)`));
    for (const t of truth.newThreads)
      expect(markdown, t.id).toContain(`[\`${t.id}\`](<triage-desk://item/${encodeURIComponent(t.id)}>)`);

    // So does the PDF: the print view (what printToPDF and the browser's print lay out) holds
    // every row, not the 50 on screen, and says when each thread was opened as a date.
    await page.emulateMedia({ media: 'print' });
    const printed = section.locator('li[data-item-id]').filter({ visible: true });
    await expect(printed).toHaveCount(total);
    expect(await printed.evaluateAll((els) => els.map((e) => e.getAttribute('data-item-id')))).toEqual(
      truth.newThreads.map((t) => t.id),
    );
    const dates = section.getByTestId('briefing-row-date').filter({ visible: true });
    await expect(dates.first()).toBeVisible();
    for (const text of await dates.allTextContents())
      expect(text).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
    await expect(section.getByText(/ ago$|^yesterday$|^just now$/).filter({ visible: true })).toHaveCount(0);
    await expect(section.getByText(`Showing all ${fmt(total)}`)).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    await expect(rows).toHaveCount(50);

    // A date in the future is refused in words, and nothing is asked.
    await form.getByRole('radio', { name: /Since a date/ }).check();
    await form.getByLabel('Start date').fill(localDate(Date.now() + 3 * DAY_MS));
    await form.getByRole('button', { name: 'Brief me since that date' }).click();
    await expect(page.getByTestId('briefing-date-problem')).toHaveText(
      'That date is in the future, so nothing has happened since. Choose today or earlier.',
    );
    await expect(page.getByTestId('briefing')).toHaveAttribute('data-preset', 'last-briefing');

    await form.getByRole('radio', { name: /Last 7 days/ }).check();
    const week = await brief(page, 'Brief me on the last 7 days', first);
    expect(Math.abs(week.until - week.since - 7 * DAY_MS)).toBeLessThan(60_000);
    await expect(page.getByTestId('briefing')).toHaveAttribute('data-preset', 'last-days');

    // Another day: "Since my last briefing" starts where the last briefing read here ended.
    await openReports(page, BIG, 'What’s new');
    await expect(page.getByTestId('briefing-preset-help-last-briefing')).toContainText(
      'where the last briefing you read here ended',
    );
    await reports(page)
      .getByRole('radio', { name: /Since my last briefing/ })
      .check();
    const again = await brief(page, 'Brief me since my last briefing', null);
    expect(again.since).toBe(week.until);
  });

  test('the decision log: search, filters, a page number and a date', async ({ page }) => {
    const projectId = await projectIdByName(TOKEN, BIG);
    const log = await allDecisions(projectId);
    expect(log.length).toBeGreaterThan(60);
    await openReports(page, BIG, 'Decisions');
    await expect(page.getByTestId('decisions-range')).toHaveText(`Decisions 1–15 of ${fmt(log.length)}`);

    // Jump to a page by number, from the keyboard.
    const pageBox = page.getByTestId('decisions-page-input');
    await pageBox.fill('3');
    await pageBox.press('Enter');
    await expect(page.getByTestId('decisions-range')).toHaveText(`Decisions 31–45 of ${fmt(log.length)}`);
    expect(await idsOf(page.getByTestId('decision'))).toEqual(log.slice(30, 45).map((d) => d.id));
    await pageBox.fill('999');
    await pageBox.press('Enter');
    await expect(reports(page).getByRole('alert').filter({ hasText: 'Type a page number from 1 to' })).toBeVisible();

    // Jump to a date: the newest decision made on or before that day comes first.
    const target = log[Math.floor(log.length / 2)]!;
    const day = localDate(target.decidedAt);
    const d = new Date(target.decidedAt);
    const endOfDay = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
    const expectedFirst = log.findIndex((x) => x.decidedAt < endOfDay);
    await page.getByTestId('decisions-date-input').fill(day);
    await page.getByTestId('decisions-date-input').press('Enter');
    await expect(page.getByTestId('decisions-range')).toHaveText(new RegExp(`^Decisions ${fmt(expectedFirst + 1)}–`));
    await expect(page.getByTestId('decision').first()).toHaveAttribute('data-item-id', log[expectedFirst]!.id);

    // Search reads the whole log: a word from a decision far down the log finds it.
    const sample = log[log.length - 3]!;
    const word = sample.line
      .split(/\s+/)
      .filter((w) => /^[\p{L}]{5,}$/u.test(w))
      .sort((a, b) => b.length - a.length)[0]!;
    expect(word).toBeTruthy();
    const matches = (d: Decision, words: string[]) => {
      const hay = fold([d.id, d.line, d.page, d.question?.text ?? '', ...d.conversation.map((m) => m.text)].join('\n'));
      return words.every((w) => hay.includes(fold(w)));
    };
    const expected = log.filter((x) => matches(x, [word]));
    await page.getByTestId('decisions-search').fill(word);
    await expect(page.getByTestId('decisions-matches')).toHaveAttribute('data-matched', String(expected.length));
    await expect(page.getByTestId('decisions-range')).toHaveText(
      `Matches 1–${Math.min(15, expected.length)} of ${fmt(expected.length)}`,
    );
    expect(await idsOf(page.getByTestId('decision'))).toEqual(expected.slice(0, 15).map((x) => x.id));
    expect(expected.map((x) => x.id)).toContain(sample.id);

    // And a filter on top: deferred only.
    const deferred = expected.filter((x) => x.outcome === 'deferred');
    await reports(page).getByRole('combobox', { name: 'Outcome' }).selectOption('deferred');
    await expect(page.getByTestId('decisions-matches')).toHaveAttribute('data-matched', String(deferred.length));
    if (deferred.length === 0) await expect(page.getByTestId('decisions-no-match')).toContainText('Clear search');
    else expect(await idsOf(page.getByTestId('decision'))).toEqual(deferred.slice(0, 15).map((x) => x.id));

    // Who decided: the choices are the people in the log.
    await reports(page).getByRole('combobox', { name: 'Outcome' }).selectOption('');
    await reports(page).getByTestId('decisions-search').fill('');
    const person = log.find((x) => x.decidedBy)!.decidedBy!;
    const byPerson = log.filter((x) => x.decidedBy === person);
    await reports(page).getByRole('combobox', { name: 'Decided by' }).selectOption(person);
    await expect(page.getByTestId('decisions-matches')).toHaveAttribute('data-matched', String(byPerson.length));

    // The export says what it holds.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-decision-log-markdown').click(),
    ]);
    const markdown = await readFile((await download.path())!, 'utf8');
    expect(markdown).toContain(`decided by ${person}`);
    for (const x of byPerson.slice(0, 15)) expect(markdown).toContain(`\`${x.id}\``);

    await reports(page).getByRole('button', { name: 'Clear search' }).click();
    await expect(page.getByTestId('decisions-range')).toHaveText(new RegExp(`of ${fmt(log.length)}$`));
  });

  test('source hotspots: the tooltip reads like the stack, the chosen file’s threads come into view, and an export', async ({
    page,
  }) => {
    const projectId = await projectIdByName(TOKEN, CHECKOUT);
    const hot = await api<Hotspots>(TOKEN, `/source?projectId=${projectId}&limit=200`);
    await openReports(page, CHECKOUT, 'Source hotspots');
    const top = hot.files.find((f) => f.open > 0 && f.deferred > 0 && f.resolved > 0) ?? hot.files[0]!;

    // The rows chart stacks open, deferred, resolved from left to right: the tooltip lists them in that order.
    await page.locator(`[data-testid="hotspot-bar"][data-category="${top.file}"]`).first().hover();
    const names = page.locator('.recharts-tooltip-item-name');
    await expect(names.first()).toBeVisible();
    const listed = await names.allTextContents();
    expect(listed.length).toBeGreaterThan(1);
    expect(listed).toEqual(['Open', 'Deferred', 'Resolved'].filter((n) => listed.includes(n)));

    // A file far down the table, chosen from the keyboard: its threads come into view, focus on
    // their heading, and only the report scrolls (the app header stays).
    const last = hot.files.at(-1)!;
    const button = page
      .getByTestId('hotspot-file')
      .filter({ has: page.getByRole('button', { name: last.file, exact: true }) })
      .getByRole('button');
    await button.focus();
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { name: `Threads of ${last.file}` });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    const truth = await api<Matches>(
      TOKEN,
      `/source?projectId=${projectId}&file=${encodeURIComponent(last.file)}&limit=200`,
    );
    await expect(page.getByTestId('file-thread')).toHaveCount(truth.items.length);
    await expect(page.getByTestId('file-thread').first()).toBeInViewport();
    // Beside the threads, the chosen file's row is still in sight.
    await expect(page.getByTestId('hotspot-file').and(page.locator(`[data-file="${last.file}"]`))).toBeInViewport();
    expect(await page.locator('.shell__header').evaluate(SCROLLED_ANCESTORS)).toEqual([]);
    await expect(page.getByRole('navigation', { name: 'Location' })).toBeInViewport();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-hotspots-markdown').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^checkout-app-hotspots-\d{4}-\d{2}-\d{2}\.md$/);
    const markdown = await readFile((await download.path())!, 'utf8');
    expect(markdown).toContain(`# Source hotspots: ${CHECKOUT}`);
    for (const f of hot.files) expect(markdown).toContain(`\`${f.file}\``);
    expect(markdown).toContain(`## Threads of \`${last.file}\``);
    for (const t of truth.items)
      expect(markdown).toContain(`[\`${t.id}\`](<triage-desk://item/${encodeURIComponent(t.id)}>)`);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`at 900 px wide in the ${scheme} appearance: nothing sideways, axe finds nothing`, async ({ page }) => {
      await page.setViewportSize({ width: 900, height: 800 });
      await page.emulateMedia({ colorScheme: scheme });
      const audit = async (what: string) => {
        await expect(reports(page).locator('[aria-busy="true"]')).toHaveCount(0);
        expect(await page.locator('body').evaluate(SCROLLS_SIDEWAYS), `${what} scrolls sideways`).toBe(false);
        const { violations } = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        const lines = violations.flatMap((v) =>
          v.nodes.map((n) => `${v.id} at ${n.target.join(' ')}: ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ')}`),
        );
        expect(lines, `${what} (${scheme})`).toEqual([]);
      };

      await openReports(page, BIG, 'What’s new');
      await reports(page)
        .getByRole('radio', { name: /Last 7 days/ })
        .check();
      await brief(page, 'Brief me on the last 7 days', null);
      await expect(
        page.getByTestId('briefing-section-newThreads').getByTestId('briefing-row-author').first(),
      ).toBeVisible();
      await page.screenshot({ path: `.reports/whats-new-900-${scheme}.png` });
      await audit('what’s new with a briefing');

      await reports(page).getByRole('tab', { name: 'Decisions' }).click();
      await reports(page).getByTestId('decisions-search').fill('checkout');
      await expect(page.getByTestId('decisions-matches')).not.toHaveAttribute('data-matched', '');
      await page.screenshot({ path: `.reports/decisions-900-${scheme}.png` });
      await audit('decisions with a search');

      await openReports(page, CHECKOUT, 'Source hotspots');
      await page.getByTestId('hotspot-file').first().getByRole('button').click();
      await expect(page.getByTestId('file-thread').first()).toBeInViewport();
      await page.screenshot({ path: `.reports/hotspots-900-${scheme}.png` });
      await audit('hotspots with a file chosen');
    });
  }
});
