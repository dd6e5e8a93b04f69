/**
 * Time as the services see it. Injected so pacing, backoff and 429 pauses can be tested
 * with a fake clock instead of real waiting.
 */
export interface Clock {
  /** Milliseconds since 1970. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};
