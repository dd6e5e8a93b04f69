import { useEffect } from 'react';
import { useNotice } from '../stores/notice-store.js';
import '../styles/overlays.css';

const SHOWN_MS = 6000;

/** The latest "why nothing happened" sentence, for a few seconds. */
export function NoticeToast() {
  const notice = useNotice((s) => s.notice);
  const dismiss = useNotice((s) => s.dismiss);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => dismiss(notice.id), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [notice, dismiss]);
  return (
    <div className="notice-toast-region" role="status" aria-live="polite">
      {notice && (
        <div className="notice-toast" data-testid="notice">
          <span>{notice.text}</span>
          <button
            type="button"
            className="button button--quiet"
            aria-label="Dismiss"
            onClick={() => dismiss(notice.id)}
          >
            ✕
          </button>
        </div>
      )}
    </div>
  );
}
