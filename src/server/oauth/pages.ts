/**
 * The authorization server's pages: sign in, consent, the account page and refusals. Plain
 * server-rendered HTML with no script and no inline style (the policy in `pageHeaders`
 * forbids both); every control is a real button in a POST form, so the pages work from the
 * keyboard and without JavaScript.
 */

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

const SERVICE_NAME = 'Feedback service';

export interface PageContext {
  /** The path prefix of the public URL ('' at the root), for links and form actions. */
  base: string;
}

function layout(ctx: PageContext, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)} · ${SERVICE_NAME}</title>
<link rel="stylesheet" href="${escapeHtml(ctx.base)}/oauth/assets/pages.css">
</head>
<body>
<main>
<p class="service">${SERVICE_NAME}</p>
${body}
</main>
</body>
</html>
`;
}

/**
 * Headers every page is sent with. `formTargets`: origins a form's answer may redirect to
 * besides this one (the app's loopback redirect), as browsers apply form-action to redirects.
 */
export function pageHeaders(formTargets: readonly string[] = []): Record<string, string> {
  const targets = ["'self'", ...formTargets].join(' ');
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; style-src 'self'; img-src 'self'; form-action ${targets}; frame-ancestors 'none'; base-uri 'none'`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
  };
}

export interface Persona {
  id: string;
  name: string;
  email: string;
  /** "owner of Acme Web, reviewer of Tiny Studio", or that there is none. */
  roles: string;
}

function notice(text: string | null, kind: 'error' | 'done' = 'error'): string {
  if (!text) return '';
  return kind === 'error'
    ? `<p class="notice error" role="alert">${escapeHtml(text)}</p>`
    : `<p class="notice done" role="status">${escapeHtml(text)}</p>`;
}

/** The two ways to prove who you are: a demo persona (demo only) or a personal token. */
function signInForms(action: string, personas: readonly Persona[]): string {
  const people = personas.length
    ? `<h2 id="people">Sign in as a demo person</h2>
<form method="post" action="${escapeHtml(action)}" aria-labelledby="people">
<ul class="people">
${personas
  .map(
    (p) =>
      `<li><button class="person" type="submit" name="persona" value="${escapeHtml(p.id)}"><strong>${escapeHtml(p.name)}</strong><span>${escapeHtml(p.email)}</span><span>${escapeHtml(p.roles)}</span></button></li>`,
  )
  .join('\n')}
</ul>
</form>
<hr>`
    : '';
  return `${people}
<h2>Sign in with a personal token</h2>
<form method="post" action="${escapeHtml(action)}" class="stack">
<label for="token">Personal token</label>
<input type="password" id="token" name="token" autocomplete="off" spellcheck="false" required aria-describedby="token-help">
<p class="muted" id="token-help">A token you created for the API proves who you are; it is not shared with the app.</p>
<div class="row"><button type="submit">Sign in with a personal token</button></div>
</form>`;
}

export function loginPage(
  ctx: PageContext,
  o: { uid: string; clientName: string; personas: readonly Persona[]; error: string | null },
): string {
  const base = `${ctx.base}/oauth/interaction/${encodeURIComponent(o.uid)}`;
  return layout(
    ctx,
    'Sign in',
    `<h1>Sign in to continue to ${escapeHtml(o.clientName)}</h1>
<p class="lead">${escapeHtml(o.clientName)} asks to use the feedback service as you. First, say who you are.</p>
${notice(o.error)}
${signInForms(`${base}/login`, o.personas)}
<form method="post" action="${escapeHtml(base)}/abort" class="row"><button type="submit" class="secondary">Cancel and return to the app</button></form>`,
  );
}

const SCOPE_WORDS: Record<string, string> = {
  openid: 'Know that it is you (your account ID)',
  profile: 'See your name',
  email: 'See your email address',
  offline_access: 'Stay signed in (offline access)',
};

/** What a grant allows, in plain words; the API access comes with every sign-in. */
function scopeWords(scopes: readonly string[]): string[] {
  const words = ['Read and change feedback threads you can see'];
  for (const scope of ['openid', 'profile', 'email', 'offline_access'])
    if (scopes.includes(scope)) words.push(SCOPE_WORDS[scope]!);
  return words;
}

