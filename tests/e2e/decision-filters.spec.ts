import { expect, test, type Page } from '@playwright/test';
import { reports, reportsTabOf } from './reports-support.js';
import { api, forgetConnections, openConnectForm, projectIdByName, signInOnce } from './support.js';

/**
 * The decision log's search and filters as a team lead uses them: a search box wide enough to
 * read what is typed, filters whose chosen text reads whole, and person and type counts that
 * are the whole log's (never one page's), narrowing as another filter is chosen. The service's
 * own log, read in full with the same token, is the witness.
 */
const TOKEN = 'demo-admin';
const LABEL = 'Admin (decision filters e2e)';
const PROJECT = 'Marketing site';
const NOBODY = '\u0000nobody';
const UNCLASSIFIED = '\u0000unclassified';

interface Decision {
  id: string;
  outcome: string | null;
  decidedBy: string | null;
  type: string | null;
}
interface DecisionsPage {
  nextOffset: number | null;
  decisions: Decision[];
}

/** What the page's filters offered, each time they changed: which list, its value, its text, the outcome chosen then. */
interface Seen {
  list: 'person' | 'type';
  value: string;
  text: string;
  outcome: string;
}

/** Code run in the page, written as text: the e2e specs compile without the DOM's types. */
function inPage<R>(body: string): (el: unknown) => R {
  return new Function('el', body) as (el: unknown) => R;
}

/** Records every option the person and type lists show from the moment they appear. */
const RECORD_OPTIONS = `
  window.__seenOptions = [];
  const record = () => {
    const filters = document.querySelector('.decision-filters');
    if (!filters) return;
    const outcome = filters.querySelector('select[id$="-outcome"]')?.value ?? '';
    for (const list of ['person', 'type']) {
      for (const o of filters.querySelectorAll('select[id$="-' + list + '"] option')) {
        window.__seenOptions.push({ list, value: o.value, text: o.textContent, outcome });
      }
    }
  };
  new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
`;

async function wholeLog(projectId: string): Promise<Decision[]> {
  const rows: Decision[] = [];
  for (let offset: number | null = 0; offset !== null;) {
    const page: DecisionsPage = await api<DecisionsPage>(
      TOKEN,
      `/decisions?projectId=${projectId}&limit=30&offset=${offset}`,
    );
    rows.push(...page.decisions);
    offset = page.decisions.length === 0 ? null : page.nextOffset;
  }
  return rows;
}

function countsBy(rows: Decision[], key: (d: Decision) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const d of rows) counts.set(key(d), (counts.get(key(d)) ?? 0) + 1);
  return counts;
}
const personOf = (d: Decision) => d.decidedBy ?? NOBODY;
const typeOf = (d: Decision) => d.type ?? UNCLASSIFIED;

/** The count an option shows, or null when it shows none. */
function shownCount(text: string): number | null {
  const m = /\(([\d,]+)\)$/.exec(text.trim());
  return m ? Number(m[1]!.replace(/,/g, '')) : null;
}

/** The options a list offers now: value and count shown. */
async function offered(page: Page, list: 'person' | 'type'): Promise<Array<{ value: string; count: number | null }>> {
  const options = await reports(page)
    .locator(`.decision-filters select[id$="-${list}"] option`)
    .evaluateAll((els) =>
      els.map((e) => ({ value: (e as unknown as { value: string }).value, text: e.textContent ?? '' })),
    );
  return options.filter((o) => o.value !== '').map((o) => ({ value: o.value, count: shownCount(o.text) }));
}

/** Every count the lists offer, as value → count (an option without a count reads as -1). */
async function offeredCounts(page: Page, list: 'person' | 'type'): Promise<Record<string, number>> {
  return Object.fromEntries((await offered(page, list)).map((o) => [o.value, o.count ?? -1]));
}

/** Keeps the counts that are not 0: a value the log holds nowhere among the rest is not offered. */
const expectedCounts = (counts: Map<string, number>): Record<string, number> =>
  Object.fromEntries([...counts].filter(([, n]) => n > 0));

const signInOrReopen = signInOnce(TOKEN, LABEL);
async function openDecisions(page: Page): Promise<void> {
  await signInOrReopen(page);
  await reportsTabOf(page, PROJECT, 'Decisions');
  await expect(page.getByTestId('decisions-search')).toBeVisible();
}

