import { readJson, writeJson } from '../../stores/local-json.js';
import type { KeyValueStorage } from '../../stores/last-project.js';
import type { LinkDraft } from './links.js';
import type { MentionPerson, MentionResolution, MentionState } from './mentions.js';

/**
 * Drafts kept in local storage per saved connection (the key holds its id, never its URL or
 * token), so a reload or a restart keeps what was typed. Bounded: the most recently edited
 * drafts only, each body cut at a length no post can reach anyway. Reading never throws: a
 * stored value that is not a draft is dropped, alone or with the whole key. The readers for
 * the parts drafts share (people, mention choices, links) are here too.
 */

/** Drafts kept per connection and kind, most recently edited first. */
export const STORED_DRAFTS_MAX = 30;
/** A stored body's length at most: twice a post's limit, so an over-long draft still shows by how much. */
export const STORED_BODY_MAX = 8000;

/** A draft as stored: with when it was last edited (ms), for keeping the newest. */
export type Stored<D> = D & { at: number };

/** Reads one stored draft's fields, or null when the value is not such a draft. */
export type DraftReader<D> = (v: Record<string, unknown>) => D | null;

export const draftsKey = (prefix: string, connectionId: string): string => `${prefix}${connectionId}`;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function person(v: unknown): MentionPerson | null {
  if (!isRecord(v) || typeof v['id'] !== 'string' || typeof v['name'] !== 'string') return null;
  return typeof v['email'] === 'string'
    ? { id: v['id'], name: v['name'], email: v['email'] }
    : { id: v['id'], name: v['name'] };
}

const people = (v: unknown): MentionPerson[] =>
  Array.isArray(v) ? v.map(person).filter((p): p is MentionPerson => p !== null) : [];

function resolution(v: unknown): MentionResolution {
  if (!isRecord(v)) return { chosen: {}, ignored: [] };
  const chosen = isRecord(v['chosen'])
    ? Object.fromEntries(Object.entries(v['chosen']).flatMap(([k, p]) => (person(p) ? [[k, person(p)!]] : [])))
    : {};
  const ignored = Array.isArray(v['ignored']) ? v['ignored'].filter((x): x is string => typeof x === 'string') : [];
  return { chosen, ignored };
}

export function readLinks(v: unknown): LinkDraft[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((l) =>
    isRecord(l) && typeof l['url'] === 'string' && typeof l['label'] === 'string'
      ? [{ url: l['url'], label: l['label'] }]
      : [],
  );
}

/** The body and its mentions, or null when there is no body. */
export function readMentionState(v: Record<string, unknown>): MentionState | null {
  if (typeof v['body'] !== 'string') return null;
  return {
    body: v['body'].slice(0, STORED_BODY_MAX),
    people: people(v['people']),
    resolution: resolution(v['resolution']),
  };
}

export const readString = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A connection's stored drafts of one kind by key; anything unreadable reads as none. */
export function readStoredDrafts<D>(
  key: string,
  read: DraftReader<D>,
  storage: KeyValueStorage | null,
): Record<string, Stored<D>> {
  const v = readJson(key, storage);
  if (!isRecord(v)) return {};
  return Object.fromEntries(
    Object.entries(v).flatMap(([id, raw]) => {
      const d = isRecord(raw) ? read(raw) : null;
      if (!d || !isRecord(raw)) return [];
      const at = typeof raw['at'] === 'number' && Number.isFinite(raw['at']) ? raw['at'] : 0;
      return [[id, { ...d, at }]];
    }),
  );
}

/** Writes a connection's drafts of one kind: the newest `STORED_DRAFTS_MAX`, bodies bounded. */
export function writeStoredDrafts<D extends { body: string }>(
  key: string,
  drafts: Readonly<Record<string, Stored<D>>>,
  storage: KeyValueStorage | null,
): void {
  const kept = Object.entries(drafts)
    .sort((a, b) => b[1].at - a[1].at)
    .slice(0, STORED_DRAFTS_MAX)
    .map(([id, d]) => [id, { ...d, body: d.body.slice(0, STORED_BODY_MAX) }] as const);
  writeJson(key, Object.fromEntries(kept), storage);
}
