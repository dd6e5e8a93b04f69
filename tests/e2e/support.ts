import { expect, test, type Page } from '@playwright/test';
import { E2E_CONTROL_URL } from '../../playwright.config.js';

/** The reference service the e2e stack starts (scripts/e2e-stack.ts). */
export const SERVICE_URL = `http://127.0.0.1:${process.env['E2E_SERVICE_PORT'] ?? 4791}`;

/**
 * Calls the reference service directly, as a second witness to what the app shows. It
 * shares the token's rate limit with the app, so it waits out a 429 as a client should.
 */
export async function api<T>(
  token: string,
  path: string,
  init: { method?: string; body?: unknown; service?: string } = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${init.service ?? SERVICE_URL}/api/v1${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
    if (res.status === 429 && attempt < 5) {
      const seconds = Number(res.headers.get('retry-after') ?? '1');
      await new Promise((r) => setTimeout(r, Math.min(Math.max(seconds, 1), 30) * 1000));
      continue;
    }
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }
}

export async function projectIdByName(token: string, name: string): Promise<string> {
  const { projects } = await api<{ projects: Array<{ id: string; name: string }> }>(token, '/projects');
  const p = projects.find((x) => x.name === name);
  if (!p) throw new Error(`No project named ${name}`);
  return p.id;
}

/** Asks the e2e stack's control endpoint (scripts/e2e-stack.ts) to do something; answers its JSON. */
export async function control<T>(path: string): Promise<T> {
  const res = await fetch(`${E2E_CONTROL_URL}${path}`, { method: 'POST' });
  const body = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(`control ${path}: ${body.error ?? res.status}`);
  return body;
}

/**
 * Opens the app with a fresh one-time launch link, as a person opening the link the demo
 * printed: the tab exchanges it for its own session (a link works once).
 */
/** From the project list, opens a project's board. */
export async function openBoard(page: Page, project: string): Promise<void> {
  await page
    .getByTestId('project-list')
    .getByRole('button', { name: new RegExp(project) })
    .click();
  await expect(page.getByTestId('board')).toBeVisible();
}

export async function openApp(page: Page): Promise<void> {
  const { path } = await control<{ path: string }>('/launch');
  await page.goto(path);
}

/** Signs in through the connect screen, exactly as a person would. */
export async function connect(page: Page, token: string, label?: string, service = SERVICE_URL): Promise<void> {
  await page.getByLabel('Service URL').fill(service);
  await page.getByLabel('API token').fill(token);
  if (label) await page.getByLabel('Label (optional)').fill(label);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
}

/**
 * Signs in with a token through the connections screen, whatever another spec left
 * behind (the gateway keeps the active connection between pages), and lands on the
 * project list.
 */
export async function signIn(page: Page, token: string, label: string, service = SERVICE_URL): Promise<void> {
  await openConnectForm(page);
  await connect(page, token, label, service);
  await page.getByRole('button', { name: 'Choose a project' }).click();
  await expect(page.getByTestId('project-list')).toBeVisible();
}

/**
 * A spec's way in: the first call signs in (the connection labelled `label`), later ones reopen
 * the app with a fresh launch link, landing where the saved connection does.
 */
export function signInOnce(token: string, label: string): (page: Page) => Promise<void> {
  let signedIn = false;
  return async (page) => {
    if (signedIn) return openApp(page);
    await signIn(page, token, label);
    signedIn = true;
  };
}

/** Forgets the connections a describe saved once it has run, so the connect screen stays short for the next spec. */
export function forgetConnectionsAfterAll(labels: string[]): void {
  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await forgetConnections(page, labels);
    await page.close();
  });
}

/** Opens the app on the connect form, whatever connection another spec left active. */
export async function openConnectForm(page: Page): Promise<void> {
  await openApp(page);
  const connectForm = page.getByLabel('Service URL');
  await expect(connectForm.or(page.getByTitle('Saved connections'))).toBeVisible();
  if (!(await connectForm.isVisible())) await page.getByTitle('Saved connections').click();
}

/** How many live threads a project has right now (other specs change the shared data). */
export async function liveThreadCount(token: string, projectId: string): Promise<number> {
  const body = await api<{ summary: { total: number } }>(token, `/items?projectId=${projectId}&limit=1`);
  return body.summary.total;
}

export async function expectNoAlert(page: Page): Promise<void> {
  await expect(page.getByRole('alert')).toHaveCount(0);
}

/** Forgets the connections a spec saved, so the next spec starts as that one found the app. */
export async function forgetConnections(page: Page, labels: string[]): Promise<void> {
  await openConnectForm(page);
  for (const label of labels) {
    const row = page.getByTestId('saved-connection').filter({ hasText: label });
    if ((await row.count()) === 0) continue;
    // The first press asks, the second (the same words, now the danger button) confirms.
    await row.getByRole('button', { name: `Remove ${label}` }).click();
    await row.getByRole('button', { name: `Remove ${label}` }).click();
    await expect(row).toHaveCount(0);
  }
}
