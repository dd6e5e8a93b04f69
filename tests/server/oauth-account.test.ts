import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Running } from './support/harness.js';
import { Browser, findForm, register, signIn } from './support/oauth-browser.js';
import { baseWorld, TOKENS } from './support/world.js';

/**
 * The account page, where a person sees the apps signed in as them and revokes one: "the
 * sign-in is revoked on the service" as a person does it.
 */

let s: Running;
let resource: string;
let issuer: string;

beforeAll(async () => {
  s = await startServer(baseWorld(), {
    oauth: { enabled: true, personas: ['u_owner', 'u_admin'] },
    authFailureLimit: { perMinute: 1_000_000, burst: 1_000_000 },
  });
  resource = `${s.baseUrl}/api/v1`;
  issuer = `${s.baseUrl}/oauth`;
});
afterAll(async () => s.close());

async function appSignedIn(name: string, port: number, as: { persona: RegExp } | { token: string }) {
  const config = await register(issuer, [`http://127.0.0.1:${port}/callback`], name);
  const { tokens } = await signIn(new Browser(s.baseUrl), {
    config,
    redirectUri: `http://127.0.0.1:${port}/callback`,
    resource,
    as,
  });
  return { ...tokens!, config };
}

async function accountPageAs(browser: Browser, as: { persona: RegExp } | { token: string }) {
  const signInPage = await browser.open('/oauth/account');
  if ('left' in signInPage) throw new Error('left the service');
  expect(signInPage.html).toContain('<h1>Your sign-ins</h1>');
  const res =
    'persona' in as
      ? await browser.submit(signInPage, as.persona)
      : await browser.submit(signInPage, /Sign in with a personal token/, { token: as.token });
  const page = await browser.follow(res);
  if ('left' in page) throw new Error('left the service');
  return page;
}

describe('the account page', () => {
  it("lists the person's sign-ins, and revoking one ends it at once on every API route", async () => {
    const kept = await appSignedIn('Kept App', 54000, { persona: /Olivia Owner/ });
    const revoked = await appSignedIn('Revoked App', 54001, { persona: /Olivia Owner/ });
    await appSignedIn('Adam App', 54002, { persona: /Adam Admin/ });
    const browser = new Browser(s.baseUrl);
    const page = await accountPageAs(browser, { token: TOKENS.owner });
    expect(page.html).toContain('<h1>Apps signed in as Olivia Owner</h1>');
    expect(page.html).toContain('<strong>Kept App</strong>');
    expect(page.html).toContain('<strong>Revoked App</strong>');
    expect(page.html).not.toContain('Adam App');
    expect(page.html).toMatch(/Allowed \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(page.html).toContain(
      'Read and change feedback threads you can see; See your name; See your email address; Stay signed in (offline access)',
    );
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'; style-src 'self'/);
    expect(browser.cookies().find((c) => c.name === 'oauth_account')?.path).toBe('/oauth/account');

    const before = await s.get('/api/v1/items/it_1', revoked.access_token);
    expect(before.status).toBe(200);
    const form = findForm(page.html.slice(page.html.indexOf('<strong>Revoked App</strong>')), /^Revoke$/);
    const res = await browser.request(form.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form.hidden).toString(),
    });
    expect(res.status).toBe(200);
    const after = await res.text();
    expect(after).toContain('Revoked the sign-in of Revoked App; its tokens no longer work.');
    expect(after).not.toContain('<strong>Revoked App</strong>');
    expect(after).toContain('<strong>Kept App</strong>');

    for (const path of ['/api/v1/workspaces', '/api/v1/items/it_1', '/api/v1/projects']) {
      const res = await s.get(path, revoked.access_token);
      expect(res.status).toBe(401);
      expect(res.body.error).toMatch(/revoked/);
    }
    expect((await s.get('/api/v1/items/it_1', kept.access_token)).status).toBe(200);
    // Its refresh token went with it; the other app's still works.
    await expect(client.refreshTokenGrant(revoked.config, revoked.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect((await client.refreshTokenGrant(kept.config, kept.refresh_token!)).access_token).toEqual(expect.any(String));
  });

  it("refuses to revoke someone else's sign-in, and one sent without the page's form key", async () => {
    await appSignedIn('Adam Second App', 54003, { persona: /Adam Admin/ });
    const adam = new Browser(s.baseUrl);
    const adamPage = await accountPageAs(adam, { persona: /Adam Admin/ });
    const adamForm = findForm(adamPage.html.slice(adamPage.html.indexOf('Adam Second App')), /^Revoke$/);
    const adamGrant = adamForm.hidden.grant!;

    const olivia = new Browser(s.baseUrl);
    const page = await accountPageAs(olivia, { persona: /Olivia Owner/ });
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.html)![1]!;
    const post = (body: Record<string, string>) =>
      olivia.request('/oauth/account/revoke', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      });

    const other = await post({ grant: adamGrant, csrf });
    expect(other.status).toBe(404);
    expect(await other.text()).toContain(
      'That sign-in does not exist, has ended already, or is not yours; nothing was revoked.',
    );
    const unknown = await post({ grant: 'no-such-grant', csrf });
    expect(unknown.status).toBe(404);
    const forged = await post({ grant: adamGrant, csrf: 'guessed' });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('That form was not sent from this page, so nothing was revoked');

    // Adam's sign-in is untouched.
    const again = await adam.open('/oauth/account');
    if ('left' in again) throw new Error('left the service');
    expect(again.html).toContain('Adam Second App');
  });

  it("asks to sign in again when the page's session is gone, and signs out", async () => {
    const anonymous = new Browser(s.baseUrl);
    const res = await anonymous.request('/oauth/account/revoke', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant=x&csrf=y',
    });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('Your session on this page ended, so nothing was revoked; sign in again.');

    const browser = new Browser(s.baseUrl);
    const page = await accountPageAs(browser, { persona: /Olivia Owner/ });
    const out = await browser.follow(await browser.submit(page, /Sign out of this page/));
    if ('left' in out) throw new Error('left the service');
    expect(out.html).toContain('<h1>Your sign-ins</h1>');
    expect(browser.cookieNames()).not.toContain('oauth_account');
  });

  it('says why a personal token does not sign in, and refuses a person who is not offered', async () => {
    const browser = new Browser(s.baseUrl);
    const page = await browser.open('/oauth/account');
    if ('left' in page) throw new Error('left the service');
    const wrong = await browser.submit(page, /Sign in with a personal token/, { token: TOKENS.expired });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('That personal token expired on 2026-01-14T12:00:00.000Z');
    const notOffered = await browser.request('/oauth/account/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'persona=u_solo',
    });
    expect(notOffered.status).toBe(400);
    expect(await notOffered.text()).toContain(
      'That person cannot be chosen here; sign in with a personal token instead.',
    );
    expect(browser.cookieNames()).not.toContain('oauth_account');
  });
});
