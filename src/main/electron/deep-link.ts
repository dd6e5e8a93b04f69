/**
 * triage-desk://item/<itemId>: every thread's address. The operating system hands it to the
 * app as a command-line argument (Windows, Linux; also to the running instance through the
 * single-instance lock) or through `open-url` (macOS).
 */
import { DEEP_LINK_SCHEME } from './app-identity.js';

type DeepLink = { ok: true; itemId: string } | { ok: false; message: string };

const ITEM_ID_MAX = 200;
/**
 * C0 and C1 controls, DEL, and the bidirectional marks, embeddings, overrides and isolates:
 * none is in a real thread ID, and a bidi override would show the person a different ID
 * from the one opened.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

export function itemLink(itemId: string): string {
  return `${DEEP_LINK_SCHEME}://item/${encodeURIComponent(itemId)}`;
}

export function parseDeepLink(raw: string): DeepLink {
  const shown = raw.length > 120 ? `${raw.slice(0, 120)}…` : raw;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: `“${shown}” is not a Triage Desk link.` };
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:`)
    return { ok: false, message: `“${shown}” is not a Triage Desk link (they start with ${DEEP_LINK_SCHEME}://).` };
  // A non-special scheme: "item" is the host, the ID is the path.
  const segments = url.pathname.split('/').filter(Boolean);
  if (url.host !== 'item' || segments.length !== 1) {
    return {
      ok: false,
      message: `Triage Desk does not know the link “${shown}”. Thread links look like ${DEEP_LINK_SCHEME}://item/<thread ID>.`,
    };
  }
  let itemId: string;
  try {
    itemId = decodeURIComponent(segments[0]!).trim();
  } catch {
    return { ok: false, message: `The thread ID in “${shown}” is not readable.` };
  }
  if (!itemId || itemId.length > ITEM_ID_MAX || UNSAFE_CHARACTER.test(itemId)) {
    return { ok: false, message: `The thread ID in “${shown}” is not a valid thread ID.` };
  }
  return { ok: true, itemId };
}

/** The link among a process's arguments, if any (the OS appends it; Chromium may add switches). */
export function deepLinkInArgv(argv: readonly string[]): string | null {
  return argv.find((a) => a.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`)) ?? null;
}
