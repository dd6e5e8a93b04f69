/**
 * IN lists are read in slices of this many IDs: far under SQLite's cap on bound variables
 * (32766 in the libsql build, 999 in older SQLite), so no list is refused for its length.
 */
const ID_CHUNK = 500;

/** Consecutive slices of `ids`, each short enough for one `IN (…)` list. */
export function* idChunks<T>(ids: readonly T[]): Generator<T[]> {
  for (let i = 0; i < ids.length; i += ID_CHUNK) yield ids.slice(i, i + ID_CHUNK);
}
