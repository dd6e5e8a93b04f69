import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import '../styles/overlays.css';

interface PopoverProps {
  /** The button's content. */
  label: ReactNode;
  /** The button's accessible name when its content is not enough. */
  ariaLabel?: string;
  buttonClassName?: string;
  /** Renders the panel; `close` returns focus to the button. */
  children(close: () => void): ReactNode;
  testId?: string;
  align?: 'start' | 'end';
  /** Closes the panel when this value changes (what the panel shows has moved on). */
  closeOn?: unknown;
}

/**
 * A button that opens a small non-modal panel (menus, pickers). Escape, a click outside
 * and the button itself close it; focus moves into the panel on open and back on close.
 */
export function Popover({
  label,
  ariaLabel,
  buttonClassName = 'button',
  children,
  testId,
  align = 'start',
  closeOn,
}: PopoverProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus({ preventScroll: true });
  };

  // What the panel shows moved on (e.g. the filters changed): close it, giving focus back to the button if it was inside.
  const closeOnRef = useRef(closeOn);
  useEffect(() => {
    if (Object.is(closeOnRef.current, closeOn)) return;
    closeOnRef.current = closeOn;
    if (panelRef.current?.contains(document.activeElement)) buttonRef.current?.focus({ preventScroll: true });
    setOpen(false);
  }, [closeOn]);

  useEffect(() => {
    if (!open) return;
    panelRef.current
      ?.querySelector<HTMLElement>('input, button:not(:disabled), [tabindex="0"]')
      ?.focus({ preventScroll: true });
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    <div className="popover" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={ariaLabel}
        data-testid={testId}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          className={`popover__panel popover__panel--${align}`}
          onKeyDown={(e) => {
            // Keys inside the panel are its own; the workspace's single-key shortcuts must not fire.
            e.stopPropagation();
            if (e.key === 'Escape') {
              e.preventDefault();
              close();
            }
          }}
        >
          {children(close)}
        </div>
      )}
    </div>
  );
}
