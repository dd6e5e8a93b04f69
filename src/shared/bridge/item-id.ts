import { LIMITS } from '../api/limits.js';

/**
 * What an item ID may be when it goes into a path (GET /items/{itemId}): 1 to 200
 * characters, no control characters, and not a dot segment (`.`/`..`, also
 * percent-encoded), which URL resolution would remove and so read another endpoint.
 * Checked by the bridge before any request is built, and again by the API client.
 */
export const ITEM_ID_MAX_CHARS = LIMITS.idMaxChars;

const DOT_SEGMENT = /^(\.|%2e){1,2}$/i;
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

export function isSafeItemId(id: string): boolean {
  return (
    id.length > 0 && id.length <= ITEM_ID_MAX_CHARS && !DOT_SEGMENT.test(id) && !CONTROL.test(id) && id.trim() === id
  );
}
