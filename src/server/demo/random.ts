/**
 * Seeded randomness for the demo dataset. Everything the generator draws comes from here so
 * the same seed always yields the same fixture (Math.random and Date.now are never used).
 */

/** FNV-1a over UTF-16 code units: a cheap, stable 32-bit hash for deriving child seeds. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mixes two 32-bit values so that nearby seeds give unrelated streams. */
function mixSeeds(a: number, b: number): number {
  let h = (a ^ Math.imul(b, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** mulberry32: tiny, fast and good enough for synthetic data. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  uint32(): number {
    return Math.floor(this.next() * 4294967296) >>> 0;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new Error('Rng.pick: empty list');
    return list[Math.floor(this.next() * list.length)] as T;
  }

  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new Error('Rng.weighted: empty list');
    return last[0];
  }

  /** Exponentially distributed value with the given mean (gaps between events). */
  exp(mean: number): number {
    return -Math.log(1 - this.next()) * mean;
  }

  /** k distinct elements, in random order. */
  sample<T>(list: readonly T[], k: number): T[] {
    const copy = list.slice();
    const n = Math.min(k, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      const tmp = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = tmp;
    }
    return copy.slice(0, n);
  }

  /**
   * An independent stream named by `label`. Forking does not advance this stream, so adding
   * draws to one project's generation never shifts the data of another.
   */
  fork(label: string): Rng {
    return new Rng(mixSeeds(this.state, hashString(label)));
  }
}

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/** Opaque-looking IDs (prefix + 10 base36 chars) drawn from a seeded stream, never repeated. */
export class IdFactory {
  private readonly seen = new Set<string>();

  constructor(private readonly rng: Rng) {}

  next(prefix: string): string {
    for (;;) {
      let body = '';
      for (let i = 0; i < 10; i++) body += BASE36[Math.floor(this.rng.next() * 36)];
      const id = `${prefix}_${body}`;
      if (!this.seen.has(id)) {
        this.seen.add(id);
        return id;
      }
    }
  }
}

/**
 * IDs for people, workspaces and projects come from their names rather than the seed, so
 * tests and scripts can rely on them whatever seed the demo runs with.
 */
export function stableId(prefix: string, key: string): string {
  let a = hashString(`${prefix}:${key}`);
  let b = mixSeeds(a, 0x5bd1e995);
  let body = '';
  for (let i = 0; i < 10; i++) {
    const src = i < 5 ? a : b;
    body += BASE36[src % 36];
    if (i < 5) a = Math.floor(a / 36) ^ mixSeeds(a, i);
    else b = Math.floor(b / 36) ^ mixSeeds(b, i);
    a >>>= 0;
    b >>>= 0;
  }
  return `${prefix}_${body}`;
}

/** Hex string (e.g. commit SHAs) drawn from the stream. */
export function hexString(rng: Rng, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += '0123456789abcdef'[Math.floor(rng.next() * 16)];
  return out;
}
