import { defaultStorage, type KeyValueStorage } from '../../../stores/last-project.js';
import { readProjectTimes, writeProjectTimes } from '../../../stores/local-json.js';

/**
 * When the person last read a briefing, per connection (its id only, never its URL or token)
 * and project: where "Since my last briefing" starts. Kept on this machine, beside the
 * inbox's marks, so a briefing read by an agent with the same token does not move it.
 */
const key = (connectionId: string) => `triage-desk:reports:briefed:${connectionId}`;

export function readLastBriefed(
  connectionId: string,
  projectId: string,
  storage: KeyValueStorage | null = defaultStorage(),
): number | null {
  return readProjectTimes(key(connectionId), storage)[projectId] ?? null;
}

export function saveLastBriefed(
  connectionId: string,
  projectId: string,
  until: number,
  storage: KeyValueStorage | null = defaultStorage(),
): void {
  writeProjectTimes(
    key(connectionId),
    { ...readProjectTimes(key(connectionId), storage), [projectId]: until },
    storage,
  );
}
