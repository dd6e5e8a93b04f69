import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { brief, reports, reportsTabOf, type ReportTab } from './reports-support.js';
import { api, forgetConnections as forget, openApp, projectIdByName, SERVICE_URL, signIn } from './support.js';

/**
 * The reports screen against the real gateway and the real reference service on fresh demo
 * data, checked against the API itself. Tests run in order: the first signs in as the owner,
 * the last switches to the collaborator.
 */
const PROJECT = 'Checkout app';
const DAY_MS = 86_400_000;

interface Briefing {
  since: number;
  until: number;
  firstBriefing: boolean;
  counts: Record<'newThreads' | 'newReplies' | 'resolved' | 'deferred' | 'assignedToYou' | 'mentionsYou', number>;
}
interface SectionPage {
  total: number;
  nextOffset: number | null;
}
interface Review {
  pages: Record<'resolved' | 'deferred' | 'open' | 'discussions', SectionPage>;
  resolved?: Array<{ id: string }>;
}
interface Decisions {
  decided: number;
  nextOffset: number | null;
  decisions: Array<{ id: string }>;
  rules: { projectContext: string };
}
interface Hotspots {
  coverage: { threads: number; stamped: number };
  files: Array<{ file: string; open: number; deferred: number; resolved: number; components: string[] }>;
}
interface Matches {
  matched: number;
  summary: { open: number; deferred: number; resolved: number };
  items: Array<{ id: string }>;
}

const OWNER_LABEL = 'Owner (reports e2e)';
const COLLAB_LABEL = 'Collaborator (reports e2e)';

/** Opens the project, then its reports through the app's own navigation. */
async function openReports(page: Page, tab: ReportTab): Promise<void> {
  await openApp(page);
  await reportsTabOf(page, PROJECT, tab);
}

async function tileValue(page: Page, key: string): Promise<number> {
  return Number((await page.getByTestId(`count-${key}-value`).textContent())?.replace(/[^0-9]/g, ''));
}

function localDateDaysAgo(days: number): { text: string; midnight: number } {
  const d = new Date(Date.now() - days * DAY_MS);
  const midnight = new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const text = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return { text, midnight };
}

