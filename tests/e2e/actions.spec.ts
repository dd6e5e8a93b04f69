import { expect, test, type Page } from '@playwright/test';
import type { ItemRow as Row, ItemsResponse as ItemsBody } from '#shared/api/index.js';
import { api, openApp, projectIdByName, signIn } from './support.js';

/**
 * Thread actions end to end, against the real gateway and the real reference service on
 * demo data: replying with an ambiguous mention, resolving then assigning (the reopen flow),
 * merging 60 selected threads in two requests, the screenshot viewer's zoom, and the dedupe
 * queue by keyboard. Every write is checked through the API as well as on screen.
 */

const TOKEN = 'demo-owner';
const PROJECT = 'Checkout app';

interface Message {
  author: string;
  authorId: string;
  content: string;
}
interface Detail {
  id: string;
  status: string;
  reportCount: number;
  duplicateOf: string | null;
  assignee: { id: string; name: string } | null;
  thread: { root: Message; replies: Message[] };
  evidence: { screenshotUrl: string | null };
  anchor: { viewport: { x: number; y: number } };
}
interface Member {
  id: string;
  name: string;
}

let projectId = '';
const detail = (id: string) => api<Detail>(TOKEN, `/items/${id}`);

async function openThreads(): Promise<Row[]> {
  const body = await api<ItemsBody>(TOKEN, `/items?projectId=${projectId}&status=open&limit=200`);
  expect(body.truncated, 'the open threads fit in one listing').toBe(false);
  return [...body.items].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
}

/** Opens the app signed in as the owner (through the connect screen the first time) on the project's board. */
let signedIn = false;

async function openProject(page: Page): Promise<void> {
  if (!signedIn) {
    await signIn(page, TOKEN, 'Acme (actions e2e)');
    signedIn = true;
  } else await openApp(page);
  const projects = page.getByTestId('project-list');
  await projects.getByRole('button', { name: new RegExp(PROJECT) }).click();
  await expect(page.getByTestId('board')).toBeVisible();
}

async function openThreadById(page: Page, itemId: string): Promise<void> {
  await page.getByLabel('Thread ID').fill(itemId);
  await page.getByLabel('Thread ID').press('Enter');
  await expect(page.getByTestId('thread-view')).toContainText(itemId);
}

/** Where the marker's centre sits on the image, in percent of the image's width and height. */
async function markerPercent(page: Page, imageName: string, markerTestId: string): Promise<{ x: number; y: number }> {
  const img = await page.getByRole('img', { name: imageName }).boundingBox();
  const marker = await page.getByTestId(markerTestId).boundingBox();
  expect(img && marker).toBeTruthy();
  return {
    x: ((marker!.x + marker!.width / 2 - img!.x) / img!.width) * 100,
    y: ((marker!.y + marker!.height / 2 - img!.y) / img!.height) * 100,
  };
}

