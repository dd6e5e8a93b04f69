import { useEffect, useMemo, useRef, useState } from 'react';
import { queryClient } from '../../server-state/query-client.js';
import { useSession } from '../../stores/session-store.js';
import { DetailQueue, type QueueStats } from './detail-queue.js';
import { isThreadDetailKey } from '../../server-state/thread-detail.js';
import { cachedDetails, detailSettled, forgetFailedRead, readThreadDetail } from './detail-query.js';
import type { DetailLookup } from './evidence-model.js';

/** Reads at once per view: enough to fill a screen quickly, few enough to leave the pacer to everything else. */
const READ_CONCURRENCY = 6;

interface EvidenceReads {
  /** What the cache knows of each thread; a new function whenever something arrived. */
  lookup: DetailLookup;
  /** Ask for these threads, nearest first; anything not asked for again is dropped before it starts. */
  want(ids: readonly string[]): void;
  /** Forget a failed read and ask for it again. */
  retry(itemId: string): void;
  stats: QueueStats;
}

/**
 * A view's reads of thread details: its own nearest-first queue feeding the shared query
 * cache, and a lookup renewed (at most once a frame) as answers arrive, whoever asked.
 */
export function useEvidenceReads(): EvidenceReads {
  const connectionId = useSession((s) => s.active?.connection.id ?? null);
  const [version, setVersion] = useState(0);
  const [stats, setStats] = useState<QueueStats>({ started: 0, inFlight: 0, waiting: 0, dropped: 0 });
  const lastWanted = useRef<readonly string[]>([]);

  const queue = useMemo(() => {
    let frame = 0;
    const q: DetailQueue = new DetailQueue({
      concurrency: READ_CONCURRENCY,
      isSettled: (id) => detailSettled(connectionId, id),
      read: (id) => readThreadDetail(connectionId, id),
      onChange: () => {
        if (frame) return;
        frame = requestAnimationFrame(() => {
          frame = 0;
          setStats(q.snapshot());
        });
      },
    });
    return q;
  }, [connectionId]);
  useEffect(() => () => queue.close(), [queue]);

  useEffect(() => {
    let frame = 0;
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' && event.type !== 'removed') return;
      if (!isThreadDetailKey(event.query.queryKey, connectionId) || frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setVersion((v) => v + 1);
      });
    });
    return () => {
      unsubscribe();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [connectionId]);

  // A new function per arrival, so models memoised on it recompute.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const lookup = useMemo(() => cachedDetails(connectionId), [connectionId, version]);

  return useMemo(
    () => ({
      lookup,
      want: (ids) => {
        lastWanted.current = ids;
        queue.want(ids);
      },
      retry: (id) => {
        forgetFailedRead(connectionId, id);
        queue.want(lastWanted.current.includes(id) ? lastWanted.current : [id, ...lastWanted.current]);
      },
      stats,
    }),
    [lookup, queue, connectionId, stats],
  );
}
