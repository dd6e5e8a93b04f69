import { expect, test, type Page } from '@playwright/test';
import { api, openBoard, projectIdByName, signInOnce } from './support.js';

/**
 * The thread panel as a designer reads it: evidence first in a thread panel that can be
 * resized (and remembers its width), a page title that names the screen, a skip link.
 */

const TOKEN = 'demo-owner';
const CHECKOUT = 'Checkout app';

interface Detail {
  id: string;
  evidence: { screenshotUrl: string | null } | null;
}

const signInOrReopen = signInOnce(TOKEN, 'Acme (design e2e)');
async function openProject(page: Page): Promise<void> {
  await signInOrReopen(page);
  await openBoard(page, CHECKOUT);
}

async function threadWithScreenshot(): Promise<string> {
  const projectId = await projectIdByName(TOKEN, CHECKOUT);
  const { items } = await api<{ items: Array<{ id: string }> }>(
    TOKEN,
    `/items?projectId=${projectId}&status=open&limit=20`,
  );
  for (const row of items) {
    const d = await api<Detail>(TOKEN, `/items/${row.id}`);
    if (d.evidence?.screenshotUrl) return d.id;
  }
  throw new Error('No open thread with a screenshot in the demo data');
}

async function openThreadById(page: Page, itemId: string): Promise<void> {
  await page.getByLabel('Thread ID').fill(itemId);
  await page.getByLabel('Thread ID').press('Enter');
  await expect(page.getByTestId('thread-view')).toContainText(itemId);
}

const valueNow = async (page: Page) =>
  Number(await page.getByRole('separator', { name: 'Thread panel width' }).getAttribute('aria-valuenow'));

test.describe.configure({ mode: 'serial' });

test.describe('a designer reading a thread: evidence first, a resizable panel, the page title, the skip link', () => {
  test('the evidence comes first in the thread panel, before the conversation and the reply box, and large', async ({
    page,
  }) => {
    const id = await threadWithScreenshot();
    await openProject(page);
    await openThreadById(page, id);
    const view = page.getByTestId('thread-view');
    const evidence = view.getByRole('region', { name: 'Evidence' });
    const composer = view.getByTestId('reply-composer');
    await expect(evidence.getByRole('img', { name: 'Evidence screenshot' })).toBeVisible();
    const e = (await evidence.boundingBox())!;
    const c = (await composer.boundingBox())!;
    expect(e.y, 'the evidence above the reply box').toBeLessThan(c.y);
    const first = (await view.locator('.message').first().boundingBox())!;
    expect(e.y, 'the evidence above the conversation').toBeLessThan(first.y);
    // Large: the screenshot takes the panel's width, not its own small size.
    const img = (await evidence.getByRole('img', { name: 'Evidence screenshot' }).boundingBox())!;
    const panel = (await view.boundingBox())!;
    expect(img.width).toBeGreaterThan(panel.width - 60);
  });

  test('the panel resizes from the keyboard, keeps the board usable, and keeps its width after a reload', async ({
    page,
  }) => {
    const id = await threadWithScreenshot();
    await openProject(page);
    await openThreadById(page, id);
    const splitter = page.getByRole('separator', { name: 'Thread panel width' });
    await expect(splitter).toHaveAttribute('aria-valuemin', /\d+/);
    await expect(splitter).toHaveAttribute('aria-valuemax', /\d+/);
    const before = await valueNow(page);
    await splitter.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => valueNow(page)).toBe(before + 20 + 20 + 80);
    const wider = before + 120;
    await expect.poll(async () => Math.round((await page.getByTestId('thread-view').boundingBox())!.width)).toBe(wider);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => valueNow(page)).toBe(wider - 20);

    await page.reload();
    await expect(page.getByTestId('thread-view')).toContainText(id);
    await expect.poll(() => valueNow(page)).toBe(wider - 20);
    await expect
      .poll(async () => Math.round((await page.getByTestId('thread-view').boundingBox())!.width))
      .toBe(wider - 20);

    // The widest it goes (End) still leaves the board a usable width, and so does a 900 px window.
    await splitter.focus();
    await page.keyboard.press('End');
    const max = Number(await splitter.getAttribute('aria-valuemax'));
    await expect.poll(() => valueNow(page)).toBe(max);
    expect((await page.getByTestId('board').boundingBox())!.width).toBeGreaterThanOrEqual(430);
    await page.setViewportSize({ width: 900, height: 800 });
    await expect.poll(async () => (await page.getByTestId('board').boundingBox())!.width).toBeGreaterThanOrEqual(430);
    expect(await valueNow(page)).toBeLessThanOrEqual(Number(await splitter.getAttribute('aria-valuemax')));
    const overflow = await page.evaluate(() => {
      const root = (
        globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
      ).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow, 'no sideways scrolling at 900 px').toBeLessThanOrEqual(0);
    // Home: the narrowest; the choice is remembered.
    await splitter.focus();
    await page.keyboard.press('Home');
    await expect.poll(() => valueNow(page)).toBe(Number(await splitter.getAttribute('aria-valuemin')));
  });

  test('the page title names the project and the screen', async ({ page }) => {
    await openProject(page);
    await expect(page).toHaveTitle(`${CHECKOUT} — Board · Triage Desk`);
    await page.getByTestId('view-table').click();
    await expect(page).toHaveTitle(`${CHECKOUT} — Table · Triage Desk`);
    await page.getByTestId('view-board').click();
    await expect(page).toHaveTitle(`${CHECKOUT} — Board · Triage Desk`);
    // A reload starts from an address without the project's name: the title still has it.
    await page.reload();
    await expect(page.getByTestId('board')).toBeVisible();
    await expect(page).toHaveTitle(`${CHECKOUT} — Board · Triage Desk`);
    await page.getByRole('navigation', { name: 'Location' }).getByRole('button', { name: 'Projects' }).click();
    await expect(page).toHaveTitle('Projects · Triage Desk');
  });

  test('the first Tab stop skips to the threads, on the board and in the table', async ({ page }) => {
    await openProject(page);
    const skip = page.getByRole('link', { name: 'Skip to the threads' });
    for (const view of ['board', 'table'] as const) {
      await page.getByTestId(`view-${view}`).click();
      // From the top of a freshly loaded page, as a keyboard user arrives.
      await page.reload();
      const threads =
        view === 'board'
          ? page.getByTestId('board').locator('[tabindex="0"]').first()
          : page.getByTestId('items-table');
      await expect(threads).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(threads).toBeFocused();
    }
    await page.getByTestId('view-board').click();
  });

  test('the project list names each project’s workspace and suggests a first step', async ({ page }) => {
    await openProject(page);
    await page.getByRole('navigation', { name: 'Location' }).getByRole('button', { name: 'Projects' }).click();
    const list = page.getByTestId('project-list');
    await expect(list).toBeVisible();
    const { projects } = await api<{ projects: Array<{ id: string; workspace: { name: string } | null }> }>(
      TOKEN,
      '/projects',
    );
    for (const p of projects.filter((x) => x.workspace)) {
      await expect(list.locator(`[data-project-id="${p.id}"]`).getByTestId('project-workspace')).toHaveText(
        p.workspace!.name,
      );
    }
    await expect(page.getByTestId('projects-hint')).toContainText('Enter opens');
  });
});
