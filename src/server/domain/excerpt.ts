const EXCERPT_MAX = 140;

/** One line: the machine summary when there is one, else the start of the first message. */
export function excerptOf(summary: string | null, rootBody: string): { text: string; source: 'summary' | 'message' } {
  if (summary !== null && summary.trim() !== '') return { text: oneLine(summary), source: 'summary' };
  return { text: oneLine(rootBody), source: 'message' };
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_MAX) return flat;
  // Cut on a code point boundary so an emoji is never split in half.
  const chars = Array.from(flat);
  return chars.length <= EXCERPT_MAX
    ? flat
    : `${chars
        .slice(0, EXCERPT_MAX - 1)
        .join('')
        .trimEnd()}…`;
}
