/**
 * Row selection rules, kept free of React and the DOM so they can be tested directly.
 *
 * Ranges follow desktop list conventions: Shift extends from an anchor (the row last clicked,
 * toggled or moved to without Shift) and a later Shift action *replaces* the previous range
 * rather than adding to it, so Shift+click further up shrinks the selection. Rows selected
 * before the range began are kept.
 */

export interface ClickModifiers {
  /** Shift: select the range from the anchor. */
  range: boolean;
  /** Ctrl or Cmd: toggle just this row. */
  toggle: boolean;
}

export function clickModifiers(e: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): ClickModifiers {
  return { range: e.shiftKey, toggle: e.ctrlKey || e.metaKey };
}

export interface RangeAnchor {
  readonly id: string;
  /** The selection before this run of Shift actions began; captured at the first one. */
  readonly baseline: ReadonlySet<string> | null;
  /** What the last Shift action produced, to notice the selection changing elsewhere (a bulk action, Escape). */
  readonly produced: ReadonlySet<string> | null;
}

export function anchorAt(id: string): RangeAnchor {
  return { id, baseline: null, produced: null };
}

function sameIds(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}

export function toggleId(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (!next.delete(id)) next.add(id);
  return next;
}

/** Inclusive, in display order, whichever end comes first. Empty when either end is not displayed. */
export function idsBetween(orderedIds: readonly string[], fromId: string, toId: string): string[] {
  const from = orderedIds.indexOf(fromId);
  const to = orderedIds.indexOf(toId);
  if (from === -1 || to === -1) return [];
  return orderedIds.slice(Math.min(from, to), Math.max(from, to) + 1);
}

interface ExtendInput {
  orderedIds: readonly string[];
  selected: ReadonlySet<string>;
  anchor: RangeAnchor | null;
  /** Used when there is no anchor, or its row is no longer displayed (e.g. the focused row). */
  fallbackAnchorId: string | null;
  targetId: string;
}

export function extendSelection({ orderedIds, selected, anchor, fallbackAnchorId, targetId }: ExtendInput): {
  selected: Set<string>;
  anchor: RangeAnchor;
} {
  const displayed = (id: string | null | undefined): id is string => id != null && orderedIds.includes(id);
  const anchorId = displayed(anchor?.id) ? anchor.id : displayed(fallbackAnchorId) ? fallbackAnchorId : targetId;
  const continuing =
    anchor?.id === anchorId &&
    anchor.baseline !== null &&
    anchor.produced !== null &&
    sameIds(anchor.produced, selected);
  const baseline = continuing && anchor.baseline ? anchor.baseline : selected;
  const next = new Set(baseline);
  for (const id of idsBetween(orderedIds, anchorId, targetId)) next.add(id);
  return { selected: next, anchor: { id: anchorId, baseline, produced: next } };
}

interface ClickResult {
  selected: Set<string> | null;
  anchor: RangeAnchor;
}

/**
 * A click on a row (`onCheckbox` false) or on its checkbox. A plain row click only focuses;
 * a plain checkbox click toggles. `selected` is null when the selection does not change.
 */
export function clickRow(
  input: Omit<ExtendInput, 'targetId'> & { id: string; modifiers: ClickModifiers; onCheckbox: boolean },
): ClickResult {
  const { id, modifiers, onCheckbox } = input;
  if (modifiers.range) return extendSelection({ ...input, targetId: id });
  if (modifiers.toggle || onCheckbox) return { selected: toggleId(input.selected, id), anchor: anchorAt(id) };
  return { selected: null, anchor: anchorAt(id) };
}

export type FocusStep = { by: number } | { to: 'first' | 'last' };

/**
 * The row focus lands on. With nothing focused (or the focused row filtered away) any step
 * enters at the top, which is where the newest threads are.
 */
export function moveFocus(orderedIds: readonly string[], focusedId: string | null, step: FocusStep): string | null {
  if (orderedIds.length === 0) return null;
  const last = orderedIds.length - 1;
  if ('to' in step) return orderedIds[step.to === 'first' ? 0 : last] ?? null;
  const at = focusedId === null ? -1 : orderedIds.indexOf(focusedId);
  if (at === -1) return orderedIds[0] ?? null;
  return orderedIds[Math.min(last, Math.max(0, at + step.by))] ?? null;
}

/** What the header's select-all box shows for the rows on show and the selection. */
export type SelectAllState = 'empty' | 'none' | 'some' | 'all';

export function selectAllState(shownIds: readonly string[], selected: ReadonlySet<string>): SelectAllState {
  if (shownIds.length === 0) return 'empty';
  if (selected.size === 0) return 'none';
  let picked = 0;
  for (const id of shownIds) if (selected.has(id)) picked++;
  return picked === 0 ? 'none' : picked === shownIds.length ? 'all' : 'some';
}

/**
 * The select-all box's click: with every shown row picked it drops them, otherwise it adds
 * them. Either way IDs the filters hide stay as they were.
 */
export function toggleShown(
  selected: ReadonlySet<string>,
  shownIds: readonly string[],
  state: SelectAllState,
): Set<string> {
  const next = new Set(selected);
  if (state === 'all') for (const id of shownIds) next.delete(id);
  else for (const id of shownIds) next.add(id);
  return next;
}
