/**
 * Remembers the last project opened per connection. The key holds the connection's id
 * only (never its URL or token), the value just a project id.
 */
const PREFIX = 'triage-desk:last-project:';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function defaultStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can be disabled by policy; remembering is a convenience, not a requirement.
    return null;
  }
}

export function lastProjectKey(connectionId: string): string {
  return `${PREFIX}${connectionId}`;
}

export function readLastProject(
  connectionId: string,
  storage: KeyValueStorage | null = defaultStorage(),
): string | null {
  try {
    return storage?.getItem(lastProjectKey(connectionId)) ?? null;
  } catch {
    return null;
  }
}

export function rememberLastProject(
  connectionId: string,
  projectId: string,
  storage: KeyValueStorage | null = defaultStorage(),
): void {
  try {
    storage?.setItem(lastProjectKey(connectionId), projectId);
  } catch {
    // Quota or policy: forgetting the last project is harmless.
  }
}
