import type { Anchor } from '#shared/reader/index.js';

/**
 * Which element of its page a thread is pinned to, as one comparable key. A site built with
 * the stamping tool names the element by its stamp key (the live service's skyKey, which the
 * reader already folds in); otherwise the CSS selector is all there is. A thread pinned to the
 * page as a whole (or whose anchor could not be read) has no element.
 */
export type ElementKey =
  { kind: 'stamp' | 'selector'; key: string; label: string } | { kind: 'page'; key: string; label: string };

const WHOLE_PAGE_KEY = 'page:';

export function elementKeyOf(anchor: Anchor | null | undefined): ElementKey {
  const text = anchor?.elementText?.trim() || null;
  if (anchor?.stampKey) return { kind: 'stamp', key: `stamp:${anchor.stampKey}`, label: text ?? anchor.stampKey };
  if (anchor?.selector) return { kind: 'selector', key: `selector:${anchor.selector}`, label: text ?? anchor.selector };
  return { kind: 'page', key: WHOLE_PAGE_KEY, label: 'The page as a whole' };
}

/** What identifies the element in code or markup, for the line under its name. */
export function elementIdentity(key: ElementKey): string {
  if (key.kind === 'page') return 'Not pinned to one element';
  return key.key.slice(key.key.indexOf(':') + 1);
}
