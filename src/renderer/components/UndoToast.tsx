import { useEffect } from 'react';
import { useUndo } from '../stores/undo-store.js';
import { undoLatest } from '../stores/undo-runner.js';
import '../styles/overlays.css';

/** "Resolved 12 threads · Undo" for a few seconds after each reversible change. */
export function UndoToast() {
  const offer = useUndo((s) => s.offer);
  const dismiss = useUndo((s) => s.dismiss);

  useEffect(() => {
    if (!offer) return;
    const timer = setTimeout(() => dismiss(offer.id), Math.max(0, offer.expiresAt - Date.now()));
    return () => clearTimeout(timer);
  }, [offer, dismiss]);

  if (!offer) return null;
  const remainingMs = Math.max(0, offer.expiresAt - Date.now());
  return (
    <div className="toast" role="status" data-testid="undo-toast">
      <span className="toast__label">{offer.label}.</span>
      <button type="button" className="button" onClick={() => void undoLatest()}>
        Undo <kbd>z</kbd>
      </button>
      <button type="button" className="button button--quiet" aria-label="Dismiss" onClick={() => dismiss(offer.id)}>
        ✕
      </button>
      {/* Restarted per offer (key) so the bar shows the time left on this one. */}
      <span key={offer.id} className="toast__timer" aria-hidden="true" style={{ animationDuration: `${remainingMs}ms` }} />
    </div>
  );
}
