import type { SourcePath, SourceStep } from '#shared/reader/index.js';

export interface PathStep {
  component: string | null;
  file: string | null;
  line: number | null;
  tag: string | null;
  text: string | null;
  depth: number | null;
}

/**
 * The seed calls sourcePath an array of stamped files; the live service sends
 * {target, above[], below[]}. Both become one shape: ancestors (outermost first),
 * the element itself, then descendants.
 */
interface NormalizedSourcePath {
  above: PathStep[];
  target: PathStep | null;
  below: PathStep[];
}

type RawStep = string | (SourceStep & { depth?: number | null; text?: string | null });

function toStep(raw: RawStep): PathStep {
  if (typeof raw === 'string') return { component: null, file: raw, line: null, tag: null, text: null, depth: null };
  return {
    component: raw.component ?? null,
    file: raw.file ?? null,
    line: raw.line ?? null,
    tag: raw.tag ?? null,
    text: raw.text ?? null,
    depth: raw.depth ?? null,
  };
}

export function normalizeSourcePath(path: SourcePath | null | undefined): NormalizedSourcePath | null {
  if (!path) return null;
  if (Array.isArray(path)) {
    if (path.length === 0) return null;
    return { above: [], target: null, below: path.map(toStep) };
  }
  const above = Array.isArray(path.above) ? path.above.map(toStep) : [];
  const below = Array.isArray(path.below) ? path.below.map(toStep) : [];
  const target = path.target ? toStep(path.target) : null;
  if (!target && above.length === 0 && below.length === 0) return null;
  return { above, target, below };
}

/** "src/Checkout.tsx:42", or just the file, or null when the step has no file. */
export function fileLine(file: string | null | undefined, line: number | null | undefined): string | null {
  if (!file) return null;
  return line != null ? `${file}:${line}` : file;
}
