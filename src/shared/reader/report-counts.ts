/**
 * `reportCount` is read two ways (response-shapes.md, "What the live agent client reads"):
 * the seed says it counts the duplicates merged into a thread (0 for most threads: our
 * reference service), the live service's own client reads it as the reports including the
 * thread's own (1 for most threads: "silent at 1, which is almost every row"). The client
 * means the seed's reading everywhere (merge arithmetic, "+N reports"), so answers in the other
 * reading are brought to it here, and a duplicate that isn't there is never shown.
 *
 * Which reading an answer uses shows in its values: a 0 can only be the seed's (every thread
 * is at least its own report); several threads all at 1 or more is the other (under the seed's,
 * almost every thread reads 0). A single value is told by what the same service showed before;
 * with nothing shown before, a thread's detail that names `duplicateOf` beside its count answers
 * in the seed's vocabulary of merges (our service; the live one's detail does not name it), and
 * anything else is read as including the thread's own, so it can only be short by one, never one
 * too many.
 */

export type ReportCountReading = 'duplicates' | 'with-own';

/** What one service has shown of its reading: one per connection (its API client keeps it). */
export interface ReportCountMemory {
  reading: ReportCountReading | null;
}

export const reportCountMemory = (): ReportCountMemory => ({ reading: null });

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object';

/** Every reportCount an answer carries, wherever it sits (list rows, a detail, nested threads). */
function sentReportCounts(json: unknown, out: number[] = []): number[] {
  if (Array.isArray(json)) for (const v of json) sentReportCounts(v, out);
  else if (isObject(json)) {
    for (const [k, v] of Object.entries(json)) {
      if (k === 'reportCount') {
        if (typeof v === 'number' && Number.isFinite(v)) out.push(v);
      } else if (isObject(v)) sentReportCounts(v, out);
    }
  }
  return out;
}

/**
 * The reading of an answer that sent these counts, learning from it (and remembering) what it
 * shows. `seedVocabulary`: the answer names the seed's merge fields beside its one count.
 */
function readingOf(
  sent: readonly number[],
  memory: ReportCountMemory,
  seedVocabulary = false,
): ReportCountReading | null {
  if (sent.length === 0) return null;
  // Conclusive, and kept: under the other reading no thread counts fewer than its own report.
  if (sent.some((n) => n <= 0)) return (memory.reading = 'duplicates');
  if (memory.reading === 'duplicates') return 'duplicates';
  if (sent.length >= 2) return (memory.reading = 'with-own');
  return memory.reading ?? (seedVocabulary ? 'duplicates' : 'with-own');
}

/** The read answer with every reportCount counting merged duplicates only (changed in place: the answer is the reader's own copy). */
function dropOwnReport(value: unknown): void {
  if (Array.isArray(value)) for (const v of value) dropOwnReport(v);
  else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'reportCount') {
        if (typeof v === 'number') value[k] = Math.max(0, v - 1);
      } else if (isObject(v)) dropOwnReport(v);
    }
  }
}

/** Brings an answer's report counts to the seed's reading: `raw` is the answer as sent, `read` what the reader made of it. */
export function normaliseReportCounts(raw: unknown, read: unknown, memory: ReportCountMemory): void {
  const seedVocabulary = isObject(raw) && !Array.isArray(raw) && 'reportCount' in raw && 'duplicateOf' in raw;
  if (readingOf(sentReportCounts(raw), memory, seedVocabulary) === 'with-own') dropOwnReport(read);
}
