import { useEffect } from 'react';
import { useDialogs } from '../../stores/dialogs-store.js';
import { undoEntry } from '../../stores/undo-runner.js';
import { useSession } from '../../stores/session-store.js';
import { historyKey, useUndo } from '../../stores/undo-store.js';
import { recordsAnew } from '../../stores/undo-records.js';
import { UndoConfirmDialog } from './UndoConfirmDialog.js';
import { recordsAnewHint } from '../../format/undo-words.js';
import '../../styles/overlays.css';

/**
 * "Resolved 12 threads · Undo · History" for a few seconds after each reversible change.
 * The change stays undoable afterwards: `z` and the undo history (Shift+Z) keep it. An undo
 * that would decide threads again in the person's name says "Undo…" and asks first; its
 * dialog lives here, beside the toast, since `z`, the toast and the history all lead to it.
 */
export function UndoToast() {
  return (
    <>
      <Toast />
      <UndoConfirmDialog />
    </>
  );
}

function Toast() {
  const toast = useUndo((s) => s.toast);
  const entry = useUndo((s) =>
    s.toast ? s.histories[s.toast.key]?.find((e) => e.id === s.toast?.entryId) : undefined,
  );
  const dismiss = useUndo((s) => s.dismissToast);
  const connectionId = useSession((s) => s.active?.connection.id ?? '');

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => dismiss(toast.entryId), Math.max(0, toast.expiresAt - Date.now()));
    return () => clearTimeout(timer);
  }, [toast, dismiss]);

  // A change made on another connection is not this one's to undo.
  if (!toast || !entry || toast.key !== historyKey(entry.projectId, connectionId)) return null;
  const remainingMs = Math.max(0, toast.expiresAt - Date.now());
  const asks = recordsAnew(entry.plan.tasks);
  return (
    <div className="toast" role="status" data-testid="undo-toast">
      <span className="toast__label">{entry.label}.</span>
      <button
        type="button"
        className="button"
        onClick={() => void undoEntry(entry.projectId, entry.id)}
        title={recordsAnewHint(entry.plan.tasks) ?? 'Change these threads back'}
      >
        {asks ? 'Undo…' : 'Undo'} <kbd>z</kbd>
      </button>
      <button
        type="button"
        className="button"
        title="Every change of this session you can undo (Shift+Z)"
        onClick={() => {
          dismiss(entry.id);
          useDialogs.getState().open({ kind: 'undo-history', projectId: entry.projectId });
        }}
      >
        History
      </button>
      <button type="button" className="button button--quiet" aria-label="Dismiss" onClick={() => dismiss(entry.id)}>
        ✕
      </button>
      {/* Restarted per entry (key) so the bar shows the time left on this toast. */}
      <span
        key={entry.id}
        className="toast__timer"
        aria-hidden="true"
        style={{ animationDuration: `${remainingMs}ms` }}
      />
    </div>
  );
}
