import { truncate } from './labels.js';
import { threadCount } from './counts.js';

/** A thread named in a sentence: its excerpt in quotes, short enough to read at a glance. */
export function quoteThread(excerpt: string | null | undefined, max = 60): string {
  const text = excerpt?.replace(/\s+/g, ' ').trim();
  return text ? `“${truncate(text, max)}”` : 'the thread';
}

/** "the thread “…”" for one, "3 threads" for several. */
export function threadsPhrase(ids: readonly string[], excerptOf: (id: string) => string | null | undefined): string {
  if (ids.length === 1) return quoteThread(excerptOf(ids[0]!));
  return threadCount(ids.length);
}
