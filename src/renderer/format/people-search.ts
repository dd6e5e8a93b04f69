/** Someone who can be searched for: a workspace member, or a candidate from a refusal. */
interface SearchablePerson {
  name: string;
  email?: string;
}

/**
 * Members ranked for a search: full-name prefix, then a word of the name, then the email,
 * then anywhere in name or email. Case and accents are ignored. An empty query lists all.
 */
export function rankPeople<T extends SearchablePerson>(people: readonly T[], query: string, limit = Infinity): T[] {
  const q = fold(query.trim());
  const scored: Array<{ p: T; rank: number }> = [];
  for (const p of people) {
    const name = fold(p.name);
    const email = fold(p.email ?? '');
    let rank: number;
    if (!q || name.startsWith(q)) rank = 0;
    else if (name.split(/\s+/).some((w) => w.startsWith(q))) rank = 1;
    else if (email.startsWith(q)) rank = 2;
    else if (name.includes(q) || email.includes(q)) rank = 3;
    else continue;
    scored.push({ p, rank });
  }
  scored.sort((a, b) => a.rank - b.rank || a.p.name.localeCompare(b.p.name));
  return scored.slice(0, limit).map((s) => s.p);
}

/** Text as searches compare it: case and accents ignored. */
export function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}
