import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { findElectronBinary, MAIN_SCRIPT } from './support/electron-binary.js';
import {
  answerSaveDialog,
  columnCount,
  expectConnected,
  startDesktop,
  windowBounds,
  type Desktop,
} from './support/desktop.js';
import { readPdf } from './support/pdf.js';

/**
 * The desktop app as a person uses it: the built Electron app (out/) against the reference
 * service on demo data, the token in the real keychain, native save dialogs answered in the
 * main process. Skipped, with the reason, where the Electron binary or a display is missing.
 */
const binary = findElectronBinary();
const PROJECT = 'Checkout app';
const TOKEN = 'demo-owner';

test.describe.serial('the desktop app', () => {
  test.skip(!binary.ok, binary.ok ? '' : `Electron suite skipped: ${binary.reason}`);

  let desktop: Desktop;
  test.beforeAll(async () => {
    if (binary.ok) desktop = await startDesktop(binary);
  });
  test.afterAll(async () => {
    await desktop?.dispose();
  });

  test('connects, works a board and a thread, exports a review, and keeps its place across a relaunch', async () => {
    const { app, page } = await desktop.launch();
    expect(await page.evaluate(() => (globalThis as { triage?: { mode: string } }).triage?.mode)).toBe('electron');
    // Our page on its own origin, not a file:// URL; its script runs under the strict CSP header.
    expect(page.url()).toMatch(/^app:\/\/triage-desk\/index\.html/);
    expect(await page.evaluate(() => (globalThis as unknown as { location: { origin: string } }).location.origin)).toBe(
      'app://triage-desk',
    );
    // The page reaches nothing of Node or Electron but the bridge.
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');

    // Connect with a token: it is saved in the real keychain.
    await page.getByLabel('Service URL').fill(desktop.service.baseUrl);
    await page.getByLabel('API token').fill(TOKEN);
    await page.getByLabel('Label (optional)').fill('Electron suite');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByRole('button', { name: 'Choose a project' }).click();
    await expectConnected(page);

    // Open a board and drag a card to Resolved; the service agrees.
    await page
      .getByTestId('project-list')
      .getByRole('button', { name: new RegExp(PROJECT) })
      .click();
    await expect(page.getByTestId('board')).toBeVisible();
    const card = page.getByTestId('column-open').getByTestId('card').first();
    const itemId = (await card.getAttribute('data-item-id'))!;
    const resolvedBefore = await columnCount(page, 'resolved');
    await card.dragTo(page.getByTestId('column-resolved'));
    await expect.poll(() => columnCount(page, 'resolved')).toBe(resolvedBefore + 1);
    await expect
      .poll(async () => {
        const r = await fetch(`${desktop.service.baseUrl}/api/v1/items/${itemId}`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        return ((await r.json()) as { status: string }).status;
      })
      .toBe('resolved');

    // Open a thread.
    await page.getByTestId('column-open').getByTestId('card').first().click();
    await expect(page.getByTestId('thread-view')).toBeVisible();
    await page.keyboard.press('Escape');

    // Export the review as Markdown and as PDF through the native save dialog.
    await page
      .getByRole('button', { name: /^Reports$/ })
      .or(page.getByRole('link', { name: /^Reports$/ }))
      .or(page.getByRole('tab', { name: /^Reports$/ }))
      .first()
      .click();
    await page.getByRole('tab', { name: 'Review' }).click();
    await expect(page.getByTestId('export-review-markdown')).toBeEnabled();
    const markdownFile = join(desktop.userData, 'review.md');
    await answerSaveDialog(app, markdownFile);
    await page.getByTestId('export-review-markdown').click();
    await expect.poll(() => existsSync(markdownFile)).toBe(true);
    const markdown = await readFile(markdownFile, 'utf8');
    expect(markdown).toContain(`# Project review: ${PROJECT}`);
    expect(markdown).toContain('## Resolved');

    const pdfFile = join(desktop.userData, 'review.pdf');
    await answerSaveDialog(app, pdfFile);
    await page.getByTestId('export-review-pdf').click();
    await expect.poll(() => existsSync(pdfFile), { timeout: 60_000 }).toBe(true);
    const pdf = await readPdf(pdfFile);
    expect(pdf.pages).toBeGreaterThan(0);
    const text = pdf.text.join('\n');
    expect(text).toContain(PROJECT);
    // The charts are printed: their titles as text, their bars as vector paths.
    for (const chart of ['Threads by type', 'Threads by status']) expect(text).toContain(chart);
    expect(Math.max(...pdf.paths)).toBeGreaterThan(20);

    // Move the window, quit, relaunch: the connection and the window are where they were.
    await app.evaluate(({ BrowserWindow }) =>
      BrowserWindow.getAllWindows()[0]!.setBounds({ x: 60, y: 50, width: 1100, height: 760 }),
    );
    const before = await windowBounds(app);
    await app.close();

    const again = await desktop.launch();
    expect(await windowBounds(again.app)).toEqual(before);
    const saved = again.page.getByTestId('saved-connection').filter({ hasText: 'Electron suite' });
    await expect(saved).toHaveCount(1);
    await again.page.getByRole('button', { name: 'Use Electron suite' }).click();
    await expectConnected(again.page);
    await again.app.close();
  });

  test('a triage-desk:// link opens the thread in the running connection', async () => {
    const { app, page } = await desktop.launch();
    await page.getByRole('button', { name: 'Use Electron suite' }).click();
    await expectConnected(page);
    const list = await fetch(`${desktop.service.baseUrl}/api/v1/projects`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const project = ((await list.json()) as { projects: { id: string; name: string }[] }).projects.find(
      (p) => p.name === PROJECT,
    )!;
    const items = await fetch(`${desktop.service.baseUrl}/api/v1/items?projectId=${project.id}&limit=1`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const itemId = ((await items.json()) as { items: { id: string }[] }).items[0]!.id;

    // What the OS does with a clicked link while the app runs: a second launch, which hands
    // the link to the first instance through the single-instance lock and quits.
    const second = spawn(
      binary.ok ? binary.path : '',
      [
        ...(process.platform === 'linux' && process.env['CI'] ? ['--no-sandbox'] : []),
        MAIN_SCRIPT,
        `triage-desk://item/${itemId}`,
      ],
      {
        env: { ...process.env, TRIAGE_USER_DATA: desktop.userData, TRIAGE_KEYCHAIN_SERVICE: desktop.keychainService },
        stdio: 'ignore',
      },
    );
    const exitCode = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    expect(exitCode).toBe(0);
    await expect(page.getByTestId('thread-view')).toBeVisible();
    await expect(page.getByTestId('thread-view')).toContainText(itemId);
    await expect.poll(() => new URL(page.url()).hash).toContain(`thread=${itemId}`);
    // A link the app cannot use is explained, not dropped.
    await app.evaluate(({ app: electronApp }) => {
      electronApp.emit(
        'second-instance',
        { preventDefault() {} },
        [process.execPath, 'triage-desk://settings/x'],
        process.cwd(),
      );
    });
    await expect(page.getByText(/Thread links look like triage-desk:\/\/item\//)).toBeVisible();
    await app.close();
  });

  test('the built app passes the smoke test the release run starts on every installer', async () => {
    const resultFile = join(desktop.userData, 'smoke-result.json');
    const run = spawn(
      binary.ok ? binary.path : '',
      [
        ...(process.platform === 'linux' && process.env['CI'] ? ['--no-sandbox'] : []),
        MAIN_SCRIPT,
        '--smoke-test',
        `--smoke-result=${resultFile}`,
      ],
      {
        env: { ...process.env, TRIAGE_KEYCHAIN_SERVICE: desktop.keychainService },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    run.stdout.on('data', (d: Buffer) => (output += d.toString()));
    const exitCode = await new Promise<number | null>((resolve) => run.once('exit', resolve));
    expect(output).toMatch(/Triage Desk smoke test: passed \(4 steps/);
    expect(exitCode).toBe(0);
    expect(JSON.parse(await readFile(resultFile, 'utf8'))).toMatchObject({
      ok: true,
      steps: expect.arrayContaining(['the page rendered']),
    });
  });
});
