/**
 * Brings a part of a report to the top of the report's own scroll container and moves focus
 * there. Not scrollIntoView, and never focus() without preventScroll: both scroll every
 * ancestor, the document included, and push the app's header out of a window that cannot
 * scroll back (issue 10, bug 3). `focus: null` only scrolls.
 */
export function revealInReport(target: HTMLElement, focus: HTMLElement | null = target): void {
  const container = target.closest<HTMLElement>('.reports-screen');
  if (container) {
    const top = target.getBoundingClientRect().top - container.getBoundingClientRect().top + container.scrollTop;
    container.scrollTo({ top: Math.max(0, top - 8) });
  }
  focus?.focus({ preventScroll: true });
}
