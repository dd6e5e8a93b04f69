import * as client from 'openid-client';

/**
 * A person's browser, as far as the sign-in pages need one: a cookie jar (name, path) that
 * sends each cookie to its path, redirects followed by hand so a test sees each step, and
 * forms posted the way a browser posts them (their action, hidden fields, the button's
 * name and value).
 */
export class Browser {
  private readonly jar = new Map<string, { name: string; value: string; path: string }>();

  constructor(private readonly origin: string) {}

  cookies(): { name: string; path: string }[] {
    return [...this.jar.values()].map(({ name, path }) => ({ name, path }));
  }

  cookieNames(): string[] {
    return this.cookies().map((c) => c.name);
  }

  private cookieHeader(path: string): string {
    return [...this.jar.values()]
      .filter((c) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) || c.path === '/')
      .sort((a, b) => b.path.length - a.path.length)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  private keep(res: Response, url: URL): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      let path = url.pathname.replace(/\/[^/]*$/, '') || '/';
      let gone = false;
      for (const attr of attrs) {
        const [k, v] = attr.trim().split('=');
        if (k!.toLowerCase() === 'path' && v) path = v;
        if (k!.toLowerCase() === 'max-age' && Number(v) <= 0) gone = true;
        if (k!.toLowerCase() === 'expires' && v && Date.parse(v) < Date.now()) gone = true;
      }
      const key = `${name} ${path}`;
      if (gone || value === '') this.jar.delete(key);
      else this.jar.set(key, { name, value, path });
    }
  }

  async request(target: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(target, this.origin);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url.pathname);
    if (cookie && url.origin === new URL(this.origin).origin) headers.set('cookie', cookie);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.keep(res, url);
    return res;
  }

  /**
   * Follows redirects on the service; stops at a page (returned with its HTML) or at a
   * redirect leaving the service (returned as `left`, the app's callback).
   */
  async follow(
    res: Response,
  ): Promise<{ status: number; html: string; url: string; headers: Headers } | { left: URL }> {
    let current = res;
    let url = current.url;
    for (let hops = 0; hops < 10; hops++) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || !location) {
        return { status: current.status, html: await current.text(), url, headers: current.headers };
      }
      await current.body?.cancel();
      const next = new URL(location, url);
      if (next.origin !== new URL(this.origin).origin) return { left: next };
      url = next.href;
      current = await this.request(next.href);
    }
    throw new Error('too many redirects');
  }

  async open(target: string): Promise<{ status: number; html: string; url: string; headers: Headers } | { left: URL }> {
    return this.follow(await this.request(target));
  }

  /** Submits the form holding the button whose text (or value) matches, with `fields` typed in. */
  async submit(
    page: { html: string; url: string },
    button: RegExp,
    fields: Record<string, string> = {},
  ): Promise<Response> {
    const form = findForm(page.html, button);
    const body = new URLSearchParams({
      ...form.hidden,
      ...(form.button.name ? { [form.button.name]: form.button.value } : {}),
      ...fields,
    });
    return this.request(new URL(form.action, page.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    });
  }
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export function findForm(
  html: string,
  button: RegExp,
): { action: string; hidden: Record<string, string>; button: { name: string; value: string } } {
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const attrs = m[1]!;
    const inner = m[2]!;
    for (const b of inner.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)) {
      const text = decode(
        b[2]!
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
      const name = /\bname="([^"]*)"/.exec(b[1]!)?.[1] ?? '';
      const value = decode(/\bvalue="([^"]*)"/.exec(b[1]!)?.[1] ?? '');
      if (!button.test(text) && !(value && button.test(value))) continue;
      if (!/method="post"/i.test(attrs)) throw new Error('form is not a POST form');
      const hidden: Record<string, string> = {};
      for (const h of inner.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
        hidden[h[1]!] = decode(h[2]!);
      return { action: decode(/\baction="([^"]*)"/.exec(attrs)![1]!), hidden, button: { name, value } };
    }
  }
  throw new Error(`no form with a button matching ${button}`);
}

export const insecure = { execute: [client.allowInsecureRequests] };

export interface SignIn {
  config: client.Configuration;
  redirectUri: string;
  scope?: string;
  resource?: string | null;
  /** Which button or token proves who the person is. */
  as: { persona: RegExp } | { token: string };
  /** Consent answer; default Allow. */
  decision?: 'Allow' | 'Deny';
}

/**
 * A sign-in as the desktop app makes it: PKCE (S256), state, resource, the browser through
 * the sign-in and consent pages; returns where the browser was sent back, and the tokens
 * when the app exchanged the code.
 */
export async function signIn(browser: Browser, o: SignIn) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const resource: Record<string, string> = o.resource ? { resource: o.resource } : {};
  const url = client.buildAuthorizationUrl(o.config, {
    redirect_uri: o.redirectUri,
    scope: o.scope ?? 'profile email offline_access',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...resource,
  });
  let page = await browser.open(url.href);
  if ('left' in page) throw new Error(`left before signing in: ${page.left.href}`);
  if (/Sign in/.test(page.html) && /name="token"/.test(page.html)) {
    const res =
      'persona' in o.as
        ? await browser.submit(page, o.as.persona)
        : await browser.submit(page, /Sign in with a personal token/, { token: o.as.token });
    page = await browser.follow(res);
    if ('left' in page) throw new Error(`left after signing in: ${page.left.href}`);
  }
  const consent = page;
  const back = await browser.follow(await browser.submit(consent, new RegExp(`^${o.decision ?? 'Allow'}$`)));
  if (!('left' in back))
    throw new Error(`stayed on the service after consent: ${back.status} ${back.html.slice(0, 300)}`);
  if (back.left.searchParams.has('error')) return { callback: back.left, consent, tokens: null };
  const tokens = await client.authorizationCodeGrant(
    o.config,
    back.left,
    { pkceCodeVerifier: verifier, expectedState: state },
    resource,
  );
  return { callback: back.left, consent, tokens };
}

/** Registers a native public app the way the desktop app does (RFC 7591), and discovers the server. */
export async function register(issuer: string, redirectUris: string[], name: string): Promise<client.Configuration> {
  return client.dynamicClientRegistration(
    new URL(issuer),
    {
      client_name: name,
      redirect_uris: redirectUris,
      token_endpoint_auth_method: 'none',
      application_type: 'native',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    },
    client.None(),
    insecure,
  );
}

/**
 * A person answering a sign-in page an app opened: picks the persona, answers the consent page,
 * and lets the browser go back to the app's loopback address (fetched, as a browser would).
 */
export async function answerSignIn(
  origin: string,
  url: string,
  persona: RegExp,
  decision: 'Allow' | 'Deny' = 'Allow',
): Promise<void> {
  const browser = new Browser(origin);
  const signInPage = await browser.open(url);
  if ('left' in signInPage) throw new Error('left the service before signing in');
  const consent = await browser.follow(await browser.submit(signInPage, persona));
  if ('left' in consent) throw new Error('left the service before consent');
  const back = await browser.follow(await browser.submit(consent, new RegExp(`^${decision}$`)));
  if (!('left' in back)) throw new Error('stayed on the service after consent');
  await fetch(back.left);
}
