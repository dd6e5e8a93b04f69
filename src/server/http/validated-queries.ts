/** Query strings remembered per route. */
const KEPT = 256;

/**
 * Query strings a route has already validated, by request URL (path and query string),
 * with the query its schema made of them: the same string always validates to the same
 * query, so a request repeating one needs no second validation. Least recently used go.
 */
export class ValidatedQueries<Q> {
  private readonly byUrl = new Map<string, Q>();

  get(url: string): Q | undefined {
    return this.byUrl.get(url);
  }

  /** Keeps the query validated for `url` and answers the one kept for it (the same for every request of that URL). */
  remember(url: string, query: Q): Q {
    const kept = this.byUrl.get(url);
    if (kept !== undefined) return kept;
    this.byUrl.set(url, query);
    if (this.byUrl.size > KEPT) this.byUrl.delete(this.byUrl.keys().next().value!);
    return query;
  }
}
