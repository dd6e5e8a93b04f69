import type { FixtureImage } from '../fixture/schema.js';
import type { Rng } from './random.js';
import type { ElementKind, ElementSpec, Zone } from './site-model.js';

/**
 * Capture-time evidence: the viewport the reporter had, where they clicked, the element
 * rectangle on the screenshot, and the redacted markup around the element.
 */

const VIEWPORTS: readonly (readonly [readonly [number, number], number])[] = [
  [[1280, 800], 35],
  [[1440, 900], 30],
  [[1920, 1080], 12],
  [[390, 844], 15],
  [[768, 1024], 8],
];

/** Vertical band (fractions of the viewport) where an element in each zone is found. */
const ZONE_Y: Record<Zone, readonly [number, number]> = {
  header: [0.025, 0.07],
  hero: [0.14, 0.45],
  body: [0.35, 0.82],
  footer: [0.88, 0.96],
  overlay: [0.35, 0.65],
  bottom: [0.78, 0.92],
};

/** Element size as fractions of a desktop viewport: [wMin, wMax, hMin, hMax]. */
const SIZE: Record<ElementKind, readonly [number, number, number, number]> = {
  button: [0.09, 0.16, 0.045, 0.065],
  link: [0.05, 0.1, 0.025, 0.035],
  input: [0.22, 0.38, 0.05, 0.065],
  select: [0.18, 0.3, 0.05, 0.065],
  checkbox: [0.02, 0.03, 0.03, 0.04],
  heading: [0.38, 0.6, 0.06, 0.1],
  text: [0.35, 0.55, 0.05, 0.14],
  image: [0.3, 0.5, 0.18, 0.34],
  card: [0.2, 0.3, 0.2, 0.34],
  table: [0.6, 0.82, 0.22, 0.4],
  toggle: [0.1, 0.2, 0.04, 0.06],
  nav: [0.3, 0.5, 0.04, 0.06],
  banner: [0.8, 0.96, 0.06, 0.1],
  modal: [0.35, 0.5, 0.3, 0.45],
};

