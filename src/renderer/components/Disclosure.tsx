import type { ReactNode } from 'react';
import { useDisclosure } from './use-disclosure.js';

interface DisclosureProps {
  /** The button's text. */
  label: ReactNode;
  /** The panel's accessible name. */
  panelLabel: string;
  /** The control the panel focuses when it opens (a CSS selector within the panel). */
  focusFirst: string;
  className: string;
  buttonClassName: string;
  panelClassName: string;
  testId?: string;
  /** The panel's controls, drawn only while it is open; `close` gives the focus back to the button. */
  children(close: () => void): ReactNode;
}

/**
 * A button that opens a labelled group of plain controls (the table's Columns and Export, the
 * workspace's View settings): real buttons, checkboxes and radios rather than an ARIA menu, so
 * Tab reaches them without roving focus. Behaviour is `useDisclosure`'s.
 */
export function Disclosure({
  label,
  panelLabel,
  focusFirst,
  className,
  buttonClassName,
  panelClassName,
  testId,
  children,
}: DisclosureProps) {
  const { open, toggle, close, onPanelKeyDown, buttonRef, panelRef, panelId } = useDisclosure(focusFirst);
  return (
    <div className={className}>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
        data-testid={testId}
      >
        {label}
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="group"
          aria-label={panelLabel}
          className={panelClassName}
          onKeyDown={onPanelKeyDown}
        >
          {children(close)}
        </div>
      )}
    </div>
  );
}
