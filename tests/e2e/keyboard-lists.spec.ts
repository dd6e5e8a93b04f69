import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, forgetConnectionsAfterAll, projectIdByName, signInOnce } from './support.js';

/**
 * The three lists that keep the focus in their field — the command palette, the people picker
 * of Assign, the @mention suggestions of a reply — answer the same keys: ↑/↓ wrap round the
 * ends, Home/End go to the first/last option, PageUp/PageDown move by a page (8) and stop at
 * the ends, Enter picks, Escape closes. The active option is the one the field names with
 * aria-activedescendant and is in view. Reads only: this spec's own thread, nothing assigned
 * or posted.
 */

const TOKEN = 'demo-owner';
const PROJECT = 'Brand refresh';
const LABEL = 'Acme (keyboard lists e2e)';
const PAGE = 8;

const signInOrReopen = signInOnce(TOKEN, LABEL);
forgetConnectionsAfterAll([LABEL]);

let itemId = '';

async function openThread(page: Page): Promise<void> {
  await signInOrReopen(page);
  await expect(
    page.getByTestId('project-list').or(page.getByTestId('board')).or(page.getByTestId('items-table')),
  ).toBeVisible();
  await page.evaluate(`window.location.hash = '#/item/${itemId}'`);
  await expect(page.getByTestId('thread-view')).toHaveAttribute('data-item-id', itemId);
}

/** Checks that option `index` is the active one: named by the field, marked selected, in view. */
async function expectActive(field: Locator, options: Locator, index: number): Promise<void> {
  const option = options.nth(index);
  const id = await option.getAttribute('id');
  expect(id).toBeTruthy();
  await expect(field).toHaveAttribute('aria-activedescendant', id!);
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(option).toBeInViewport();
}

/** Presses each step's keys in turn and checks the option it must leave active. */
async function walkKeys(
  page: Page,
  field: Locator,
  options: Locator,
  steps: ReadonlyArray<readonly [keys: string | readonly string[], active: number]>,
): Promise<void> {
  for (const [keys, active] of steps) {
    for (const key of typeof keys === 'string' ? [keys] : keys) await page.keyboard.press(key);
    await expectActive(field, options, active);
  }
}

test.describe.serial('keyboard lists', () => {
  test.beforeAll(async () => {
    const projectId = await projectIdByName(TOKEN, PROJECT);
    const created = await api<{ pinId: string }>(TOKEN, '/items/create', {
      method: 'POST',
      body: {
        projectId,
        url: 'https://brand.acme.example/keyboard-lists',
        body: `Keyboard lists e2e: the hero image crops faces (${Date.now()})`,
      },
    });
    itemId = created.pinId;
  });

  test('the command palette: Home/End, PageDown/PageUp by a page, arrows wrap, Escape closes', async ({ page }) => {
    await openThread(page);
    await page.keyboard.press('Control+k');
    const palette = page.getByTestId('command-palette');
    await expect(palette).toBeVisible();
    const field = palette.getByRole('combobox', { name: 'Command' });
    const options = palette.getByRole('option');
    const count = await options.count();
    expect(count).toBeGreaterThan(PAGE * 2);
    await expectActive(field, options, 0);

    await walkKeys(page, field, options, [['End', count - 1]]);
    await page.screenshot({ path: '.reports/keyboard-lists-palette-end.png' });
    await walkKeys(page, field, options, [
      ['ArrowDown', 0],
      ['ArrowUp', count - 1],
      ['Home', 0],
      ['PageDown', PAGE],
      ['PageDown', PAGE * 2],
      ['PageUp', PAGE],
      [['PageUp', 'PageUp'], 0],
    ]);

    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
  });

  test('the people picker: Home/End, PageDown stops at the last person, arrows wrap, Escape closes the dialog unassigned', async ({
    page,
  }) => {
    await openThread(page);
    await page.getByTestId('thread-view').getByRole('button', { name: 'Assign…' }).click();
    const dialog = page.getByTestId('assign-dialog');
    await expect(dialog).toBeVisible();
    const field = dialog.getByRole('combobox', { name: 'Search people' });
    await expect(field).toBeFocused();
    const options = dialog.getByRole('option');
    await expect(options.nth(2)).toBeVisible();
    const count = await options.count();
    await expectActive(field, options, 0);

    await walkKeys(page, field, options, [
      ['End', count - 1],
      ['ArrowDown', 0],
      ['ArrowUp', count - 1],
      ['Home', 0],
      ['PageDown', Math.min(PAGE, count - 1)],
      ['PageDown', Math.min(PAGE * 2, count - 1)],
      [['PageUp', 'PageUp'], 0],
    ]);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect((await api<{ assignee?: { name: string } | null }>(TOKEN, `/items/${itemId}`)).assignee ?? null).toBeNull();
  });

  test('the mention suggestions: arrows wrap, End/Home, Enter inserts the name, Escape closes only the list', async ({
    page,
  }) => {
    await openThread(page);
    const view = page.getByTestId('thread-view');
    const box = view.getByRole('textbox', { name: 'Reply' });
    await box.click();
    await box.pressSequentially('Over to @Al');
    const list = page.getByTestId('mention-suggestions');
    await expect(list).toBeVisible();
    const options = list.getByRole('option');
    const count = await options.count();
    expect(count).toBeGreaterThanOrEqual(2);
    await expectActive(box, options, 0);

    await walkKeys(page, box, options, [['ArrowUp', count - 1]]);
    await page.screenshot({ path: '.reports/keyboard-lists-mention-wrap.png' });
    await walkKeys(page, box, options, [
      ['ArrowDown', 0],
      ['End', count - 1],
      ['Home', 0],
    ]);
    await page.keyboard.press('ArrowDown');
    const second = (await options.nth(1).locator('.mention-suggestions__name').textContent())!;
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(box).toHaveValue(`Over to @${second} `);
    await expect(box).not.toHaveAttribute('aria-activedescendant');

    // A second "@": Escape closes the list and leaves the thread panel open.
    await box.pressSequentially('and @Al');
    await expect(list).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(view).toBeVisible();
    await expect(box).toBeFocused();
    await box.fill('');
  });
});
