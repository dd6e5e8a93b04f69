import { useEffect, type RefObject } from 'react';
import type { Project } from '#shared/reader/index.js';
import { requestCount } from '../../server-state/project-counts.js';

/**
 * Asks thread counts only for the project rows on screen (and just below), one request per
 * project, at most two at a time (`requestCount`): a long list costs nothing for rows nobody sees.
 */
export function useCountsWhenVisible(
  listRef: RefObject<HTMLUListElement | null>,
  connectionId: string | null,
  shown: readonly Project[],
): void {
  useEffect(() => {
    const list = listRef.current;
    if (!list || !connectionId) return;
    const rows = [...list.querySelectorAll<HTMLElement>('[data-project-id]')];
    if (typeof IntersectionObserver === 'undefined') {
      for (const row of rows) requestCount(connectionId, row.dataset['projectId']!);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries)
          if (e.isIntersecting) requestCount(connectionId, (e.target as HTMLElement).dataset['projectId']!);
      },
      { rootMargin: '0px 0px 200px 0px' },
    );
    for (const row of rows) observer.observe(row);
    return () => observer.disconnect();
  }, [listRef, connectionId, shown]);
}
