import { deflateSync } from 'node:zlib';
import type { FixtureImage } from '../fixture/schema.js';
import { Rng } from '../demo/random.js';
import { GLYPH_H, GLYPH_W, glyph } from './font5x7.js';

/**
 * Deterministic web-page mock-ups as real PNG files (RGB, 8 bit), encoded here with
 * node:zlib and a CRC32 table so the server needs no image library. Same spec, same bytes.
 */

type Rgb = readonly [number, number, number];

/**
 * The clicked-element outline. Fully saturated, while every palette colour is muted
 * (saturation at most 0.4), so this exact colour only ever appears in the highlight.
 */
export const HIGHLIGHT: Rgb = [255, 45, 120];

// ---- PNG encoding --------------------------------------------------------------------

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  // The CRC covers the type and the data, not the length.
  out.writeUInt32BE(crc32(out, 4, 8 + data.length), 8 + data.length);
  return out;
}

/** Scanlines are stored with their filter byte (always 0, None) so they can be deflated as is. */
class Canvas {
  readonly stride: number;
  readonly data: Buffer;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.stride = 1 + width * 3;
    this.data = Buffer.alloc(this.stride * height);
    this.fill(0, 0, width, height, background);
  }

  fill(x: number, y: number, w: number, h: number, c: Rgb): void {
    const x0 = Math.max(0, Math.round(x));
    const y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.width, Math.round(x + w));
    const y1 = Math.min(this.height, Math.round(y + h));
    if (x1 <= x0 || y1 <= y0) return;
    const d = this.data;
    const first = y0 * this.stride + 1 + x0 * 3;
    const len = (x1 - x0) * 3;
    for (let i = first; i < first + len; i += 3) {
      d[i] = c[0];
      d[i + 1] = c[1];
      d[i + 2] = c[2];
    }
    // Later rows are copies of the first: much faster than writing pixels one by one.
    for (let row = y0 + 1; row < y1; row++) d.copy(d, row * this.stride + 1 + x0 * 3, first, first + len);
  }

  /** An outline drawn inside the rectangle, so it never spills outside the element box. */
  stroke(x: number, y: number, w: number, h: number, t: number, c: Rgb): void {
    this.fill(x, y, w, t, c);
    this.fill(x, y + h - t, w, t, c);
    this.fill(x, y, t, h, c);
    this.fill(x + w - t, y, t, h, c);
  }

  tint(x: number, y: number, w: number, h: number, c: Rgb, alpha: number): void {
    const x0 = Math.max(0, Math.round(x));
    const y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.width, Math.round(x + w));
    const y1 = Math.min(this.height, Math.round(y + h));
    const d = this.data;
    for (let row = y0; row < y1; row++) {
      for (let i = row * this.stride + 1 + x0 * 3, end = row * this.stride + 1 + x1 * 3; i < end; i += 3) {
        d[i] = Math.round(d[i]! * (1 - alpha) + c[0] * alpha);
        d[i + 1] = Math.round(d[i + 1]! * (1 - alpha) + c[1] * alpha);
        d[i + 2] = Math.round(d[i + 2]! * (1 - alpha) + c[2] * alpha);
      }
    }
  }

  text(x: number, y: number, text: string, scale: number, c: Rgb): void {
    let cx = Math.round(x);
    for (const ch of text) {
      const g = glyph(ch);
      if (g) {
        g.forEach((mask, row) => {
          for (let col = 0; col < GLYPH_W; col++) {
            if (mask & (1 << (GLYPH_W - 1 - col))) this.fill(cx + col * scale, y + row * scale, scale, scale, c);
          }
        });
      }
      cx += (GLYPH_W + 1) * scale;
    }
  }

  toPng(): Buffer {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(this.width, 0);
    ihdr.writeUInt32BE(this.height, 4);
    ihdr[8] = 8; // bit depth
    ihdr[9] = 2; // colour type: truecolour RGB
    ihdr[10] = 0; // deflate
    ihdr[11] = 0; // adaptive filtering (each row says None)
    ihdr[12] = 0; // no interlace
    // Level 6 is already fast here: mock-ups are long runs of flat colour.
    const idat = deflateSync(this.data, { level: 6 });
    return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
  }
}

function textWidth(text: string, scale: number): number {
  return [...text].length * (GLYPH_W + 1) * scale - scale;
}

// ---- palette --------------------------------------------------------------------------

function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

