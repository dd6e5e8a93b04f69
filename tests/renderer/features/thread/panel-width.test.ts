import { describe, expect, it } from 'vitest';
import {
  clampWidth,
  LIST_MIN,
  PANEL_DEFAULT,
  PANEL_MIN,
  PANEL_WIDTH_KEY,
  readPanelWidth,
  rememberPanelWidth,
  widthForKey,
  widthRange,
} from '../../../../src/renderer/features/thread/panel-width.js';
import { memoryStorage } from '../../support/memory-storage.js';

describe('the thread panel width', () => {
  it('leaves the list its minimum and never goes below the panel minimum', () => {
    expect(widthRange(1360)).toEqual({ min: PANEL_MIN, max: 1360 - LIST_MIN });
    // A window too narrow for both: the panel keeps its minimum (the list shrinks, still scrolling).
    expect(widthRange(500)).toEqual({ min: PANEL_MIN, max: PANEL_MIN });
    expect(clampWidth(5000, widthRange(1000))).toBe(1000 - LIST_MIN);
    expect(clampWidth(10, widthRange(1000))).toBe(PANEL_MIN);
    expect(clampWidth(Number.NaN, widthRange(2000))).toBe(PANEL_DEFAULT);
  });

  it('moves by keys: left widens, right narrows, Shift by more, Home and End to the ends', () => {
    const range = widthRange(1200);
    expect(widthForKey('ArrowLeft', false, 500, range)).toBe(520);
    expect(widthForKey('ArrowRight', false, 500, range)).toBe(480);
    expect(widthForKey('ArrowLeft', true, 500, range)).toBe(580);
    expect(widthForKey('PageDown', false, 500, range)).toBe(420);
    expect(widthForKey('Home', false, 500, range)).toBe(range.min);
    expect(widthForKey('End', false, 500, range)).toBe(range.max);
    expect(widthForKey('ArrowRight', false, PANEL_MIN, range)).toBe(PANEL_MIN);
    expect(widthForKey('a', false, 500, range)).toBeNull();
  });

  it('is remembered, and a corrupt or missing value falls back to the default', () => {
    const storage = memoryStorage();
    expect(readPanelWidth(storage)).toBe(PANEL_DEFAULT);
    rememberPanelWidth(712.4, storage);
    expect(storage.data.get(PANEL_WIDTH_KEY)).toBe('712');
    expect(readPanelWidth(storage)).toBe(712);
    expect(readPanelWidth(memoryStorage({ [PANEL_WIDTH_KEY]: 'wide' }))).toBe(PANEL_DEFAULT);
    expect(readPanelWidth(memoryStorage({ [PANEL_WIDTH_KEY]: '-4' }))).toBe(PANEL_DEFAULT);
    const denied = (): never => {
      throw new Error('denied');
    };
    const broken = { getItem: denied, setItem: denied };
    expect(readPanelWidth(broken)).toBe(PANEL_DEFAULT);
    expect(() => rememberPanelWidth(500, broken)).not.toThrow();
  });
});
