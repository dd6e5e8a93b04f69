import type { Status } from '../../../../shared/api/common.js';

/**
 * The status colours of base.css (light palette), as values: SVG presentation attributes do not resolve CSS
 * variables in every renderer (printToPDF included), so charts get the colours directly.
 */
export const STATUS_COLOR: Record<Status, string> = { open: '#2f5fd0', deferred: '#8f5b00', resolved: '#276b43' };

/** Neutral series (participants, pages beyond "open"). */
export const NEUTRAL_COLOR = '#868e99';
export const AXIS_TEXT = '#5b636e';