interface Palette {
  bg: Rgb;
  surface: Rgb;
  header: Rgb;
  onHeader: Rgb;
  primary: Rgb;
  onPrimary: Rgb;
  accentSoft: Rgb;
  accent: Rgb;
  text: Rgb;
  muted: Rgb;
  line: Rgb;
  footer: Rgb;
  onFooter: Rgb;
}

function palette(rng: Rng): Palette {
  const h = rng.range(0, 360);
  const h2 = (h + rng.pick([30, 150, 200])) % 360;
  const darkHeader = rng.chance(0.4);
  return {
    bg: hsl(h, 0.14, 0.965),
    surface: hsl(h, 0.1, 0.995),
    header: darkHeader ? hsl(h, 0.28, 0.2) : hsl(h, 0.12, 0.99),
    onHeader: darkHeader ? hsl(h, 0.1, 0.8) : hsl(h, 0.12, 0.45),
    primary: hsl(h, 0.4, 0.42),
    onPrimary: hsl(h, 0.2, 0.97),
    accentSoft: hsl(h2, 0.3, 0.86),
    accent: hsl(h2, 0.32, 0.6),
    text: hsl(h, 0.18, 0.2),
    muted: hsl(h, 0.08, 0.8),
    line: hsl(h, 0.1, 0.88),
    footer: hsl(h, 0.22, 0.16),
    onFooter: hsl(h, 0.08, 0.45),
  };
}

// ---- page layout ----------------------------------------------------------------------

interface Frame {
  c: Canvas;
  p: Palette;
  rng: Rng;
  W: number;
  H: number;
  m: number;
  narrow: boolean;
  u: number;
}

function bars(f: Frame, x: number, y: number, maxW: number, lines: number, lineH: number, colour: Rgb): number {
  for (let i = 0; i < lines; i++) {
    const w = i === lines - 1 ? maxW * f.rng.range(0.35, 0.75) : maxW * f.rng.range(0.85, 1);
    f.c.fill(x, y, w, Math.max(2, lineH * 0.55), colour);
    y += lineH;
  }
  return y;
}

function button(f: Frame, x: number, y: number, w: number, h: number, filled: boolean): void {
  if (filled) {
    f.c.fill(x, y, w, h, f.p.primary);
    f.c.fill(x + w * 0.2, y + h * 0.42, w * 0.6, Math.max(2, h * 0.16), f.p.onPrimary);
  } else {
    f.c.stroke(x, y, w, h, Math.max(1, Math.round(f.u / 2)), f.p.primary);
    f.c.fill(x + w * 0.2, y + h * 0.42, w * 0.6, Math.max(2, h * 0.16), f.p.primary);
  }
}

function header(f: Frame): number {
  const { c, p, W, H, m, rng } = f;
  const hh = Math.max(16, Math.min(90, Math.round(H * 0.075)));
  c.fill(0, 0, W, hh, p.header);
  c.fill(0, hh - 1, W, 1, p.line);
  const logo = Math.round(hh * 0.5);
  c.fill(m, (hh - logo) / 2, logo, logo, p.primary);
  c.fill(m + logo * 1.3, hh * 0.42, logo * rng.range(1.6, 2.6), Math.max(2, hh * 0.16), p.onHeader);
  if (f.narrow) {
    const bw = logo;
    for (let i = 0; i < 3; i++) c.fill(W - m - bw, hh * 0.32 + i * hh * 0.15, bw, Math.max(2, hh * 0.06), p.onHeader);
    return hh;
  }
  const ctaW = W * 0.1;
  button(f, W - m - ctaW, hh * 0.25, ctaW, hh * 0.5, true);
  let x = W - m - ctaW - W * 0.03;
  const items = rng.int(3, 6);
  for (let i = 0; i < items; i++) {
    const w = W * rng.range(0.035, 0.065);
    x -= w;
    c.fill(x, hh * 0.45, w, Math.max(2, hh * 0.12), p.onHeader);
    x -= W * 0.025;
  }
  return hh;
}

