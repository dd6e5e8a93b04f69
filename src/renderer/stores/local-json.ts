import type { KeyValueStorage } from './last-project.js';

/**
 * JSON values kept in local storage by features that remember small things per connection
 * (inbox read marks, when a briefing was last read). Reading never throws: a value that is
 * missing, unreadable or blocked by policy reads as null; a write that fails is dropped,
 * because remembering is a convenience, never a requirement.
 */
export function readJson(key: string, storage: KeyValueStorage | null): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown, storage: KeyValueStorage | null): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or policy: forgetting is harmless.
  }
}

/** A time (ms since 1970) per project, under one key; anything that is not a finite number is dropped. */
export function readProjectTimes(key: string, storage: KeyValueStorage | null): Record<string, number> {
  const v = readJson(key, storage);
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  return Object.fromEntries(
    Object.entries(v).filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1])),
  );
}

export function writeProjectTimes(key: string, value: Record<string, number>, storage: KeyValueStorage | null): void {
  writeJson(key, value, storage);
}
