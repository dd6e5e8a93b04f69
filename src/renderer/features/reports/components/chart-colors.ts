import type { Status } from '../../../../shared/api/common.js';

/**
 * The status colours of base.css, as values: SVG presentation attributes do not resolve CSS
 * variables in every renderer (printToPDF included), so charts get the colours directly.
 */
export const STATUS_COLOR: Record<Status, string> = { open: '#2f5fd0', deferred: '#a66a00', resolved: '#2e7d4f' };

/** Neutral series (participants, pages beyond "open"). */
export const NEUTRAL_COLOR = '#868e99';
export const AXIS_TEXT = '#5b636e';
