/** Limits on slow or idle clients; docs/security.md gives the reasons for each value. */
export interface ServerTimeouts {
  /** From connection (or the previous request) to the end of the request's headers. */
  headersMs: number;
  /** The whole request, body included (bodies are at most 1 MiB). */
  requestMs: number;
  /** An idle kept-alive connection between requests. */
  keepAliveMs: number;
  /** A socket with no traffic at all, whatever it is doing. */
  idleSocketMs: number;
  /** How often Node checks the header and request deadlines. */
  checkEveryMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  idleSocketMs: 60_000,
  checkEveryMs: 1_000,
};