function hero(f: Frame, top: number, title: string): number {
  const { c, p, W, H, m, rng, narrow } = f;
  const y = top + H * 0.06;
  const withImage = !narrow && rng.chance(0.55);
  const colW = withImage ? W * 0.46 - m : W - 2 * m;
  const label = title.trim() || 'UNTITLED PAGE';
  const maxScale = Math.max(1, Math.floor((H * 0.065) / GLYPH_H));
  let scale = Math.max(1, Math.min(maxScale, Math.floor((colW + 1) / ((GLYPH_W + 1) * [...label].length))));
  let shown = label;
  // At the smallest useful scale, long titles are cut rather than overflowing the column.
  scale = Math.max(scale, Math.min(2, maxScale));
  while (shown.length > 1 && textWidth(shown, scale) > colW) shown = shown.slice(0, -1);
  c.text(m, y, shown, scale, p.text);
  let yy = y + GLYPH_H * scale + H * 0.035;
  yy = bars(f, m, yy, colW * 0.9, narrow ? 3 : 2, Math.max(6, H * 0.03), p.muted) + H * 0.02;
  const bh = Math.max(10, H * 0.055);
  const bw = narrow ? colW * 0.5 : Math.max(60, W * 0.12);
  button(f, m, yy, bw, bh, true);
  const secondary = rng.chance(0.6);
  if (secondary && !narrow) button(f, m + bw + W * 0.015, yy, bw * 0.9, bh, false);
  const bottom = yy + bh + H * 0.06;
  if (withImage) {
    const ix = W * 0.54;
    const iw = W - m - ix;
    const ih = bottom - y;
    c.fill(ix, y, iw, ih, p.accentSoft);
    c.fill(ix + iw * 0.08, y + ih * 0.1, iw * 0.84, ih * 0.12, p.surface);
    c.fill(ix + iw * 0.08, y + ih * 0.3, iw * 0.4, ih * 0.55, p.surface);
    c.fill(ix + iw * 0.52, y + ih * 0.3, iw * 0.4, ih * 0.25, p.accent);
  }
  return bottom;
}

function cards(f: Frame, top: number): void {
  const { c, p, W, H, m, rng, narrow } = f;
  const cols = narrow ? 1 : rng.pick([2, 3, 3, 4]);
  const gap = W * 0.02;
  const cw = (W - 2 * m - gap * (cols - 1)) / cols;
  const ch = H * rng.range(0.26, 0.34);
  for (let row = 0; row < 3; row++) {
    for (let i = 0; i < cols; i++) {
      const x = m + i * (cw + gap);
      const y = top + row * (ch + gap);
      c.fill(x, y, cw, ch, p.surface);
      c.stroke(x, y, cw, ch, 1, p.line);
      c.fill(x, y, cw, ch * 0.42, i % 2 ? p.accentSoft : p.muted);
      c.fill(x + cw * 0.08, y + ch * 0.52, cw * 0.6, Math.max(3, ch * 0.06), p.text);
      bars(f, x + cw * 0.08, y + ch * 0.66, cw * 0.84, 2, Math.max(5, ch * 0.08), p.muted);
      if (rng.chance(0.5)) button(f, x + cw * 0.08, y + ch * 0.84, cw * 0.35, ch * 0.1, false);
    }
  }
}

function form(f: Frame, top: number): void {
  const { c, p, W, H, m, rng, narrow } = f;
  const fw = narrow ? W - 2 * m : W * 0.42;
  let y = top;
  const fields = rng.int(3, 5);
  const fh = Math.max(12, H * 0.055);
  for (let i = 0; i < fields; i++) {
    c.fill(m, y, fw * rng.range(0.2, 0.35), Math.max(2, H * 0.012), p.text);
    y += H * 0.025;
    c.fill(m, y, fw, fh, p.surface);
    c.stroke(m, y, fw, fh, 1, p.muted);
    y += fh + H * 0.03;
  }
  button(f, m, y, fw * 0.35, fh, true);
  if (!narrow) {
    const x = m + fw + W * 0.08;
    const y0 = top + H * 0.03;
    c.fill(x, y0, W - m - x, H * 0.4, p.surface);
    c.stroke(x, y0, W - m - x, H * 0.4, 1, p.line);
    bars(f, x + W * 0.02, y0 + H * 0.04, W - m - x - W * 0.04, 5, Math.max(6, H * 0.035), p.muted);
  }
}

