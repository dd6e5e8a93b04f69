/**
 * Brings a part of a report to the top of the report's own scroll container and moves focus
 * there. Not scrollIntoView, and never focus() without preventScroll: both scroll every
 * ancestor, the document included, and push the app's header out of a window that cannot
 * scroll back. `focus: null` only scrolls.
 */
export function revealInReport(target: HTMLElement, focus: HTMLElement | null = target, clearance = 0): void {
  const container = target.closest<HTMLElement>('.reports-screen');
  if (container) {
    // `clearance`: the height of a bar stuck at the container's top, which would cover the target.
    const top = target.getBoundingClientRect().top - container.getBoundingClientRect().top + container.scrollTop;
    container.scrollTo({ top: Math.max(0, top - 8 - clearance) });
  }
  focus?.focus({ preventScroll: true });
}

/**
 * Scrolls the report's container just enough to show the element (a chosen row), leaving it
 * where it is when it is already in view.
 */
export function keepInReportView(target: HTMLElement, margin = 8): void {
  const container = target.closest<HTMLElement>('.reports-screen');
  if (!container) return;
  const box = container.getBoundingClientRect();
  const rect = target.getBoundingClientRect();
  if (rect.top < box.top + margin) container.scrollTo({ top: container.scrollTop - (box.top + margin - rect.top) });
  else if (rect.bottom > box.bottom - margin)
    container.scrollTo({ top: container.scrollTop + (rect.bottom - box.bottom + margin) });
}
