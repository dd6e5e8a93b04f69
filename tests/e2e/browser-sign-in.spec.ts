import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type BrowserContext } from '@playwright/test';
import { expectNoViolations } from './axe-support.js';
import { control, openConnectForm } from './support.js';

/**
 * A new person signs in with the browser, as the hosted service's own clients do: no token is
 * made or pasted. The sign-in service (scripts/e2e-stack.ts) is the reference service with
 * browser sign-in on and access tokens that live 20 s. The click that starts the sign-in opens
 * a new tab, which goes to the sign-in page; there the person picks who they are and allows
 * Triage Desk.
 */
const PROJECT = 'Checkout app';
let service = '';

interface KeychainEntry {
  account: string;
  secret: { baseUrl: string; token: string; signIn?: { refreshToken: string | null; issuer: string } };
}
const keychain = async () => (await control<{ entries: KeychainEntry[] }>('/keychain')).entries;
const signInEntry = async () => (await keychain()).find((e) => e.secret.baseUrl === service && e.secret.signIn);

/** Every file under the folders the stack writes to, whose contents hold any of `secrets`. */
async function filesHolding(secrets: string[]): Promise<{ scanned: number; holding: string[] }> {
  const { dirs } = await control<{ dirs: string[] }>('/data-dirs');
  const found = { scanned: 0, holding: [] as string[] };
  const visit = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await visit(path);
      else if (entry.isFile()) {
        const bytes = await readFile(path).catch(() => null);
        if (!bytes) continue;
        found.scanned += 1;
        if (secrets.some((secret) => bytes.includes(secret))) found.holding.push(path);
      }
    }
  };
  for (const dir of dirs) await visit(dir);
  return found;
}

/** `start` clicks what starts the sign-in, which opens the tab; there: pick the persona, allow, and see the tab say it can be closed. */
async function signInInTab(
  context: BrowserContext,
  start: () => Promise<void>,
  persona = 'Olivia Owner',
): Promise<void> {
  const opened = context.waitForEvent('page');
  await start();
  const tab = await opened;
  await tab.getByRole('button', { name: new RegExp(persona) }).click();
  await expect(tab.getByRole('heading', { level: 1 })).toContainText(/Allow|Triage Desk/);
  await tab.getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(tab.getByText('You can close this tab')).toBeVisible();
  await tab.close();
}