function article(f: Frame, top: number): void {
  const { c, p, W, H, m, rng, narrow } = f;
  const tw = narrow ? W - 2 * m : W * 0.58;
  let y = top;
  while (y < H) {
    y = bars(f, m, y, tw, rng.int(3, 6), Math.max(6, H * 0.028), p.muted) + H * 0.03;
    if (rng.chance(0.25)) {
      c.fill(m, y, tw, H * 0.18, p.accentSoft);
      y += H * 0.21;
    }
  }
  if (!narrow) {
    const x = m + tw + W * 0.06;
    const sw = W - m - x;
    c.fill(x, top, sw, H * 0.3, p.surface);
    c.stroke(x, top, sw, H * 0.3, 1, p.line);
    bars(f, x + sw * 0.1, top + H * 0.03, sw * 0.8, 6, Math.max(6, H * 0.035), p.muted);
  }
}

function pricing(f: Frame, top: number): void {
  const { c, p, W, H, m, rng, narrow } = f;
  const cols = narrow ? 1 : 3;
  const gap = W * 0.025;
  const cw = (W - 2 * m - gap * (cols - 1)) / cols;
  const ch = H * 0.55;
  const featured = narrow ? 0 : 1;
  for (let i = 0; i < cols; i++) {
    const x = m + i * (cw + gap);
    c.fill(x, top, cw, ch, p.surface);
    c.stroke(x, top, cw, ch, i === featured ? Math.max(2, f.u) : 1, i === featured ? p.primary : p.line);
    c.fill(x + cw * 0.1, top + ch * 0.08, cw * 0.4, Math.max(3, ch * 0.035), p.text);
    c.fill(x + cw * 0.1, top + ch * 0.16, cw * 0.3, Math.max(6, ch * 0.08), p.text);
    let y = top + ch * 0.32;
    for (let k = 0; k < rng.int(4, 6); k++) {
      c.fill(x + cw * 0.1, y, Math.max(3, ch * 0.02), Math.max(3, ch * 0.02), p.accent);
      c.fill(x + cw * 0.16, y, cw * rng.range(0.4, 0.7), Math.max(2, ch * 0.02), p.muted);
      y += ch * 0.07;
    }
    button(f, x + cw * 0.1, top + ch * 0.82, cw * 0.8, ch * 0.1, i === featured);
  }
}

function footer(f: Frame): void {
  const { c, p, W, H, m, rng } = f;
  const fh = Math.round(H * 0.12);
  const y = H - fh;
  c.fill(0, y, W, fh, p.footer);
  const cols = f.narrow ? 2 : 4;
  for (let i = 0; i < cols; i++) {
    const x = m + i * ((W - 2 * m) / cols);
    for (let k = 0; k < 3; k++)
      c.fill(x, y + fh * (0.25 + k * 0.2), W * rng.range(0.05, 0.1), Math.max(2, fh * 0.06), p.onFooter);
  }
}

/** Pages that obviously hold a form, prices or prose get that layout; others vary by seed. */
function bodyFor(title: string, rng: Rng): (f: Frame, top: number) => void {
  const t = title.toLowerCase();
  const seeded = [cards, form, article, pricing][rng.int(0, 3)]!;
  if (/pric|plan|deal/.test(t)) return pricing;
  if (/payment|shipping|sign|log ?in|contact|checkout|account|waitlist|hello|cart/.test(t)) return form;
  if (/blog|docs|privacy|guide|story|changelog|voice|about/.test(t)) return article;
  return seeded;
}

/** Draws the page described by the spec and returns it as PNG bytes. */
export function renderMockupPng(spec: FixtureImage): Buffer {
  const W = spec.width;
  const H = spec.height;
  const rng = new Rng(spec.seed ^ 0x2f6b1d35);
  const p = palette(rng);
  const c = new Canvas(W, H, p.bg);
  const narrow = W < 640;
  const f: Frame = {
    c,
    p,
    rng,
    W,
    H,
    m: Math.round(W * (narrow ? 0.05 : 0.07)),
    narrow,
    u: Math.max(1, Math.round(Math.min(W, H * 1.6) / 320)),
  };

  const headerBottom = header(f);
  const heroBottom = hero(f, headerBottom, spec.title);
  const body = bodyFor(spec.title, rng);
  body(f, heroBottom);
  footer(f);

  if (spec.element) {
    const { x, y, w, h } = spec.element;
    const ex = Math.round(x * W);
    const ey = Math.round(y * H);
    const ew = Math.max(4, Math.round(w * W));
    const eh = Math.max(4, Math.round(h * H));
    c.tint(ex, ey, ew, eh, HIGHLIGHT, 0.14);
    c.stroke(ex, ey, ew, eh, Math.max(2, Math.round(Math.min(W, H) / 300)), HIGHLIGHT);
  }
  return c.toPng();
}
