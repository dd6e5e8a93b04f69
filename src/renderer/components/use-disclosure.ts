import { useEffect, useId, useRef, useState } from 'react';

/**
 * A button that opens a panel of plain controls (the table's Columns and Export menus):
 * opening focuses the panel's first usable control (`focusFirst`), a press outside closes it,
 * and closing from inside (Escape, a choice) gives the focus back to the button.
 */
export function useDisclosure(focusFirst: string) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>(focusFirst)?.focus();
    const onPointerDown = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, focusFirst]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  // Escape closes this panel only, not a dialog or view around it.
  const onPanelKeyDown = (e: { key: string; stopPropagation(): void }) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    close();
  };
  return { open, toggle: () => setOpen((o) => !o), close, onPanelKeyDown, buttonRef, panelRef, panelId };
}