test.describe.serial('signing in with the browser', () => {
  test.beforeAll(async () => {
    service = (await control<{ baseUrl: string }>('/sign-in/start')).baseUrl;
  });

  test('a new person signs in with the browser and lands on their projects; only the keychain holds the sign-in', async ({
    page,
    context,
  }) => {
    await openConnectForm(page);
    await page.getByLabel('Service URL').fill(service);
    const signInButton = page.getByRole('button', { name: 'Sign in with your browser' });
    await expect(signInButton).toBeVisible();
    // The token form stays for those who prefer it.
    await expect(page.getByLabel('API token')).toBeVisible();
    await signInInTab(context, async () => {
      await signInButton.click();
      await expect(page.getByTestId('sign-in-waiting')).toContainText(
        `Finish signing in to ${new URL(service).host} in your browser`,
      );
    });

    await expect(page.getByRole('heading', { name: /signed in as Olivia Owner/ })).toBeVisible();
    await page.getByRole('button', { name: 'Choose a project' }).click();
    await expect(page.getByTestId('project-list').getByRole('button', { name: new RegExp(PROJECT) })).toBeVisible();

    const entry = await signInEntry();
    expect(entry?.secret.signIn?.refreshToken).toEqual(expect.any(String));
    expect(entry?.secret.signIn?.issuer).toBe(`${service}/oauth`);
    // Nothing of it in the page: not in storage, cookies or the DOM.
    const pageState = await page.evaluate<string>(
      'JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie, html: document.documentElement.outerHTML })',
    );
    expect(pageState).not.toContain(entry!.secret.token);
    expect(pageState).not.toContain(entry!.secret.signIn!.refreshToken!);
    // Nor on disk: no file of the service, the gateway or the keychain's folder holds either in plain text.
    const onDisk = await filesHolding([entry!.secret.token, entry!.secret.signIn!.refreshToken!]);
    expect(onDisk.scanned).toBeGreaterThan(0);
    expect(onDisk.holding).toEqual([]);
  });

  test('the access token expires and work goes on without a prompt', async ({ page }) => {
    await openConnectForm(page);
    await page.getByRole('button', { name: 'Choose a project' }).click();
    await expect(page.getByTestId('project-list')).toBeVisible();
    const before = await signInEntry();
    // Past the access token's 20 s life, with nothing asked meanwhile.
    await page.waitForTimeout(21_000);
    expect((await signInEntry())?.secret.token).toBe(before?.secret.token);
    // It really expired: the service refuses it now.
    const refused = await fetch(`${service}/api/v1/workspaces`, {
      headers: { authorization: `Bearer ${before!.secret.token}` },
    });
    expect(refused.status).toBe(401);
    await page
      .getByTestId('project-list')
      .getByRole('button', { name: new RegExp(PROJECT) })
      .click();
    await expect(page.getByTestId('board')).toBeVisible();
    await expect(page.getByTestId('signed-out-banner')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    const after = await signInEntry();
    expect(after?.secret.token).not.toBe(before?.secret.token);
    expect(after?.secret.signIn?.refreshToken).not.toBe(before?.secret.signIn?.refreshToken);
  });

  test('revoked on the service: "sign in again" once, the draft reply kept, and it posts after signing in again', async ({
    page,
    context,
  }) => {
    await openConnectForm(page);
    await page.getByRole('button', { name: 'Choose a project' }).click();
    await page
      .getByTestId('project-list')
      .getByRole('button', { name: new RegExp(PROJECT) })
      .click();
    await expect(page.getByTestId('board')).toBeVisible();
    await page.getByTestId('column-open').getByTestId('card').first().click();
    const view = page.getByTestId('thread-view');
    const box = view.getByRole('textbox', { name: 'Reply' });
    const draft = `Checked on staging after the sign-in came back ${Date.now()}`;
    await box.fill(draft);

    // The person revokes Triage Desk on the service's account page, in another tab.
    const account = await context.newPage();
    await account.goto(`${service}/oauth/account`);
    await account.getByRole('button', { name: /Olivia Owner/ }).click();
    await account.getByRole('button', { name: 'Revoke' }).first().click();
    await expect(account.getByText(/Revoked the sign-in of/)).toBeVisible();
    await account.close();

    await box.press('Control+Enter');
    const banner = page.getByTestId('signed-out-banner');
    await expect(banner).toContainText(`Signed out of ${new URL(service).host} — sign in again`);
    await expect(banner).toHaveCount(1);
    await expect(box).toHaveValue(draft);

    await signInInTab(context, () => banner.getByRole('button', { name: 'Sign in again' }).click());
    await expect(banner).toHaveCount(0);
    await expect(view.getByTestId('message').last()).toContainText(draft);
    await expect(box).toHaveValue('');
  });
});

for (const scheme of ['light', 'dark'] as const) {
  test(`signing in with the browser is accessible at 900 px, ${scheme} appearance: the app's waiting state and the service's pages`, async ({
    page,
    context,
  }) => {
    service = service || (await control<{ baseUrl: string }>('/sign-in/start')).baseUrl;
    await page.setViewportSize({ width: 900, height: 800 });
    await page.emulateMedia({ colorScheme: scheme });
    await openConnectForm(page);
    await page.getByLabel('Service URL').fill(service);
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Sign in with your browser' }).click();
    const tab = await opened;
    await expect(page.getByRole('link', { name: 'Open the sign-in page again' })).toBeVisible();
    await expectNoViolations(page, `sign-in waiting ${scheme}`);

    await tab.setViewportSize({ width: 900, height: 800 });
    await tab.emulateMedia({ colorScheme: scheme });
    await expect(tab.getByRole('button', { name: /Olivia Owner/ })).toBeVisible();
    await expectNoViolations(tab, `service sign-in page ${scheme}`);
    // Keyboard only: the persona is a tab stop away and Enter chooses it.
    await tab.getByRole('button', { name: /Olivia Owner/ }).focus();
    await tab.keyboard.press('Enter');
    await expect(tab.getByRole('button', { name: 'Allow', exact: true })).toBeVisible();
    await expectNoViolations(tab, `service consent page ${scheme}`);
    await tab.getByRole('button', { name: 'Deny', exact: true }).click();
    // The tab closes once the app's listener has answered it, as a person closes it.
    await expect(tab.getByText('Nothing was shared with Triage Desk. You can close this tab.')).toBeVisible();
    await tab.close();
    await expect(page.getByRole('alert')).toContainText(/You declined the sign-in/);
    await expect(page.getByTestId('sign-in-waiting')).toHaveCount(0);
  });
}

test('a browser that blocks the new tab: the page says so and offers the sign-in page as a link', async ({
  page,
  context,
}) => {
  service = service || (await control<{ baseUrl: string }>('/sign-in/start')).baseUrl;
  // As a pop-up blocker does: window.open gives no tab.
  await page.addInitScript('window.open = () => null;');
  await openConnectForm(page);
  await page.getByLabel('Service URL').fill(service);
  await page.getByRole('button', { name: 'Sign in with your browser' }).click();
  const waiting = page.getByTestId('sign-in-waiting');
  await expect(waiting).toContainText('Your browser blocked the new tab: open the sign-in page.');
  expect(context.pages()).toHaveLength(1);
  const opened = context.waitForEvent('page');
  await waiting.getByRole('link', { name: 'open the sign-in page' }).click();
  const tab = await opened;
  await expect(tab.getByRole('button', { name: /Olivia Owner/ })).toBeVisible();
  await tab.close();
  await waiting.getByRole('button', { name: 'Cancel sign-in' }).click();
  await expect(page.getByTestId('sign-in-waiting')).toHaveCount(0);
});
