/**
 * Answers a write made for the next reads (lists and hotspots patched or made again for an
 * edited window, domain/snapshot.ts): the route that sends them registers how it encodes
 * them, and they are encoded then, before the write's answer leaves, so the next read only
 * writes bytes (http/frozen-json.ts remembers the bytes of each frozen answer).
 */
export class MadeInWrites<T> {
  private readonly encoders = new Set<(answer: T) => void>();

  /** Hands `answer` to every registered encoder; returns it. */
  made(answer: T): T {
    for (const encode of this.encoders) encode(answer);
    return answer;
  }

  /** Registers `encode` (one per server); returns the function that removes it (when the server closes). */
  encodeWith(encode: (answer: T) => void): () => void {
    this.encoders.add(encode);
    return () => this.encoders.delete(encode);
  }
}
