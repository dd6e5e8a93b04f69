import { useAnnouncer } from '../stores/announcer-store.js';

/** Reads out what keyboard actions did; visually hidden. */
export function LiveRegion() {
  const message = useAnnouncer((s) => s.message);
  const seq = useAnnouncer((s) => s.seq);
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true">
      <span key={seq}>{message}</span>
    </div>
  );
}
