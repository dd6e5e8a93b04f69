import { useEffect } from 'react';

/** Below this age a refetch on focus would only spend rate-limit budget on data that is seconds old. */
const MIN_AGE_MS = 30_000;

/** Refetches when the window regains focus, so the board reflects changes made elsewhere meanwhile. */
export function useRefetchOnFocus(refetch: () => void, loadedAt: number | null, loading: boolean) {
  useEffect(() => {
    const onFocus = () => {
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
  }, [refetch, loadedAt, loading]);
}
