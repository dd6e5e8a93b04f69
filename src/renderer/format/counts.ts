/**
 * Counts from a capped scan are minimums. The number itself stays bare digits (tests and
 * screen readers read it as a number); the qualifier is separate so the UI can place it.
 */
export interface CountText {
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
