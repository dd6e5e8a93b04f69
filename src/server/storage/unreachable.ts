/**
 * Whether a failure means the database cannot be used right now (its server is down or
 * restarting, the network is gone, the disk is full or the file locked), as opposed to a
 * fault in the request or in our code. Such a request is answered 503 with Retry-After: it
 * was not applied (a transaction cut short is rolled back whole), so trying again is right.
 */
interface Unavailable {
  /** The sentence a person reads. */
  sentence: string;
  retryAfterSeconds: number;
}

const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket-level failures: the connection to the server could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ECONNABORTED',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), the server shutting down, crashing
 * or starting up (57P01–57P03), too many connections (53300), a statement cancelled by
 * statement_timeout (57014).
 */
const POSTGRES_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** What node-postgres says when a connection ends or a timeout fires (these carry no code). */
const POSTGRES_MESSAGES = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /^Query read timeout/i,
  /is not queryable/i,
  /^Connection timeout/i,
];

function codeOf(e: unknown): string | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : typeof e === 'string' ? e : '';
}

/** The failure and its causes (an AggregateError's too), outermost first, at most a few deep. */
function* chain(e: unknown): Generator<unknown> {
  let current: unknown = e;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    yield current;
    if (current instanceof AggregateError) for (const inner of current.errors) yield inner;
    current = (current as { cause?: unknown }).cause;
  }
}

export function databaseUnavailable(e: unknown): Unavailable | null {
  for (const err of chain(e)) {
    const code = codeOf(err);
    const message = messageOf(err);
    if (
      (code !== undefined && (NETWORK_CODES.has(code) || POSTGRES_STATES.has(code) || code.startsWith('08'))) ||
      POSTGRES_MESSAGES.some((re) => re.test(message))
    ) {
      return {
        sentence: `The service's database is not reachable; try again in ${DATABASE_RETRY_AFTER_SECONDS} seconds.`,
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      };
    }
    if (
      code === 'SQLITE_BUSY' ||
      code === 'SQLITE_LOCKED' ||
      code?.startsWith('SQLITE_BUSY_') ||
      code?.startsWith('SQLITE_LOCKED_')
    ) {
      return {
        sentence: `The service's database file is locked by another program; try again in ${DATABASE_RETRY_AFTER_SECONDS} seconds.`,
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      };
    }
    if (code === 'SQLITE_FULL') {
      return {
        sentence: `The service's disk is full, so nothing can be saved; try again in ${DATABASE_RETRY_AFTER_SECONDS * 12} seconds, after the operator frees space.`,
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS * 12,
      };
    }
  }
  return null;
}
