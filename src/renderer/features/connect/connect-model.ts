/**
 * What the connect form knows without asking anyone: the hosted service's address (a preset
 * beside "Another service…"), and the credentials that cannot work, refused before any request.
 */
export const HOSTED_SERVICE = { name: 'Skyelight', baseUrl: 'https://app.skyelight.ai' } as const;

/** Why a pasted token cannot work, or null. */
export function tokenProblem(token: string): string | null {
  const t = token.trim();
  if (t.startsWith('sk_live_'))
    return 'Workspace API keys no longer work: create a personal token under Account settings → API Keys.';
  return null;
}

/** A service address worth asking about browser sign-in: an absolute http(s) URL with a host. */
export function askableAddress(text: string): string | null {
  try {
    const u = new URL(text.trim());
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname ? u.href : null;
  } catch {
    return null;
  }
}

/** Which field of the connect form a failed connect is about, so the error sits there and focus goes to it. */
export function fieldOfFailure(error: { kind: string; field?: string; reason?: string }): 'baseUrl' | 'token' | null {
  if (error.field === 'baseUrl' || error.field === 'token') return error.field;
  if (error.kind === 'auth') return 'token';
  if (['network', 'not_found', 'bad_response'].includes(error.kind) || error.reason === 'insecure_http')
    return 'baseUrl';
  return null;
}
