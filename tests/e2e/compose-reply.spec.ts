import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe-support.js';
import { api, openApp, projectIdByName, signIn } from './support.js';

/**
 * Writing a reply: a hand-typed "@Alex" that two members answer to is said under the box
 * before anything is sent, and Send waits for the choice; a half-written reply survives a
 * reload and is gone once posted; a corrupt stored draft is ignored. Threads are this spec's
 * own, created here in Brand refresh.
 */

const TOKEN = 'demo-owner';
const PROJECT = 'Brand refresh';

let projectId = '';
let signedIn = false;

interface Detail {
  thread: { replies: Array<{ content: string }> };
}
const repliesOf = async (id: string) => (await api<Detail>(TOKEN, `/items/${id}`)).thread.replies;

async function newThread(text: string): Promise<string> {
  const created = await api<{ pinId: string }>(TOKEN, '/items/create', {
    method: 'POST',
    body: { projectId, url: 'https://brand.acme.example/compose', body: `${text} (${Date.now()})` },
  });
  return created.pinId;
}

async function openThread(page: Page, itemId: string): Promise<void> {
  if (!signedIn) {
    await signIn(page, TOKEN, 'Acme (compose e2e)');
    signedIn = true;
  } else {
    await openApp(page);
    await expect.poll(() => new URL(page.url()).hash).not.toContain('secret=');
    await expect(
      page.getByTestId('project-list').or(page.getByTestId('board')).or(page.getByTestId('items-table')),
    ).toBeVisible();
  }
  await page.evaluate(`window.location.hash = '#/item/${itemId}'`);
  await expect(page.getByTestId('thread-view')).toHaveAttribute('data-item-id', itemId);
}

test.describe.serial('writing a reply', () => {
  test.beforeAll(async () => {
    projectId = await projectIdByName(TOKEN, PROJECT);
  });

  test('a hand-typed ambiguous "@Alex" says so under the box before Send, and Send waits for the choice', async ({
    page,
  }) => {
    const itemId = await newThread('Compose e2e: the footer logo is blurry on retina screens');
    await openThread(page, itemId);
    const view = page.getByTestId('thread-view');
    const box = view.getByRole('textbox', { name: 'Reply' });
    await box.click();
    // Typed by hand, without picking from the suggestions.
    await box.pressSequentially('@Alex');
    await box.press('Escape');
    await box.pressSequentially(', could you swap in the 2x asset?');

    const choice = view.getByTestId('mention-choice');
    await expect(choice).toHaveAttribute('data-when', 'before-send');
    await expect(choice).toContainText(
      '“@Alex” matches 2 people. Who do you mean: Alex Kim or Alex Park? Nothing is posted until you choose.',
    );
    // Still typing: the question does not take the focus.
    await expect(box).toBeFocused();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoViolations(page, `mention question before Send (${colorScheme})`, '[data-testid="reply-composer"]');
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: '.reports/compose-mention-before-send.png' });

    await view.getByRole('button', { name: 'Post reply' }).click();
    await expect(choice).toContainText('Your reply is waiting and goes once you choose.');
    await expect(choice.getByRole('button', { name: /Alex Kim/ })).toBeFocused();
    expect(await repliesOf(itemId)).toHaveLength(0);

    await choice.getByRole('button', { name: /Alex Kim/ }).click();
    await expect(view.getByTestId('reply-posted')).toHaveText(/Posted as Olivia Owner, mentioning Alex Kim\./);
    expect((await repliesOf(itemId)).map((r) => r.content)).toEqual(['@Alex Kim, could you swap in the 2x asset?']);
  });

  test('choosing before Send only rewrites the name; keeping it as text posts it mentioning no one', async ({
    page,
  }) => {
    const itemId = await newThread('Compose e2e: the download button label is cut off');
    await openThread(page, itemId);
    const view = page.getByTestId('thread-view');
    const box = view.getByRole('textbox', { name: 'Reply' });
    await box.fill('Thanks @alex and @Alex, both of you.');
    const choice = view.getByTestId('mention-choice');
    await choice.getByRole('button', { name: 'Mention no one: keep “@alex” as text' }).click();
    await expect(choice).toHaveCount(0);
    expect(await repliesOf(itemId)).toHaveLength(0);
    await expect(box).toBeFocused();
    await box.press('Control+Enter');
    await expect(view.getByTestId('reply-posted')).toHaveText('Posted as Olivia Owner.');
    expect((await repliesOf(itemId)).map((r) => r.content)).toEqual(['Thanks @alex and @Alex, both of you.']);
  });

  test('a half-written reply survives a reload, is gone once posted, and a corrupt stored draft is ignored', async ({
    page,
  }) => {
    const itemId = await newThread('Compose e2e: the colour swatches page scrolls sideways');
    await openThread(page, itemId);
    const box = () => page.getByTestId('thread-view').getByRole('textbox', { name: 'Reply' });
    await box().fill('Half-written: the swatch grid needs a max width');

    await page.reload();
    await expect(page.getByTestId('thread-view')).toHaveAttribute('data-item-id', itemId);
    await expect(box()).toHaveValue('Half-written: the swatch grid needs a max width');

    await box().press('Control+Enter');
    await expect(page.getByTestId('reply-posted')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('thread-view')).toHaveAttribute('data-item-id', itemId);
    await expect(box()).toHaveValue('');

    // Whatever another version (or a broken disk) left under the drafts key: ignored, nothing breaks.
    const keys = await page.evaluate<string[]>(
      `Object.keys(localStorage).filter((k) => k.startsWith('triage-desk:reply-drafts:'))`,
    );
    for (const key of keys) await page.evaluate(`localStorage.setItem(${JSON.stringify(key)}, '{"itm": {"body": 4')`);
    expect(keys.length).toBeGreaterThan(0);
    await page.reload();
    await expect(page.getByTestId('thread-view')).toHaveAttribute('data-item-id', itemId);
    await expect(box()).toHaveValue('');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await box().fill('Typed again after the bad value');
    await page.reload();
    await expect(box()).toHaveValue('Typed again after the bad value');
    // Leave nothing half-written behind for the specs after this one.
    await box().fill('');
  });
});
