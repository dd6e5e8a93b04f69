import { expect, test } from '@playwright/test';
import { api, forgetConnectionsAfterAll, openBoard, projectIdByName, signInOnce } from './support.js';
import { openThreadById } from './thread-support.js';

/**
 * The thread panel's facts and actions: the action buttons in one row, the assignee's agent
 * mode after their name, and one's own reply without a "via".
 */

const TOKEN = 'demo-owner';
const LABEL = 'Acme (thread panel e2e)';
const SMALL = 'Brand refresh';

const detail = (id: string) => api<{ assignee: { name: string; mode: string | null } | null }>(TOKEN, `/items/${id}`);

const open = signInOnce(TOKEN, LABEL);

test.describe('the thread panel', () => {
  forgetConnectionsAfterAll([LABEL]);

  test('the actions sit in one row, the assignee’s agent mode follows their name after a space, and one’s own reply has no "via"', async ({
    page,
  }) => {
    const projectId = await projectIdByName(TOKEN, SMALL);
    // A thread assigned to someone who works through an agent ("Build", "Fix"…): the badge follows the name.
    const { items } = await api<{ items: Array<{ id: string; assigneeId: string }> }>(
      TOKEN,
      `/items?projectId=${projectId}&status=open&limit=200`,
    );
    let itemId = '';
    for (const row of items.filter((r) => r.assigneeId)) {
      if ((await detail(row.id)).assignee?.mode) {
        itemId = row.id;
        break;
      }
    }
    expect(itemId, 'an open thread whose assignee works in an agent mode').not.toBe('');
    const mine = `Thread panel e2e: my own reply ${Date.now()}`;
    await api(TOKEN, '/items/update', { method: 'POST', body: { itemId, body: mine } });
    await open(page);
    await openBoard(page, SMALL);
    const view = await openThreadById(page, itemId);

    const actions = view.getByRole('region', { name: 'Actions' });
    const assignTop = (await actions.getByRole('button', { name: 'Assign…' }).boundingBox())!.y;
    const replyTop = (await actions.getByRole('button', { name: 'Reply', exact: true }).boundingBox())!.y;
    expect(replyTop).toBe(assignTop);

    const d = await detail(itemId);
    await expect(view.getByTestId('assignee-fact')).toHaveText(new RegExp(`^${d.assignee!.name} \\S+$`));

    const own = view.getByTestId('message').filter({ hasText: mine });
    await expect(own).toBeVisible();
    await expect(own).not.toContainText(/\bvia\b/);
    await page.screenshot({ path: '.reports/thread-panel-actions.png' });
  });
});