/** How wide the chosen text of a select is, against the room the select gives it (its arrow aside). */
const SELECT_ROOM = inPage<{
  text: string;
  textWidth: number;
  room: number;
  scrollWidth: number;
  clientWidth: number;
}>(`
  const s = getComputedStyle(el);
  const text = el.options[el.selectedIndex]?.textContent ?? '';
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = s.font;
  const textWidth = ctx.measureText(text).width;
  // Chromium draws the list's arrow inside the select, about 20 px beside the padding.
  const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - 20;
  return { text, textWidth, room, scrollWidth: el.scrollWidth, clientWidth: el.clientWidth };
`);

test.describe('decision log filters', () => {
  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    // A test that failed restarts the worker, which signs in again: every copy of the connection goes.
    await openConnectForm(page);
    const rows = page.getByTestId('saved-connection').filter({ hasText: LABEL });
    while ((await rows.count()) > 0) {
      await forgetConnections(page, [LABEL]).catch(async () => {
        const remove = rows.first().getByRole('button', { name: `Remove ${LABEL}` });
        await remove.click();
        await remove.click();
      });
      await openConnectForm(page);
    }
    await page.close();
  });

  for (const width of [900, 1400, 1600]) {
    test(`at ${width} px the search box takes the width of the log and each filter's chosen text reads whole`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await openDecisions(page);
      const reportWidth = (await reports(page).boundingBox())!.width;
      const search = (await page.getByTestId('decisions-search').boundingBox())!.width;
      expect(
        search >= 320 || search >= 0.6 * reportWidth,
        `search box ${search} px of a ${reportWidth} px report`,
      ).toBe(true);

      const selects = reports(page).locator('.decision-filters select');
      await expect(selects).toHaveCount(3);
      // Once the log is counted the lists hold their longest choices: the default and the longest one must both read whole.
      await expect(reports(page).locator('.decision-filters select[id$="-person"] option').first()).toHaveText(
        'Anyone',
      );
      for (let i = 0; i < 3; i++) {
        const select = selects.nth(i);
        const texts = await select.locator('option').allTextContents();
        const longest = texts.reduce((a, b) => (b.length > a.length ? b : a), '');
        for (const label of [texts[0]!, longest]) {
          await select.selectOption({ label });
          const room = await select.evaluate(SELECT_ROOM);
          expect(room.scrollWidth, `${room.text} scrolls in its select`).toBeLessThanOrEqual(room.clientWidth);
          expect(room.textWidth, `“${room.text}” is cut at ${width} px`).toBeLessThanOrEqual(room.room);
        }
        await select.selectOption({ index: 0 });
      }
    });
  }

  test('the person and type counts are the whole log’s from the first display, and narrow when an outcome is chosen', async ({
    page,
  }) => {
    const projectId = await projectIdByName(TOKEN, PROJECT);
    const log = await wholeLog(projectId);
    // More decisions than one page, from more than one person: a page's counts would differ.
    expect(log.length).toBeGreaterThan(30);
    await page.addInitScript(RECORD_OPTIONS);
    await openDecisions(page);

    // Once counted, every person and type of the whole log is offered with its whole-log count.
    await expect.poll(() => offeredCounts(page, 'person')).toEqual(expectedCounts(countsBy(log, personOf)));
    await expect.poll(() => offeredCounts(page, 'type')).toEqual(expectedCounts(countsBy(log, typeOf)));

    // Choosing an outcome narrows the other lists to the decisions with that outcome.
    const outcome = [...countsBy(log, (d) => d.outcome ?? '')]
      .filter(([o]) => o !== '')
      .sort((a, b) => a[1] - b[1])[0]![0];
    const narrowed = log.filter((d) => d.outcome === outcome);
    expect(narrowed.length).toBeLessThan(log.length);
    await reports(page).getByRole('combobox', { name: 'Outcome' }).selectOption(outcome);
    await expect.poll(() => offeredCounts(page, 'person')).toEqual(expectedCounts(countsBy(narrowed, personOf)));
    await expect.poll(() => offeredCounts(page, 'type')).toEqual(expectedCounts(countsBy(narrowed, typeOf)));

    // Never, from the first display on, did a list show a count other than the whole log's for the outcome chosen then.
    const seen = await page.evaluate(inPage<Seen[]>('return window.__seenOptions;'));
    expect(seen.length).toBeGreaterThan(0);
    const wrong = seen.filter((s) => {
      const n = shownCount(s.text);
      if (n === null || s.value === '') return false;
      const rows = s.outcome === '' ? log : log.filter((d) => d.outcome === s.outcome);
      return (countsBy(rows, s.list === 'person' ? personOf : typeOf).get(s.value) ?? 0) !== n;
    });
    expect(wrong.map((s) => `${s.list} ${s.value}: ${s.text} (outcome “${s.outcome}”)`)).toEqual([]);
  });
});
