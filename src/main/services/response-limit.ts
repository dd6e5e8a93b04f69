import type { BridgeError } from '#shared/bridge/index.js';
import type { FailureContext } from './http-errors.js';

/**
 * The most the client reads of one answer. The largest legitimate answers are a 200-row
 * list whose summary names up to 2,000 pages (300 characters each, ~0.7 MB), a review
 * section, and a thread with hundreds of 4,000-character replies (a full 2,000-row window
 * of 200-byte rows plus such a thread stays under 4 MB). 16 MiB is four times that, and
 * keeps a hostile or broken service from filling the main process's memory.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

type LimitedText = { ok: true; text: string } | { ok: false; bytesRead: number };

/**
 * Reads a response body as UTF-8 text, stopping (and cancelling the stream, which closes
 * the connection) as soon as more than `maxBytes` have arrived. A Content-Length above the
 * limit is refused before any of the body is read.
 */
export async function readTextWithin(res: Response, maxBytes: number): Promise<LimitedText> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    return { ok: false, bytesRead: 0 };
  }
  if (!res.body) return { ok: true, text: '' };
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, bytesRead: size };
    }
    text += decoder.decode(value, { stream: true });
  }
  return { ok: true, text: text + decoder.decode() };
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Never retried: the same request would get the same oversized answer. */
export function responseTooLargeError(maxBytes: number, status: number, ctx: FailureContext): BridgeError {
  const what = `The service at ${ctx.host} sent an answer larger than ${megabytes(maxBytes)}, so Triage Desk stopped reading it and did not try again.`;
  return {
    kind: 'bad_response',
    status,
    message: ctx.isWrite
      ? `${what} The change may have been made: refresh to see the current state before trying again.`
      : `${what} The feedback service never sends answers that large; check that the service URL points at it.`,
    ...(ctx.isWrite ? { uncertain: true } : {}),
  };
}
