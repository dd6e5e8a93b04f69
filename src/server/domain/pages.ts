/** The page path of a full URL: threads are grouped and filtered by it. */
export function pagePathOf(url: string): string {
  try {
    return new URL(url).pathname || '/';
  } catch {
    return url.startsWith('/') ? url : `/${url}`;
  }
}

/** Accepts a page path or a full URL (filters take either) and returns the path. */
export function normalizePage(pageOrUrl: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(pageOrUrl) ? pagePathOf(pageOrUrl) : pageOrUrl;
}
