import { useEffect, type ReactNode, type RefObject } from 'react';
import { Dialog } from './Dialog.js';
import './action-dialog.css';

interface ActionDialogProps {
  title: string;
  /** A sentence under the title. */
  description?: ReactNode;
  onClose(): void;
  children: ReactNode;
  /** Focused once the dialog is open; otherwise the browser focuses the first control. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** While a write runs the dialog stays open (its receipt would be lost otherwise). */
  busy?: boolean;
  size?: 'normal' | 'wide' | 'full';
  testId?: string;
}

/**
 * The app's modal dialog (native <dialog>: focus trapped, Esc closes, focus returns) with
 * what action dialogs add: a description, a chosen first focus, a width, and staying open
 * while a write is under way.
 */
export function ActionDialog({
  title,
  description,
  onClose,
  children,
  initialFocus,
  busy = false,
  size = 'normal',
  testId,
}: ActionDialogProps) {
  useEffect(() => {
    // The <dialog> opens in its own effect, which runs before this one (children first).
    initialFocus?.current?.focus();
    // Only on open: later renders must not pull focus back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Dialog
      title={title}
      onClose={() => !busy && onClose()}
      className={`action-dialog action-dialog--${size}`}
      {...(testId ? { testId } : {})}
    >
      {description && <p className="action-dialog__description muted">{description}</p>}
      <div className="action-dialog__body" aria-busy={busy}>
        {children}
      </div>
    </Dialog>
  );
}
