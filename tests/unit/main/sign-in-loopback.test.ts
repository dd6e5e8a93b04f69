import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PortInUseError, startLoopback } from '../../../src/main/services/sign-in/loopback.js';

describe('the sign-in loopback listener', () => {
  it('takes exactly one callback with the expected state, answers the browser, and says nothing else is waiting afterwards', async () => {
    const loopback = await startLoopback(0);
    expect(loopback.redirectUri).toBe(`http://127.0.0.1:${loopback.port}/callback`);
    const answer = loopback.callback('s-123');
    const page = await fetch(`${loopback.redirectUri}?code=abc&state=s-123`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('You can close this tab');
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-/);
    const outcome = await answer;
    expect(outcome.kind).toBe('callback');
    expect(outcome.kind === 'callback' && outcome.url.searchParams.get('code')).toBe('abc');
    const again = await fetch(`${loopback.redirectUri}?code=other&state=s-123`);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('not waiting for a sign-in');
    await loopback.close();
  });

  it('answers a callback whose state differs with a 400 page and keeps waiting for the matching one, which it takes once', async () => {
    const loopback = await startLoopback(0);
    let settled = false;
    const answer = loopback.callback('expected').finally(() => (settled = true));
    for (const stray of ['code=abc&state=forged', 'error=access_denied&state=other', 'code=abc']) {
      const page = await fetch(`${loopback.redirectUri}?${stray}`);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain('This link does not belong to the sign-in in progress');
    }
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    expect((await fetch(`${loopback.redirectUri}?code=real&state=expected`)).status).toBe(200);
    const outcome = await answer;
    expect(outcome.kind === 'callback' && outcome.url.searchParams.get('code')).toBe('real');
    expect((await fetch(`${loopback.redirectUri}?code=again&state=expected`)).status).toBe(409);
    await loopback.close();
  });

  it('passes on a refusal from the service', async () => {
    const loopback = await startLoopback(0);
    const answer = loopback.callback('s');
    await fetch(`${loopback.redirectUri}?error=access_denied&error_description=The+person+said+no&state=s`);
    expect(await answer).toEqual({ kind: 'denied', description: 'The person said no' });
    await loopback.close();
  });

  it('answers other paths and a callback with no sign-in waiting without taking them', async () => {
    const loopback = await startLoopback(0);
    expect((await fetch(`http://127.0.0.1:${loopback.port}/favicon.ico`)).status).toBe(404);
    expect((await fetch(`${loopback.redirectUri}?code=abc&state=s`)).status).toBe(409);
    const answer = loopback.callback('s');
    await fetch(`${loopback.redirectUri}?code=real&state=s`);
    expect((await answer).kind).toBe('callback');
    await loopback.close();
  });

  it('says which port is in use', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    const e = await startLoopback(port).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(PortInUseError);
    expect((e as PortInUseError).port).toBe(port);
    await new Promise((r) => blocker.close(r));
  });

  it('is gone once closed', async () => {
    const loopback = await startLoopback(0);
    await loopback.close();
    await expect(fetch(loopback.redirectUri)).rejects.toThrow();
  });
});
