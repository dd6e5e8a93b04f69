/**
 * Looks at the app as a person would: opens a URL in Debian's Chromium and saves a PNG.
 * Usage: node --import tsx scripts/screenshot.ts URL out.png [--click "text"]... [--wait ms]
 */
import { chromium } from '@playwright/test';

const [url, out, ...rest] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: scripts/screenshot.ts URL out.png [--click "text"]... [--wait ms]');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('console', (m) => m.type() === 'error' && console.error('[page]', m.text()));
  await page.goto(url);
  await page.waitForTimeout(1500);
  for (let i = 0; i < rest.length; i += 2) {
    const flag = rest[i];
    const value = rest[i + 1] ?? '';
    if (flag === '--click') await page.getByText(value, { exact: false }).first().click();
    else if (flag === '--wait') await page.waitForTimeout(Number(value));
    await page.waitForTimeout(800);
  }
  await page.screenshot({ path: out });
} finally {
  await browser.close();
}
