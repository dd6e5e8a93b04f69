import { readJson, writeJson } from '../../stores/local-json.js';
import type { KeyValueStorage } from '../../stores/last-project.js';
import type { LinkDraft } from './links.js';
import type { MentionPerson, MentionResolution } from './mentions.js';

/**
 * Reply drafts kept in local storage per saved connection (the key holds its id, never its
 * URL or token), so a reload or a restart keeps what was typed. Bounded: the most recently
 * edited drafts only, each body cut at a length no reply can reach anyway. Reading never
 * throws: a stored value that is not a draft is dropped, alone or with the whole key.
 */

const PREFIX = 'triage-desk:reply-drafts:';

/** Drafts kept per connection, most recently edited first. */
export const STORED_DRAFTS_MAX = 30;
/** A stored body's length at most: twice a reply's limit, so an over-long draft still shows by how much. */
export const STORED_BODY_MAX = 8000;

export interface StoredDraft {
  body: string;
  people: MentionPerson[];
  resolution: MentionResolution;
  links: LinkDraft[];
  resolveAfter: boolean;
  /** When it was last edited (ms), for keeping the newest. */
  at: number;
}

export const draftsKey = (connectionId: string): string => `${PREFIX}${connectionId}`;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function person(v: unknown): MentionPerson | null {
  if (!isRecord(v) || typeof v['id'] !== 'string' || typeof v['name'] !== 'string') return null;
  return typeof v['email'] === 'string' ? { id: v['id'], name: v['name'], email: v['email'] } : { id: v['id'], name: v['name'] };
}

const people = (v: unknown): MentionPerson[] => (Array.isArray(v) ? v.map(person).filter((p): p is MentionPerson => p !== null) : []);

function resolution(v: unknown): MentionResolution {
  if (!isRecord(v)) return { chosen: {}, ignored: [] };
  const chosen = isRecord(v['chosen']) ? Object.fromEntries(Object.entries(v['chosen']).flatMap(([k, p]) => (person(p) ? [[k, person(p)!]] : []))) : {};
  const ignored = Array.isArray(v['ignored']) ? v['ignored'].filter((x): x is string => typeof x === 'string') : [];
  return { chosen, ignored };
}

function links(v: unknown): LinkDraft[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((l) => (isRecord(l) && typeof l['url'] === 'string' && typeof l['label'] === 'string' ? [{ url: l['url'], label: l['label'] }] : []));
}

/** One stored draft, or null when it is not one (no body). */
function draft(v: unknown): StoredDraft | null {
  if (!isRecord(v) || typeof v['body'] !== 'string') return null;
  return {
    body: v['body'].slice(0, STORED_BODY_MAX),
    people: people(v['people']),
    resolution: resolution(v['resolution']),
    links: links(v['links']),
    resolveAfter: v['resolveAfter'] === true,
    at: typeof v['at'] === 'number' && Number.isFinite(v['at']) ? v['at'] : 0,
  };
}

/** The connection's stored drafts by thread ID; anything unreadable reads as none. */
export function readDrafts(connectionId: string, storage: KeyValueStorage | null): Record<string, StoredDraft> {
  const v = readJson(draftsKey(connectionId), storage);
  if (!isRecord(v)) return {};
  return Object.fromEntries(Object.entries(v).flatMap(([id, d]) => (draft(d) ? [[id, draft(d)!]] : [])));
}

/** Writes the connection's drafts: the newest `STORED_DRAFTS_MAX`, bodies bounded. */
export function writeDrafts(connectionId: string, drafts: Readonly<Record<string, StoredDraft>>, storage: KeyValueStorage | null): void {
  const kept = Object.entries(drafts)
    .sort((a, b) => b[1].at - a[1].at)
    .slice(0, STORED_DRAFTS_MAX)
    .map(([id, d]) => [id, { ...d, body: d.body.slice(0, STORED_BODY_MAX) }] as const);
  writeJson(draftsKey(connectionId), Object.fromEntries(kept), storage);
}
