import { expect, test, type Page } from '@playwright/test';
import { api, connect, control, openBoard, openConnectForm, SERVICE_URL, signIn } from './support.js';

/**
 * Faults tried end to end, against a second reference service the e2e stack
 * runs for these specs only (scripts/e2e-stack.ts): started with a tiny rate limit, or
 * killed (SIGKILL) and restarted on the same data under the app. What reached the service
 * is counted there: its access log (one line per request it answered) and its own API.
 */

const OWNER = 'demo-owner';
/** Reads for the test go with another person's token: its own bucket, so the app's is not touched. */
const WITNESS = 'demo-admin';
const PROJECT = 'Brand refresh';

interface FaultService {
  baseUrl: string;
}

async function threadsOf(service: string, project: string): Promise<{ projectId: string; ids: string[] }> {
  const { projects } = await api<{ projects: Array<{ id: string; name: string }> }>(WITNESS, '/projects', { service });
  const projectId = projects.find((p) => p.name === project)!.id;
  const list = await api<{ items: Array<{ id: string; status: string }> }>(
    WITNESS,
    `/items?projectId=${projectId}&status=open&limit=5`,
    { service },
  );
  return { projectId, ids: list.items.map((i) => i.id) };
}

async function repliesWith(service: string, itemId: string, text: string): Promise<number> {
  const detail = await api<{ thread: { replies: Array<{ content: string }> } }>(WITNESS, `/items/${itemId}`, {
    service,
  });
  return detail.thread.replies.filter((r) => r.content.includes(text)).length;
}

async function accessLog(): Promise<string[]> {
  return (await control<{ lines: string[] }>('/fault/log')).lines;
}

const count = (lines: string[], line: string) => lines.filter((l) => l === line).length;

async function openThread(page: Page, itemId: string): Promise<void> {
  await openBoard(page, PROJECT);
  await page.getByLabel('Thread ID').fill(itemId);
  await page.getByLabel('Thread ID').press('Enter');
  await expect(page.getByTestId('thread-view')).toContainText(itemId);
}

test.describe('faults, end to end', () => {
  test('a tiny rate limit: the app counts down, then every queued action lands exactly once', async ({ page }) => {
    test.setTimeout(180_000);
    // 20 a minute with bursts of 3: far below the contract's limit the client paces for.
    const fault = await control<FaultService>('/fault/start?rate-limit=20/3');
    const { ids } = await threadsOf(fault.baseUrl, PROJECT);
    const itemId = ids[0]!;
    const text = `Queued under a tiny rate limit ${Date.now()}`;

    await signIn(page, OWNER, 'Fault service (tiny limit)', fault.baseUrl);
    const status = page.getByTestId('network-status');
    // Watched from the start: the countdown lasts only as long as the service's Retry-After.
    const countdown = page
      .locator('[data-testid="network-status"][data-phase="limited"]')
      .filter({ hasText: /rate limit — resuming in \d/ })
      .waitFor({ timeout: 120_000 });
    await openThread(page, itemId);

    // Two actions queued back to back: a reply and a status change.
    const view = page.getByTestId('thread-view');
    const box = view.getByRole('textbox', { name: 'Reply' });
    await box.fill(text);
    await box.press('Control+Enter');
    await view.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Deferred' }).click();

    // The service refused some requests: the status line counted down to the retry.
    await countdown;

    // Afterwards both landed, each once.
    await expect(view.getByTestId('reply-posted')).toBeVisible({ timeout: 120_000 });
    const chosen = view.getByRole('group', { name: 'Status' }).getByRole('button', { pressed: true });
    await expect(chosen).toHaveText('Deferred', { timeout: 120_000 });
    // The choice shows at once and its buttons stay disabled until the service has answered it.
    await expect(chosen).toBeEnabled({ timeout: 120_000 });
    await expect(status).not.toHaveAttribute('data-phase', 'limited', { timeout: 60_000 });
    const log = await accessLog();
    expect(log.some((l) => l.endsWith(' 429'))).toBe(true);
    expect(count(log, 'POST /api/v1/items/update 200')).toBe(1);
    expect(count(log, 'POST /api/v1/items/status 200')).toBe(1);
    expect(await repliesWith(fault.baseUrl, itemId, text)).toBe(1);
    const detail = await api<{ status: string }>(WITNESS, `/items/${itemId}`, { service: fault.baseUrl });
    expect(detail.status).toBe('deferred');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the service killed and restarted: the app says it is offline, keeps the unsent reply, and recovers by itself', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const fault = await control<FaultService>('/fault/start');
    const { ids } = await threadsOf(fault.baseUrl, PROJECT);
    const itemId = ids[1]!;
    const text = `Written while the service was down ${Date.now()}`;

    await signIn(page, OWNER, 'Fault service (killed)', fault.baseUrl);
    await openThread(page, itemId);
    const view = page.getByTestId('thread-view');
    const box = view.getByRole('textbox', { name: 'Reply' });
    await box.fill(text);

    await control('/fault/kill');
    await box.press('Control+Enter');
    const status = page.getByTestId('network-status');
    await expect(status).toHaveAttribute('data-phase', 'offline');
    await expect(status).toContainText("Can't reach");
    // The reply's own error (the screenshot may fail to load too while the service is down: its own alert).
    await expect(view.getByRole('alert').filter({ hasText: 'Your reply was not posted' })).toBeVisible();
    // The person's text is still there, unsent.
    await expect(box).toHaveValue(text);

    await control('/fault/restart');
    // Nobody touches anything: the app notices the service is back.
    await expect(status).toHaveAttribute('data-phase', 'idle', { timeout: 60_000 });
    await expect(status).toContainText('Connected');
    await expect(box).toHaveValue(text);

    await box.press('Control+Enter');
    await expect(view.getByTestId('reply-posted')).toBeVisible();
    await expect(box).toHaveValue('');
    expect(count(await accessLog(), 'POST /api/v1/items/update 200')).toBe(1);
    expect(await repliesWith(fault.baseUrl, itemId, text)).toBe(1);
  });
});

test.describe('connecting over plain http', () => {
  test('an address that is not this machine needs the confirmation that the token travels unencrypted', async ({
    page,
  }) => {
    await openConnectForm(page);
    // 0.0.0.0 reaches this machine but is not a loopback name: it stands for any remote http:// host.
    const remote = SERVICE_URL.replace('127.0.0.1', '0.0.0.0');
    await page.getByLabel('Service URL').fill(remote);
    await expect(page.getByText(/your API token would travel in clear text/)).toBeVisible();
    const confirm = page.getByLabel('Send my token unencrypted to this address');
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeDisabled();
    await confirm.check();
    await connect(page, OWNER, 'Plain http (confirmed)', remote);
    await page.getByRole('button', { name: 'Choose a project' }).click();
    await expect(page.getByTestId('project-list')).toBeVisible();

    // Loopback asks nothing.
    await openConnectForm(page);
    await page.getByLabel('Service URL').fill(SERVICE_URL);
    await expect(page.getByText(/your API token would travel in clear text/)).toHaveCount(0);
  });
});
