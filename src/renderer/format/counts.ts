const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Counts as people read them on every screen, report and export alike: "1,250". */
export function formatCount(n: number): string {
  // Most counts are small: no formatter call for those (cards and rows ask for one each).
  return Number.isInteger(n) && n > -1000 && n < 1000 ? String(n) : grouped.format(n);
}

/** "1 reply", "1,250 replies". */
export function plural(n: number, one: string, many: string): string {
  // The noun agrees with the number as shown (0.6 reads "1 day", not "1 days").
  const shown = formatCount(n);
  return `${shown} ${shown === '1' ? one : many}`;
}

/** "1 thread", "2,000 threads": the noun most counts here count. */
export function threadCount(n: number): string {
  return plural(n, 'thread', 'threads');
}

/** "it is" or "they are", agreeing with n things ("left as it is"). */
export function itIs(n: number): string {
  return n === 1 ? 'it is' : 'they are';
}

/**
 * Counts from a capped scan are minimums. The number itself stays bare digits (tests and
 * screen readers read it as a number); the qualifier is separate so the UI can place it.
 */
interface CountText {
  qualifier: 'at least' | null;
  digits: string;
  /** The whole phrase for labels: "at least 412 threads". */
  phrase: string;
}

export function countText(n: number, capped: boolean, noun: { one: string; many: string }): CountText {
  const digits = String(Math.max(0, Math.trunc(n)));
  const qualifier = capped ? 'at least' : null;
  const word = n === 1 ? noun.one : noun.many;
  return { qualifier, digits, phrase: `${qualifier ? `${qualifier} ` : ''}${digits} ${word}` };
}