interface Capture {
  viewport: { width: number; height: number; x: number; y: number };
  screenshot: FixtureImage;
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * The click point is drawn first and the rectangle placed around it with a margin, so the
 * click (viewport.x %, viewport.y % of the image) always falls inside the highlighted box,
 * even after rounding.
 */
export function captureFor(element: ElementSpec, pageTitle: string, rng: Rng): Capture {
  const [width, height] = rng.weighted(VIEWPORTS);
  const narrow = width < 600;
  const [y0, y1] = ZONE_Y[element.zone];
  const px = element.zone === 'header' ? rng.range(narrow ? 0.08 : 0.3, 0.94) : rng.range(0.06, 0.94);
  const py = rng.range(y0, y1);
  const [wMin, wMax, hMin, hMax] = SIZE[element.kind];
  const widen = narrow ? 2.4 : width < 1000 ? 1.5 : 1;
  const w = Math.min(0.94, rng.range(wMin, wMax) * widen);
  const h = Math.min(0.6, rng.range(hMin, hMax) * (narrow ? 0.7 : 1));
  const ex = Math.min(Math.max(px - w * rng.range(0.2, 0.8), 0), 1 - w);
  const ey = Math.min(Math.max(py - h * rng.range(0.2, 0.8), 0), 1 - h);
  return {
    viewport: { width, height, x: round(px * 100, 1), y: round(py * 100, 1) },
    screenshot: {
      width,
      height,
      seed: rng.uint32() & 0x7fffffff,
      title: pageTitle,
      element: { x: round(ex, 4), y: round(ey, 4), w: round(w, 4), h: round(h, 4) },
    },
  };
}

/** Emails and numbers never leave the browser; the capture script replaces them. */
function redact(text: string): string {
  return text.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[redacted]').replace(/\d[\d ,.\-/]*\d|\d/g, '[redacted]');
}

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const escapeText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Splits a selector into compounds, keeping spaces inside [attr="…"] together. */
function splitSelector(selector: string): string[] {
  const out: string[] = [];
  let cur = '';
  let depth = 0;
  for (const ch of selector) {
    if (ch === '[' || ch === '(') depth++;
    if (ch === ']' || ch === ')') depth--;
    if (/\s/.test(ch) && depth === 0) {
      if (cur && cur !== '>') out.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (cur && cur !== '>') out.push(cur);
  return out;
}

interface Compound {
  tag: string | null;
  id: string | null;
  classes: string[];
  attrs: [string, string][];
}

function parseCompound(part: string): Compound {
  const out: Compound = { tag: null, id: null, classes: [], attrs: [] };
  const tag = /^[a-z][a-z0-9]*/i.exec(part);
  if (tag) out.tag = tag[0].toLowerCase();
  for (const m of part.matchAll(/\.([\w-]+)|#([\w-]+)|\[([\w-]+)(?:="([^"]*)")?\]/g)) {
    if (m[1]) out.classes.push(m[1]);
    else if (m[2]) out.id = m[2];
    else if (m[3]) out.attrs.push([m[3], m[4] ?? '']);
  }
  return out;
}

const DEFAULT_TAG: Record<ElementKind, string> = {
  button: 'button',
  link: 'a',
  input: 'input',
  select: 'select',
  checkbox: 'input',
  heading: 'h2',
  text: 'p',
  image: 'img',
  card: 'div',
  table: 'table',
  toggle: 'button',
  nav: 'nav',
  banner: 'div',
  modal: 'div',
};

function tagOf(element: ElementSpec): string {
  const parts = splitSelector(element.selector);
  const last = parseCompound(parts[parts.length - 1] ?? '');
  if (element.kind === 'checkbox') return 'input';
  if (last.tag && !(element.kind === 'button' && last.tag === 'a')) return last.tag;
  return last.tag ?? DEFAULT_TAG[element.kind];
}

function attrs(c: Compound, extra: [string, string][] = []): string {
  let out = '';
  if (c.id) out += ` id="${escapeAttr(c.id)}"`;
  if (c.classes.length) out += ` class="${escapeAttr(c.classes.join(' '))}"`;
  for (const [k, v] of [...c.attrs, ...extra]) out += v === '' ? ` ${k}` : ` ${k}="${escapeAttr(redact(v))}"`;
  return out;
}

/** The redacted HTML snippet around the element, shaped after its selector and kind. */
export function domContextFor(element: ElementSpec, rng: Rng): string {
  const parts = splitSelector(element.selector);
  const self = parseCompound(parts[parts.length - 1] ?? '');
  const parent = parseCompound(parts.length > 1 ? (parts[parts.length - 2] ?? '') : 'div');
  const ptag = parent.tag ?? 'div';
  const tag = tagOf(element);
  const text = escapeText(redact(element.text));
  let inner: string;
  switch (element.kind) {
    case 'input': {
      const label = `<label>${text}</label>`;
      if (tag === 'textarea') inner = `${label}<textarea${attrs(self)}>[redacted]</textarea>`;
      else
        inner = `${label}<input${attrs(
          self,
          self.attrs.some(([k]) => k === 'type')
            ? [['value', '[redacted]']]
            : [
                ['type', 'text'],
                ['value', '[redacted]'],
              ],
        )}>`;
      break;
    }
    case 'checkbox':
      inner = `<label><input${attrs(self, [
        ['type', 'checkbox'],
        ['checked', ''],
      ])}> ${text}</label>`;
      break;
    case 'select':
      inner = `<label>${text}</label><select${attrs(self)}><option selected>${rng.pick(['Choose…', '[redacted]–[redacted] people', 'United Kingdom', 'Newest first'])}</option><option>…</option></select>`;
      break;
    case 'image':
      inner =
        tag === 'img'
          ? `<img${attrs(self, [
              ['src', `/assets/${element.zone === 'hero' ? 'hero' : 'media'}-[redacted].webp`],
              ['alt', rng.chance(0.4) ? '' : element.text],
            ])}>`
          : `<${tag}${attrs(self)}><img src="/assets/media-[redacted].webp" alt=""></${tag}>`;
      break;
    case 'card':
      inner = `<${tag}${attrs(self)}><h3>${text}</h3><p>${rng.pick(['Everything in Starter, plus', 'Read the story', 'Updated [redacted] days ago', 'Ships in [redacted]–[redacted] days'])}</p><a class="more" href="#">Learn more</a></${tag}>`;
      break;
    case 'table':
      inner = `<table${attrs(self)}><thead><tr><th></th><th>${text}</th></tr></thead><tbody><tr><td>…</td><td>[redacted]</td></tr></tbody></table>`;
      break;
    case 'nav':
      inner = `<${tag}${attrs(self)}><a href="#" aria-current="page">${text}</a><a href="#">…</a></${tag}>`;
      break;
    case 'modal':
      inner = `<div${attrs(self, [['role', 'dialog']])}><h2>${text}</h2><iframe title="[redacted]"></iframe><button class="close" aria-label="Close">×</button></div>`;
      break;
    default:
      inner = `<${tag}${attrs(self, tag === 'a' && !self.attrs.some(([k]) => k === 'href') ? [['href', '#']] : [])}>${text}</${tag}>`;
  }
  const sibling = rng.chance(0.5)
    ? `<span class="hint">${rng.pick(['Contact [redacted] for help', 'Questions? Call [redacted]', 'Step [redacted] of [redacted]', 'Last updated [redacted]'])}</span>`
    : '';
  return `<${ptag}${attrs(parent)}>${inner}${sibling}</${ptag}>`;
}
