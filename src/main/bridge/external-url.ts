/**
 * The only URLs we hand to the system browser: absolute http(s) links without
 * credentials. Anything else (file:, javascript:, custom schemes) could run code or
 * open local files, so it is refused.
 */
export function externalUrlOrNull(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return url.toString();
}
