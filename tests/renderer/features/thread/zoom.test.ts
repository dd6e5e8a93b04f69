import { describe, expect, it } from 'vitest';
import {
  canZoomIn,
  canZoomOut,
  clampPercent,
  fitScale,
  scrollToCentre,
  zoomIn,
  zoomLabel,
  zoomOut,
} from '../../../../src/renderer/features/thread/zoom.js';

describe('screenshot zoom', () => {
  it('steps through fixed levels and stops at the ends', () => {
    expect(zoomIn(1, 1)).toBe(1.5);
    expect(zoomOut(1, 1)).toBe(0.75);
    expect(zoomIn(4, 1)).toBe(4);
    expect(zoomOut(0.5, 1)).toBe(0.5);
    expect(canZoomIn(4, 1)).toBe(false);
    expect(canZoomOut(0.5, 1)).toBe(false);
  });

  it('continues from what "fit" shows', () => {
    expect(zoomIn(null, 0.62)).toBe(0.75);
    expect(zoomOut(null, 0.62)).toBe(0.5);
    expect(zoomLabel(null, 0.62)).toBe('62 % (fit)');
    expect(zoomLabel(2, 0.62)).toBe('200 %');
  });

  it('fits large images into the box and never enlarges small ones', () => {
    expect(fitScale({ width: 2000, height: 1000 }, { width: 1000, height: 1000 })).toBe(0.5);
    expect(fitScale({ width: 400, height: 300 }, { width: 1000, height: 1000 })).toBe(1);
    expect(fitScale({ width: 0, height: 0 }, { width: 1000, height: 1000 })).toBe(1);
  });

  it('centres the click marker after a zoom, within the image', () => {
    expect(scrollToCentre({ x: 50, y: 50 }, { width: 2000, height: 1000 }, { width: 800, height: 600 })).toEqual({
      left: 600,
      top: 200,
    });
    expect(scrollToCentre({ x: 0, y: 100 }, { width: 2000, height: 1000 }, { width: 800, height: 600 })).toEqual({
      left: 0,
      top: 400,
    });
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(Number.NaN)).toBe(50);
  });
});
