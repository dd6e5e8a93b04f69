import { defaultStorage, type KeyValueStorage } from '../../stores/last-project.js';

/**
 * The thread panel's width: chosen with the splitter, remembered in local storage, and
 * always clamped so the panel stays readable and the board or table keeps a usable width.
 */
export const PANEL_WIDTH_KEY = 'triage-desk:thread-panel-width';
export const PANEL_MIN = 340;
/** What the board or table keeps beside the panel (three columns of about 140 px still read). */
export const LIST_MIN = 440;
export const PANEL_DEFAULT = 620;
/** Arrow keys move by this much; with Shift (or Page Up/Down) by the larger step. */
const STEP = 20;
const BIG_STEP = 80;

export interface WidthRange {
  min: number;
  max: number;
}

/** The range the panel may take in a body `available` px wide (the gap and splitter already taken off). */
export function widthRange(available: number): WidthRange {
  const max = Math.max(PANEL_MIN, Math.floor(available - LIST_MIN));
  return { min: PANEL_MIN, max };
}

export function clampWidth(width: number, range: WidthRange): number {
  if (!Number.isFinite(width)) return Math.min(PANEL_DEFAULT, range.max);
  return Math.round(Math.min(range.max, Math.max(range.min, width)));
}

export function readPanelWidth(storage: KeyValueStorage | null = defaultStorage()): number {
  try {
    const raw = storage?.getItem(PANEL_WIDTH_KEY);
    const n = raw == null ? NaN : Number(raw);
    // A hand-edited or corrupt value falls back to the default rather than a zero-width panel.
    return Number.isFinite(n) && n > 0 ? n : PANEL_DEFAULT;
  } catch {
    return PANEL_DEFAULT;
  }
}

export function rememberPanelWidth(width: number, storage: KeyValueStorage | null = defaultStorage()): void {
  try {
    storage?.setItem(PANEL_WIDTH_KEY, String(Math.round(width)));
  } catch {
    // Quota or policy: the width then lasts until the page closes.
  }
}

/** The width a splitter key asks for, or null for a key the splitter leaves alone. */
export function widthForKey(key: string, shift: boolean, width: number, range: WidthRange): number | null {
  // The panel sits on the right: moving the splitter left widens it.
  const step = shift ? BIG_STEP : STEP;
  switch (key) {
    case 'ArrowLeft':
      return clampWidth(width + step, range);
    case 'ArrowRight':
      return clampWidth(width - step, range);
    case 'PageUp':
      return clampWidth(width + BIG_STEP, range);
    case 'PageDown':
      return clampWidth(width - BIG_STEP, range);
    case 'Home':
      return range.min;
    case 'End':
      return range.max;
    default:
      return null;
  }
}