test.describe.serial('reports', () => {
  let projectId = '';

  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await forget(page, [COLLAB_LABEL, OWNER_LABEL]);
    await page.close();
  });

  test('“since my last briefing” starts where the last briefing read here ended, whichever preset it was', async ({
    page,
  }) => {
    projectId = await projectIdByName('demo-owner', PROJECT);
    await signIn(page, 'demo-owner', OWNER_LABEL);
    await openReports(page, 'What’s new');
    await expect(page.getByTestId('briefing-preset-help-last-briefing')).toContainText(
      'You have not read a briefing of this project here yet',
    );

    const first = await brief(page, 'Brief me since my last briefing', null);
    // Fresh data and nothing read here yet: the service's bookmark, whose first briefing looks back 7 days.
    await expect(page.getByTestId('briefing-first')).toContainText('last 7 days');
    expect(first.until - first.since).toBe(7 * DAY_MS);
    await expect(page.getByTestId('briefing-next')).toContainText('Next time, “Since my last briefing” starts from');
    // The same window read through the API (with since, which leaves the bookmark alone) has the same counts.
    const truth = await api<Briefing>('demo-owner', `/whats-new?projectId=${projectId}&since=${first.since}`);
    for (const key of ['newThreads', 'newReplies', 'resolved', 'deferred', 'assignedToYou', 'mentionsYou'] as const) {
      expect(await tileValue(page, key), key).toBe(truth.counts[key]);
    }

    const second = await brief(page, 'Brief me since my last briefing', first);
    expect(second.since).toBe(first.until);
    await expect(page.getByTestId('briefing-first')).toHaveCount(0);

    await reports(page)
      .getByRole('radio', { name: /Since a date/ })
      .check();
    const day = localDateDaysAgo(3);
    await reports(page).getByLabel('Start date').fill(day.text);
    const dated = await brief(page, 'Brief me since that date', second);
    expect(dated.since).toBe(day.midnight);
    await expect(page.getByTestId('briefing')).toHaveAttribute('data-preset', 'date');

    // The dated briefing was read too: the next “since my last briefing” starts where it ended.
    await reports(page)
      .getByRole('radio', { name: /Since my last briefing/ })
      .check();
    const third = await brief(page, 'Brief me since my last briefing', dated);
    expect(third.since).toBe(dated.until);
  });

  test('review sections show 25 more at a time until their totals, the keyboard on the first new row', async ({
    page,
  }) => {
    const overview = await api<Review>('demo-owner', `/review?projectId=${projectId}`);
    const total = overview.pages.resolved.total;
    expect(total).toBeGreaterThan(25);
    // Every resolved ID, paged through the API the same way.
    const expected = (overview.resolved ?? []).map((r) => r.id);
    for (let offset = overview.pages.resolved.nextOffset; offset !== null;) {
      const next = await api<Review>('demo-owner', `/review?projectId=${projectId}&section=resolved&offset=${offset}`);
      expected.push(...(next.resolved ?? []).map((r) => r.id));
      offset = next.pages.resolved.nextOffset;
    }
    expect(expected).toHaveLength(total);

    await openReports(page, 'Review');
    const section = page.getByTestId('review-section-resolved');
    const showing = page.getByTestId('review-showing-resolved');
    await expect(showing).toHaveText(`Showing 25 of ${total}`);
    await expect(page.getByTestId('count-resolved-value')).toHaveText(String(total));
    const more = page.getByTestId('review-more-resolved');
    await expect(more).toHaveText(`Show 25 more (${total - 25} left)`);
    // From the keyboard: the step adds 25 rows and focus goes to the first of them.
    await more.press('Enter');
    await expect(showing).toHaveText(`Showing 50 of ${total}`);
    await expect(section.getByTestId('review-row').nth(25).getByTestId('thread-ref')).toBeFocused();
    while (await more.isVisible()) {
      const shown = Number(await showing.getAttribute('data-shown'));
      await more.click();
      await expect.poll(async () => Number(await showing.getAttribute('data-shown'))).toBe(Math.min(total, shown + 25));
    }
    await expect(showing).toHaveText(`Showing all ${total}`);
    const ids = await section
      .getByTestId('review-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-item-id')));
    expect(ids).toEqual(expected);
  });

  test('the decision log pages through every decision', async ({ page }) => {
    const expected: string[] = [];
    let decided = 0;
    for (let offset: number | null = 0; offset !== null;) {
      const p: Decisions = await api<Decisions>(
        'demo-owner',
        `/decisions?projectId=${projectId}&limit=30&offset=${offset}`,
      );
      expected.push(...p.decisions.map((d) => d.id));
      decided = p.decided;
      offset = p.nextOffset;
    }
    expect(expected).toHaveLength(decided);

    await openReports(page, 'Decisions');
    await expect(page.getByTestId('decisions-total')).toHaveText(String(decided));
    await expect(page.getByTestId('decisions-range')).toHaveText(`Decisions 1–15 of ${decided}`);
    await reports(page).getByLabel('Per page').selectOption('30');
    await expect(page.getByTestId('decisions-range')).toHaveText(`Decisions 1–30 of ${decided}`);

    const seen: string[] = [];
    const next = page.getByTestId('decisions-next');
    for (;;) {
      const range = (await page.getByTestId('decisions-range').textContent()) ?? '';
      seen.push(
        ...(await page
          .getByTestId('decision')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-item-id') ?? ''))),
      );
      if (await next.isDisabled()) break;
      await next.click();
      await expect(page.getByTestId('decisions-range')).not.toHaveText(range);
    }
    expect(seen).toEqual(expected);
    await expect(page.getByTestId('decisions-range')).toHaveText(new RegExp(`–${decided} of ${decided}$`));
    // And back.
    await reports(page).getByRole('button', { name: 'Previous' }).first().click();
    await expect(page.getByTestId('decisions-range')).not.toHaveText(new RegExp(`–${decided} of`));
  });

  test('source hotspots: bars carry the API counts and a click on a bar’s open part lists the file’s open threads', async ({
    page,
  }) => {
    const hot = await api<Hotspots>('demo-owner', `/source?projectId=${projectId}&limit=200`);
    expect(hot.files.length).toBeGreaterThan(0);
    await openReports(page, 'Source hotspots');
    await expect(page.getByTestId('hotspots-coverage')).toContainText(
      `${hot.coverage.stamped} of ${hot.coverage.threads} threads are stamped`,
    );

    const bars = page.getByTestId('hotspot-bar');
    await expect(bars.first()).toBeAttached();
    const drawn = await bars.evaluateAll((els) =>
      els.map((e) => ({
        file: e.getAttribute('data-category'),
        status: e.getAttribute('data-series'),
        value: Number(e.getAttribute('data-value')),
      })),
    );
    const charted = [...new Set(drawn.map((d) => d.file))];
    // The chart draws the top-ranked files in the API's order.
    expect(charted).toEqual(hot.files.slice(0, charted.length).map((f) => f.file));
    for (const f of hot.files.slice(0, charted.length)) {
      for (const status of ['open', 'deferred', 'resolved'] as const) {
        const bar = drawn.find((d) => d.file === f.file && d.status === status);
        // A zero count may draw nothing; anything drawn carries the API's number.
        expect(bar?.value ?? 0, `${f.file} ${status}`).toBe(f[status]);
      }
    }
    // The table lists every file with the same numbers.
    await expect(page.getByTestId('hotspot-file')).toHaveCount(hot.files.length);

    const top = hot.files[0]!;
    await page.locator(`[data-testid="hotspot-bar"][data-category="${top.file}"][data-series="open"]`).click();
    const list = page.getByTestId('file-threads');
    await expect(list).toHaveAttribute('data-file', top.file);
    await expect(list.getByLabel('Status')).toHaveValue('open');
    const truth = await api<Matches>(
      'demo-owner',
      `/source?projectId=${projectId}&file=${encodeURIComponent(top.file)}&status=open&limit=200`,
    );
    // The summary is the whole file's, beside the list its status filter narrows.
    await expect(page.getByTestId('file-threads-summary')).toHaveAttribute('data-open', String(top.open));
    await expect(page.getByTestId('file-threads-summary')).toHaveAttribute('data-resolved', String(top.resolved));
    await expect(list.getByTestId('file-thread')).toHaveCount(truth.items.length);
    expect(
      await list.getByTestId('file-thread').evaluateAll((els) => els.map((e) => e.getAttribute('data-item-id'))),
    ).toEqual(truth.items.map((i) => i.id));

    // Nearest a line, open only: the same order as the API's.
    const nearest = await api<Matches>(
      'demo-owner',
      `/source?projectId=${projectId}&file=${encodeURIComponent(top.file)}&line=40&status=open&limit=200`,
    );
    await list.getByLabel('Line').fill('40');
    await list.getByLabel('Status').selectOption('open');
    await expect(page.getByTestId('file-threads-showing')).toHaveAttribute('data-matched', String(nearest.matched));
    await expect
      .poll(() => list.getByTestId('file-thread').evaluateAll((els) => els.map((e) => e.getAttribute('data-item-id'))))
      .toEqual(nearest.items.map((i) => i.id));

    // A thread row opens the thread.
    await list.getByTestId('thread-ref').first().click();
    await expect(page.getByTestId('thread-view')).toBeVisible();
  });

  test('the review exports as Markdown citing every resolved thread on the page as a link to it', async ({ page }) => {
    await openReports(page, 'Review');
    await page.getByTestId('review-more-resolved').click();
    const showing = page.getByTestId('review-showing-resolved');
    await expect.poll(async () => Number(await showing.getAttribute('data-shown'))).toBeGreaterThan(25);
    const ids = await page
      .getByTestId('review-section-resolved')
      .getByTestId('review-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-item-id') ?? ''));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-review-markdown').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^checkout-app-review-\d{4}-\d{2}-\d{2}\.md$/);
    const markdown = await readFile((await download.path())!, 'utf8');
    expect(markdown).toContain(`# Project review: ${PROJECT}`);
    expect(markdown).toContain(`## Resolved (showing ${ids.length} of`);
    for (const id of ids) expect(markdown, id).toContain(`[\`${id}\`](<triage-desk://item/${encodeURIComponent(id)}>)`);
  });

  test('owners save a rule once; a second save is already a rule', async ({ page }) => {
    await openReports(page, 'Decisions');
    const firstDecision = page.getByTestId('decision').first();
    const threadId = (await firstDecision.getAttribute('data-item-id'))!;
    await firstDecision.getByTestId('decision-save-rule').click();

    const form = page.getByTestId('rule-form');
    const text = form.getByLabel('Rule');
    await expect(text).toBeFocused();
    const draft = await text.inputValue();
    expect(draft.length).toBeGreaterThan(0);
    await expect(page.getByTestId('rule-counter')).toContainText(`${draft.trim().length} / 499`);
    await expect(page.getByTestId('rule-sources')).toContainText(threadId);

    // A unique rule, so reruns against the same data still save it once.
    const rule = `Threads about the order summary card are design feedback (e2e ${Date.now()}).`;
    await text.fill(rule);
    await expect(page.getByTestId('rule-counter')).toContainText(`${rule.length} / 499`);
    await page.getByTestId('rule-save').click();
    await expect(page.getByTestId('rule-outcome')).toHaveAttribute('data-outcome', 'saved');
    await expect(page.getByTestId('rule-outcome')).toContainText(`It cites ${threadId}.`);
    await expect(page.getByTestId('learned-rule').filter({ hasText: rule })).toHaveCount(1);
    const log = await api<Decisions>('demo-owner', `/decisions?projectId=${projectId}&limit=1`);
    expect(log.rules.projectContext).toContain(rule);

    await page.getByTestId('rule-save').click();
    await expect(page.getByTestId('rule-outcome')).toHaveAttribute('data-outcome', 'duplicate');
    await expect(page.getByTestId('rule-outcome')).toHaveText('Already a rule — nothing added.');
    await expect(page.getByTestId('learned-rule').filter({ hasText: rule })).toHaveCount(1);
  });

  test('collaborators see why they cannot save rules, and the service refuses them', async ({ page }) => {
    await signIn(page, 'demo-collab', COLLAB_LABEL);
    await openReports(page, 'Decisions');

    const why = 'Only workspace owners and admins can save rules; you are a collaborator.';
    await expect(page.getByTestId('rule-blocked')).toHaveText(why);
    const button = page.getByTestId('decision').first().getByTestId('decision-save-rule');
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(why);
    await expect(page.getByTestId('rule-save')).toBeDisabled();

    // The service says the same: a collaborator's save is refused, naming the role.
    const res = await fetch(`${SERVICE_URL}/api/v1/rules`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo-collab', 'content-type': 'application/json' },
      body: JSON.stringify({ projectId, rule: 'Collaborators cannot add this rule.' }),
    });
    expect(res.status).toBe(403);
    const body = (await res.json()) as { error: string; reason: string };
    expect(body.reason).toBe('role');
    expect(body.error).toMatch(/owners and admins.*collaborator/);
  });
});