test.describe.serial('thread actions', () => {
  test.beforeAll(async () => {
    projectId = await projectIdByName(TOKEN, PROJECT);
  });

  test('a reply mentioning the ambiguous "Alex" asks who was meant, then posts to Alex Park', async ({ page }) => {
    const target = (await openThreads())[0]!;
    const before = await detail(target.id);
    const { members } = await api<{ members: Member[] }>(TOKEN, `/members?projectId=${projectId}`);
    expect(
      members
        .filter((m) => m.name.startsWith('Alex '))
        .map((m) => m.name)
        .sort(),
    ).toEqual(['Alex Kim', 'Alex Park']);

    await openProject(page);
    await openThreadById(page, target.id);
    const view = page.getByTestId('thread-view');
    const box = view.getByRole('textbox', { name: 'Reply' });
    await box.click();
    await box.pressSequentially('@Al');
    // "@Al" suggests both Alexes first (then anyone else with a name part starting so).
    const suggestions = page.getByTestId('mention-suggestions').getByRole('option');
    await expect(suggestions.nth(0)).toContainText('Alex Kim');
    await expect(suggestions.nth(1)).toContainText('Alex Park');
    await box.press('Escape');
    await box.pressSequentially('ex, the spacing here is fixed in the next build.');
    await box.press('Control+Enter');

    // The service refuses the ambiguous name with its candidates; nothing is posted yet.
    const choice = page.getByTestId('mention-choice');
    await expect(choice).toContainText('“@Alex” matches 2 people');
    await expect(choice.getByRole('button', { name: /Alex Kim/ })).toBeVisible();
    expect((await detail(target.id)).thread.replies).toHaveLength(before.thread.replies.length);

    await choice.getByRole('button', { name: /Alex Park/ }).click();
    await expect(view.getByTestId('reply-posted')).toHaveText(/Posted as Olivia Owner, mentioning Alex Park\./);
    await expect(view.getByTestId('message').last()).toContainText(
      '@Alex Park, the spacing here is fixed in the next build.',
    );
    await expect(box).toHaveValue('');

    const after = await detail(target.id);
    expect(after.thread.replies).toHaveLength(before.thread.replies.length + 1);
    const reply = after.thread.replies.at(-1)!;
    expect(reply.author).toBe('Olivia Owner');
    expect(reply.content).toBe('@Alex Park, the spacing here is fixed in the next build.');
  });

  test('resolving offers to say what changed first; assigning the resolved thread reopens it, then assigns', async ({
    page,
  }) => {
    const target = (await openThreads()).find((r) => r.replyCount === 0)!;
    expect(target, 'an open thread without replies').toBeTruthy();

    await openProject(page);
    await openThreadById(page, target.id);
    const view = page.getByTestId('thread-view');
    const status = view.getByRole('group', { name: 'Status' });
    await status.getByRole('button', { name: 'Resolved' }).click();
    const prompt = view.getByTestId('resolve-prompt');
    await expect(prompt).toContainText('Post what changed first?');
    await prompt.getByRole('button', { name: 'Resolve without a reply' }).click();
    await expect(status.getByRole('button', { pressed: true })).toHaveText('Resolved');
    await expect.poll(async () => (await detail(target.id)).status).toBe('resolved');

    await view.getByRole('button', { name: 'Assign…' }).click();
    const dialog = page.getByTestId('assign-dialog');
    await expect(dialog).toBeVisible();
    await page.keyboard.type('Alex Kim');
    await page.keyboard.press('Enter');
    await expect(dialog).toContainText("resolved threads can't be assigned. Reopen and assign to Alex Kim?");
    // Refused by the service: nothing changed yet.
    expect((await detail(target.id)).assignee?.name ?? null).not.toBe('Alex Kim');

    await dialog.getByRole('button', { name: 'Reopen and assign' }).click();
    const steps = dialog.getByTestId('reopen-steps').getByRole('listitem');
    await expect(steps).toHaveCount(2);
    await expect(steps.nth(0)).toContainText('✓ Reopened');
    await expect(steps.nth(1)).toContainText('to Alex Kim');
    const after = await detail(target.id);
    expect(after.status).toBe('open');
    expect(after.assignee?.name).toBe('Alex Kim');

    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(status.getByRole('button', { pressed: true })).toHaveText('Open');
  });

  test('merges 60 selected threads in two requests: they leave the list and the kept thread gains 60 reports', async ({
    page,
  }) => {
    // The table lists newest first, like this. The 61 newest that carry no merged reports of their own
    // are selected, so the kept thread's count rises by exactly the 60 merged into it.
    const open = await openThreads();
    const chosen = open.filter((r) => r.reportCount === 0).slice(0, 61);
    expect(chosen).toHaveLength(61);
    const chosenIds = new Set(chosen.map((r) => r.id));
    const last = open.findIndex((r) => r.id === chosen.at(-1)!.id);

    await openProject(page);
    await page.getByTestId('view-table').click();
    await page.getByLabel('Status', { exact: true }).selectOption('open');
    await page.getByLabel('Status', { exact: true }).blur();
    await expect(page.getByTestId('shown-count')).toHaveText(new RegExp(`^${open.length} of \\d+ threads$`));
    // Down the table with j, choosing with x: the keyboard alone.
    await page.getByTestId('items-table').focus();
    await page.keyboard.press('j');
    for (let i = 0; i <= last; i++) {
      if (chosenIds.has(open[i]!.id)) await page.keyboard.press('x');
      await page.keyboard.press('j');
    }
    await expect(page.getByTestId('selection-count')).toHaveText('61 selected');

    await page.keyboard.press('m');
    const dialog = page.getByTestId('merge-dialog');
    await expect(dialog.getByTestId('keep-suggestion')).toContainText('Suggested:');
    const radios = dialog.getByRole('radio');
    await expect(radios).toHaveCount(61);
    const listed = await radios.evaluateAll((els) => els.map((e) => e.getAttribute('value')));
    expect(new Set(listed)).toEqual(new Set(chosen.map((r) => r.id)));
    const keptId = await dialog.getByRole('radio', { checked: true }).getAttribute('value');
    expect(keptId).toBeTruthy();
    const duplicates = chosen.filter((r) => r.id !== keptId);
    const keptBefore = (await detail(keptId!)).reportCount;
    await expect(dialog.getByTestId('merge-preview')).toContainText('This cannot be undone.');
    await expect(dialog.getByTestId('merge-preview')).toContainText(`from ${keptBefore} to ${keptBefore + 60}`);
    await expect(dialog.getByTestId('merge-preview')).toContainText('Sent in 2 requests');

    await dialog.getByRole('button', { name: 'Merge 60 threads into the kept one' }).click();
    const receipt = dialog.getByTestId('merge-receipt');
    await expect(receipt).toContainText('Merged 60 of 60 threads.', { timeout: 30_000 });
    await expect(receipt).toContainText('in 2 requests');

    // The service agrees: the 60 are duplicates of the kept thread, which gained their reports.
    const kept = await detail(keptId!);
    expect(kept.reportCount).toBe(keptBefore + 60);
    const stillOpen = new Set((await openThreads()).map((r) => r.id));
    for (const d of duplicates) expect(stillOpen.has(d.id)).toBe(false);
    expect(stillOpen.has(keptId!)).toBe(true);
    expect((await detail(duplicates[0]!.id)).duplicateOf).toBe(keptId);

    // And the screen: the list lost them, the selection emptied, the kept thread shows its reports.
    await receipt.getByRole('button', { name: 'Open the kept thread' }).click();
    await expect(page.getByTestId('shown-count')).toHaveText(new RegExp(`^${open.length - 60} of \\d+ threads$`));
    await expect(page.getByTestId('selection-count')).toHaveCount(0);
    const rendered = await page
      .getByTestId('table-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-item-id')));
    expect(rendered.some((id) => duplicates.some((d) => d.id === id))).toBe(false);
    await expect(page.getByTestId('thread-view').getByTestId('report-count')).toHaveText(
      `${keptBefore + 60} duplicate reports merged in`,
    );
  });

  test('the screenshot viewer zooms with + and - and keeps the click marker on the clicked spot', async ({ page }) => {
    let shot: Detail | undefined;
    for (const row of (await openThreads()).slice(0, 20)) {
      const d = await detail(row.id);
      if (d.evidence.screenshotUrl) {
        shot = d;
        break;
      }
    }
    expect(shot, 'a recent thread with a screenshot').toBeTruthy();
    const { x, y } = shot!.anchor.viewport;

    await openProject(page);
    await openThreadById(page, shot!.id);
    await page
      .getByTestId('thread-view')
      .getByRole('button', { name: /Evidence screenshot/ })
      .click();
    const viewer = page.getByTestId('image-viewer');
    const large = viewer.getByRole('img', { name: 'Evidence screenshot, large' });
    await expect
      .poll(() => large.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(100);
    const zoom = viewer.getByTestId('viewer-zoom');
    await expect(zoom).toContainText('(fit)');
    const fitWidth = (await large.boundingBox())!.width;

    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await expect(zoom).not.toContainText('(fit)');
    await expect.poll(async () => (await large.boundingBox())!.width).toBeGreaterThan(fitWidth * 1.3);
    let at = await markerPercent(page, 'Evidence screenshot, large', 'viewer-marker');
    expect(Math.abs(at.x - x)).toBeLessThan(1);
    expect(Math.abs(at.y - y)).toBeLessThan(1);
    // After zooming, the marker is scrolled into view.
    await expect(viewer.getByTestId('viewer-marker')).toBeInViewport();

    await page.keyboard.press('-');
    await page.keyboard.press('0');
    await expect(zoom).toHaveText('100 %');
    at = await markerPercent(page, 'Evidence screenshot, large', 'viewer-marker');
    expect(Math.abs(at.x - x)).toBeLessThan(1);
    expect(Math.abs(at.y - y)).toBeLessThan(1);

    // Esc closes the viewer, not the thread behind it.
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(page.getByTestId('thread-view')).toBeVisible();
  });
});

