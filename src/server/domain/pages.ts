import { LIMITS } from '#shared/api/index.js';

/**
 * Threads are grouped by page path in every summary (byPage) and list, so a path is cut at
 * LIMITS.pagePathMaxChars: one long URL must not bloat every answer of the project. Filters
 * go through the same cut, so a long path still finds its threads.
 */
function bounded(path: string): string {
  return path.length > LIMITS.pagePathMaxChars ? path.slice(0, LIMITS.pagePathMaxChars) : path;
}

/** The page path of a full URL: threads are grouped and filtered by it. */
export function pagePathOf(url: string): string {
  try {
    return bounded(new URL(url).pathname || '/');
  } catch {
    return bounded(url.startsWith('/') ? url : `/${url}`);
  }
}

/** Accepts a page path or a full URL (filters take either) and returns the path. */
export function normalizePage(pageOrUrl: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(pageOrUrl) ? pagePathOf(pageOrUrl) : bounded(pageOrUrl);
}
