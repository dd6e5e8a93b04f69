import type { Status } from '#shared/api/common.js';

/**
 * The status colours of base.css (light palette), as values: SVG presentation attributes do not resolve CSS
 * variables in every renderer (printToPDF included), so charts get the colours directly.
 */
export const STATUS_COLOR: Record<Status, string> = { open: '#2f5fd0', deferred: '#8f5b00', resolved: '#276b43' };

/** Neutral series (participants, pages beyond "open"). */
export const NEUTRAL_COLOR = '#868e99';
export const AXIS_TEXT = '#5b636e';

/**
 * Series for categories with no colour of their own (thread types, in the trends): distinct
 * hues, each dark enough to read as legend text on the light surface.
 */
const CATEGORY_COLORS = [
  '#2f5fd0',
  '#8f5b00',
  '#276b43',
  '#7a3fb8',
  '#b3261e',
  '#0f6e7a',
  '#5b636e',
  '#a8457a',
] as const;
export const categoryColor = (index: number): string => CATEGORY_COLORS[index % CATEGORY_COLORS.length]!;