test.describe.serial('dedupe queue', () => {
  test.beforeAll(async () => {
    projectId = await projectIdByName(TOKEN, PROJECT);
  });

  test('works through likely duplicates by keyboard alone: keep, merge, skip', async ({ page }) => {
    await openProject(page);
    // Reached from the command palette, like every screen.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('dedupe');
    await page.keyboard.press('Enter');
    const queue = page.getByTestId('dedupe-queue');
    await expect(queue).toBeVisible();
    const progress = queue.getByTestId('dedupe-progress');
    await expect(progress).toHaveText(/^1 of (at least )?\d+$/);
    const subject = queue.getByTestId('dedupe-subject');
    const first = await subject.getAttribute('data-item-id');

    // n: not a duplicate — the next thread comes up, nothing is written.
    await page.keyboard.press('n');
    await expect(progress).toHaveText(/^2 of (at least )?\d+$/);
    await expect(subject).not.toHaveAttribute('data-item-id', first!);
    const second = (await subject.getAttribute('data-item-id'))!;
    expect((await detail(first!)).duplicateOf).toBeNull();

    // ↓ then m: the second candidate is merged into this thread.
    const candidates = queue.getByRole('option');
    const many = (await candidates.count()) > 1;
    if (many) await page.keyboard.press('ArrowDown');
    const focused = queue.locator('[role="option"][data-focused="true"]');
    const merged = (await focused.getByTestId('candidate').getAttribute('data-item-id'))!;
    // m asks first (Cancel has focus); Shift+Tab, Enter merges.
    await page.keyboard.press('m');
    await expect(page.getByTestId('dedupe-confirm').getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(queue.getByTestId('dedupe-receipt')).toHaveText(/^Merged 1 of 1 thread\./);
    const after = await detail(merged);
    expect(after.duplicateOf).toBe(second);
    await expect(queue.getByTestId('dedupe-stats')).toHaveText('1 merged · 1 kept · 0 skipped');

    // s: skip whatever is on screen now; Esc leaves the queue.
    await page.keyboard.press('s');
    await expect(queue.getByTestId('dedupe-stats')).toHaveText('1 merged · 1 kept · 1 skipped');
    await page.keyboard.press('Escape');
    await expect(queue).toBeHidden();
  });
});