export function consentPage(
  ctx: PageContext,
  o: {
    uid: string;
    clientName: string;
    person: { name: string; email: string };
    scopes: readonly string[];
    returnsTo: string;
    error: string | null;
  },
): string {
  const action = `${ctx.base}/oauth/interaction/${encodeURIComponent(o.uid)}/consent`;
  return layout(
    ctx,
    'Allow access',
    `<h1>Allow ${escapeHtml(o.clientName)} to use your account?</h1>
<p class="lead">You are signed in as ${escapeHtml(o.person.name)} (${escapeHtml(o.person.email)}).</p>
${notice(o.error)}
<h2 id="asks">${escapeHtml(o.clientName)} will be able to</h2>
<ul class="scopes" aria-labelledby="asks">
${scopeWords(o.scopes)
  .map((w) => `<li>${escapeHtml(w)}</li>`)
  .join('\n')}
</ul>
<p class="muted">It acts with your roles in each workspace, no more. You can revoke it at any time on <a href="${escapeHtml(ctx.base)}/oauth/account">your sign-ins page</a>. Either answer returns you to <code>${escapeHtml(o.returnsTo)}</code>.</p>
<form method="post" action="${escapeHtml(action)}" class="row">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</form>`,
  );
}

export function accountSignInPage(ctx: PageContext, o: { personas: readonly Persona[]; error: string | null }): string {
  return layout(
    ctx,
    'Your sign-ins',
    `<h1>Your sign-ins</h1>
<p class="lead">Sign in to see the apps that can use the feedback service as you, and revoke any of them.</p>
${notice(o.error)}
${signInForms(`${ctx.base}/oauth/account/sign-in`, o.personas)}`,
  );
}

export interface GrantRow {
  grantId: string;
  clientName: string;
  grantedAt: string;
  scopes: readonly string[];
}

export function accountPage(
  ctx: PageContext,
  o: {
    person: { name: string; email: string };
    grants: readonly GrantRow[];
    csrf: string;
    done: string | null;
    error: string | null;
  },
): string {
  const list = o.grants.length
    ? `<ul class="grants">
${o.grants
  .map(
    (g) => `<li class="grant">
<div><strong>${escapeHtml(g.clientName)}</strong><span>Allowed ${escapeHtml(g.grantedAt)}</span><span>${escapeHtml(scopeWords(g.scopes).join('; '))}</span></div>
<form method="post" action="${escapeHtml(ctx.base)}/oauth/account/revoke">
<input type="hidden" name="grant" value="${escapeHtml(g.grantId)}">
<input type="hidden" name="csrf" value="${escapeHtml(o.csrf)}">
<button type="submit" class="danger" aria-label="Revoke ${escapeHtml(g.clientName)}, allowed ${escapeHtml(g.grantedAt)}">Revoke</button>
</form>
</li>`,
  )
  .join('\n')}
</ul>`
    : '<p>No app is signed in as you.</p>';
  return layout(
    ctx,
    'Your sign-ins',
    `<h1>Apps signed in as ${escapeHtml(o.person.name)}</h1>
<p class="lead">${escapeHtml(o.person.email)}. Revoking a sign-in stops its app at once; the app must ask you again to come back.</p>
${notice(o.done, 'done')}
${notice(o.error)}
${list}
<form method="post" action="${escapeHtml(ctx.base)}/oauth/account/sign-out" class="row">
<input type="hidden" name="csrf" value="${escapeHtml(o.csrf)}">
<button type="submit" class="secondary">Sign out of this page</button>
</form>`,
  );
}

export function errorPage(ctx: PageContext, o: { heading: string; sentence: string; hint?: string }): string {
  return layout(
    ctx,
    o.heading,
    `<h1>${escapeHtml(o.heading)}</h1>
<p role="alert">${escapeHtml(o.sentence)}</p>
${o.hint ? `<p class="muted">${escapeHtml(o.hint)}</p>` : ''}`,
  );
}
