import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, HIGHLIGHT, renderMockupPng } from '../../../src/server/images/mockup-png.js';
import type { FixtureImage } from '../../../src/server/fixture/schema.js';

interface Decoded {
  width: number;
  height: number;
  pixel(x: number, y: number): [number, number, number];
}

/** A minimal reader: checks chunk CRCs, concatenates IDAT, inflates and validates scanlines. */
function decode(png: Buffer): Decoded {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let off = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  const types: string[] = [];
  while (off < png.length) {
    const len = png.readUInt32BE(off);
    const type = png.toString('latin1', off + 4, off + 8);
    const data = png.subarray(off + 8, off + 8 + len);
    expect(png.readUInt32BE(off + 8 + len)).toBe(crc32(png, off + 4, off + 8 + len));
    types.push(type);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([data[8], data[9], data[10], data[11], data[12]]).toEqual([8, 2, 0, 0, 0]);
    }
    if (type === 'IDAT') idat.push(data);
    off += 12 + len;
  }
  expect(types[0]).toBe('IHDR');
  expect(types.at(-1)).toBe('IEND');
  const raw = inflateSync(Buffer.concat(idat));
  const stride = 1 + width * 3;
  expect(raw.length).toBe(stride * height);
  for (let y = 0; y < height; y++) expect(raw[y * stride]).toBe(0);
  return {
    width,
    height,
    pixel: (x, y) => {
      const i = y * stride + 1 + x * 3;
      return [raw[i]!, raw[i + 1]!, raw[i + 2]!];
    },
  };
}

const spec: FixtureImage = {
  width: 1280,
  height: 800,
  seed: 4242,
  title: 'Payment — Acme',
  element: { x: 0.4, y: 0.55, w: 0.15, h: 0.06 },
};

describe('renderMockupPng', () => {
  it('produces a valid PNG of the requested size', () => {
    const img = decode(renderMockupPng(spec));
    expect(img.width).toBe(1280);
    expect(img.height).toBe(800);
  });

  it('is deterministic per spec and varies with the seed', () => {
    const a = renderMockupPng(spec);
    expect(renderMockupPng({ ...spec }).equals(a)).toBe(true);
    expect(renderMockupPng({ ...spec, seed: 4243 }).equals(a)).toBe(false);
  });

  it('draws the element highlight inside the element rectangle only', () => {
    const img = decode(renderMockupPng(spec));
    const isHighlight = ([r, g, b]: [number, number, number]) =>
      r === HIGHLIGHT[0] && g === HIGHLIGHT[1] && b === HIGHLIGHT[2];
    const x0 = Math.round(0.4 * 1280);
    const y0 = Math.round(0.55 * 800);
    const x1 = x0 + Math.round(0.15 * 1280);
    const y1 = y0 + Math.round(0.06 * 800);
    let inside = 0;
    let outside = 0;
    for (let y = 0; y < img.height; y++) {
      for (let x = 0; x < img.width; x++) {
        if (!isHighlight(img.pixel(x, y))) continue;
        if (x >= x0 && x < x1 && y >= y0 && y < y1) inside++;
        else outside++;
      }
    }
    // The outline runs all around the box.
    expect(inside).toBeGreaterThan(2 * (x1 - x0 + y1 - y0));
    expect(outside).toBe(0);
    expect(isHighlight(img.pixel(x0, y0))).toBe(true);
    expect(isHighlight(img.pixel(x1 - 1, y1 - 1))).toBe(true);
  });

  it('never uses the highlight colour without an element', () => {
    let found = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const img = decode(
        renderMockupPng({ width: 400, height: 300, seed, title: seed % 2 ? 'Pricing — Acme' : 'Home' }),
      );
      for (let y = 0; y < img.height; y += 1) {
        for (let x = 0; x < img.width; x += 1) {
          const [r, g, b] = img.pixel(x, y);
          if (r === HIGHLIGHT[0] && g === HIGHLIGHT[1] && b === HIGHLIGHT[2]) found++;
        }
      }
    }
    expect(found).toBe(0);
  });

  it('draws a page, not a blank: header, content and footer colours differ', () => {
    const img = decode(renderMockupPng({ width: 1280, height: 800, seed: 9, title: 'Blog — Acme' }));
    const colours = new Set<string>();
    for (let y = 0; y < img.height; y += 4)
      for (let x = 0; x < img.width; x += 4) colours.add(img.pixel(x, y).join(','));
    expect(colours.size).toBeGreaterThan(6);
    expect(img.pixel(5, 5).join()).not.toBe(img.pixel(5, 400).join());
    expect(img.pixel(5, 795).join()).not.toBe(img.pixel(5, 400).join());
  });

  it('handles small, narrow and large sizes', () => {
    for (const [w, h] of [
      [16, 16],
      [390, 844],
      [1920, 1080],
    ] as const) {
      const img = decode(
        renderMockupPng({
          width: w,
          height: h,
          seed: w + h,
          title: 'A very long page title that will not fit anywhere at all',
          element: { x: 0.1, y: 0.2, w: 0.5, h: 0.3 },
        }),
      );
      expect([img.width, img.height]).toEqual([w, h]);
    }
  });

  it('renders a 1280x800 mock-up quickly', () => {
    renderMockupPng(spec);
    const t0 = performance.now();
    const n = 10;
    for (let i = 0; i < n; i++) renderMockupPng({ ...spec, seed: i });
    const avg = (performance.now() - t0) / n;
    // Budget is 50 ms on a loaded CI box; it normally takes ~10 ms.
    expect(avg).toBeLessThan(50);
  });
});
