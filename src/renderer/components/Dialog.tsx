import { useEffect, useId, useRef, type ReactNode } from 'react';
import '../styles/overlays.css';

interface DialogProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Extra class for sizing (e.g. the palette sits higher and narrower). */
  className?: string;
  testId?: string;
  /** Hide the visible title (the palette's input says what it is); it still names the dialog. */
  hideTitle?: boolean;
}

/**
 * A modal on the native <dialog>: the browser traps focus, makes the rest inert and turns
 * Escape into `cancel`. Focus returns to where it was when the dialog closes.
 */
export function Dialog({ title, onClose, children, className, testId, hideTitle = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!el.open) el.showModal();
    return () => {
      if (el.open) el.close();
      previous?.focus({ preventScroll: true });
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(e) => {
        // React hands a nested dialog's cancel (a confirmation inside this one) to this one too:
        // Esc there closes the confirmation only.
        if (e.target !== e.currentTarget) return;
        e.preventDefault();
        onClose();
      }}
      // Keys typed in a dialog belong to it: app shortcuts and panels must not react to them.
      onKeyDown={(e) => e.stopPropagation()}
      onMouseDown={(e) => {
        // A press on the backdrop (the dialog element itself, outside its content) closes it.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="dialog__content">
        <div className={hideTitle ? 'visually-hidden' : 'dialog__head'}>
          <h2 id={titleId}>{title}</h2>
          {!hideTitle && (
            <button
              type="button"
              className="button button--quiet"
              onClick={onClose}
              aria-label="Close"
              title="Close (Esc)"
            >
              ✕
            </button>
          )}
        </div>
        {children}
      </div>
    </dialog>
  );
}
