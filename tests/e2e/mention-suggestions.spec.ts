import { expect, test } from '@playwright/test';
import { CLIPPED_BY, ON_TOP, TO_BOTTOM_EDGE } from './page-probes.js';
import { api, forgetConnectionsAfterAll, openBoard, projectIdByName, signInOnce } from './support.js';
import { openThreadById } from './thread-support.js';

/**
 * @mention suggestions in the reply composer: the list is drawn whole and on top, wherever the
 * composer sits in the thread panel.
 */

const TOKEN = 'demo-owner';
const LABEL = 'Acme (mention suggestions e2e)';
const SMALL = 'Brand refresh';

const open = signInOnce(TOKEN, LABEL);

test.describe('@mention suggestions in the reply composer', () => {
  forgetConnectionsAfterAll([LABEL]);

  test('@mention suggestions stay visible when the composer sits at the bottom of the thread panel', async ({
    page,
  }) => {
    const projectId = await projectIdByName(TOKEN, SMALL);
    const { items } = await api<{ items: Array<{ id: string }> }>(
      TOKEN,
      `/items?projectId=${projectId}&status=open&limit=1`,
    );
    await open(page);
    await openBoard(page, SMALL);
    const view = await openThreadById(page, items[0]!.id);
    const box = view.getByRole('textbox', { name: 'Reply' });
    // Scroll the panel so the composer sits at its bottom edge, as while reading down a thread.
    await box.evaluate(TO_BOTTOM_EDGE);
    await box.click();
    await box.fill('');
    await box.pressSequentially('@Al');
    const list = page.getByTestId('mention-suggestions');
    await expect(list).toBeVisible();
    expect(await list.evaluate(CLIPPED_BY)).toEqual([]);
    expect(await list.getByRole('option').first().evaluate(ON_TOP)).toBe(true);
    await page.screenshot({ path: '.reports/mention-suggestions-bottom.png' });
    await page.keyboard.press('Escape');
  });
});
