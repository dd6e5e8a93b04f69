import type { Page } from '@playwright/test';

/*
 * Code run in the page, written as text: this project's e2e specs compile without the DOM's
 * types. Playwright sends a function's source, so a Function built from text runs as written.
 */
export function inPage<R>(body: string): (el: unknown) => R {
  return new Function('el', body) as (el: unknown) => R;
}

/** Every element from the element up to the document that is scrolled, with its offset. */
export const SCROLLED_ANCESTORS = inPage<Array<{ tag: string; cls: string; top: number }>>(`
  const out = [];
  for (let e = el; e; e = e.parentElement) if (e.scrollTop !== 0) out.push({ tag: e.tagName, cls: e.className, top: e.scrollTop });
  const doc = document.scrollingElement;
  if (doc && doc.scrollTop !== 0) out.push({ tag: 'document', cls: '', top: doc.scrollTop });
  return out;
`);

/** Scrolls the nearest scrolling ancestor so the element sits at its bottom edge. */
export const TO_BOTTOM_EDGE = inPage<void>(`
  for (let p = el.parentElement; p; p = p.parentElement) {
    if (p.scrollHeight <= p.clientHeight || getComputedStyle(p).overflowY === 'visible') continue;
    p.scrollTop += el.getBoundingClientRect().bottom - p.getBoundingClientRect().bottom + 4;
    break;
  }
`);

/** What cuts the element off: the window, or ancestors that clip their overflow. */
export const CLIPPED_BY = inPage<string[]>(`
  const r = el.getBoundingClientRect();
  const out = [];
  if (r.top < 0 || r.bottom > window.innerHeight) out.push('window');
  for (let p = el.parentElement; p; p = p.parentElement) {
    if (getComputedStyle(p).overflowY === 'visible') continue;
    const pr = p.getBoundingClientRect();
    if (r.top < pr.top - 1 || r.bottom > pr.bottom + 1) out.push(p.className || p.tagName);
  }
  return out;
`);

/** Whether a click at the element's centre would land on it (nothing drawn over it). */
export const ON_TOP = inPage<boolean>(`
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && el.contains(hit);
`);

/** Starts keeping every phase and sentence the element shows, as a person would see them change. */
export const WATCH_CHANGES = inPage<void>(`
  const seen = [];
  el.__seen = seen;
  new MutationObserver(() => {
    const now = el.getAttribute('data-phase') + ' ' + el.textContent;
    if (seen.at(-1) !== now) seen.push(now);
  }).observe(el, { subtree: true, childList: true, characterData: true, attributes: true });
`);
export const CHANGES_SEEN = inPage<string[]>(`return el.__seen;`);

export function scrolledAncestors(
  page: Page,
  selector: string,
): Promise<Array<{ tag: string; cls: string; top: number }>> {
  return page.locator(selector).evaluate(SCROLLED_ANCESTORS);
}
