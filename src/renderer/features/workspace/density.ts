import { create } from 'zustand';
import { defaultStorage, type KeyValueStorage } from '../../stores/last-project.js';
import { readJson, writeJson } from '../../stores/local-json.js';
import { useSession } from '../../stores/session-store.js';

/**
 * How tightly the board and the table are drawn: comfortable (the default, which the bench's
 * row targets are measured at) or compact (more rows and cards on screen). A person's choice,
 * remembered on this computer per connection and person.
 */
export const DENSITIES = ['comfortable', 'compact'] as const;
type Density = (typeof DENSITIES)[number];
export const DEFAULT_DENSITY: Density = 'comfortable';

export const DENSITY_LABELS: Record<Density, string> = { comfortable: 'Comfortable', compact: 'Compact' };

/** Table row heights; table.css draws the same through `--items-table-row-height` (the virtualizer needs numbers). */
export const TABLE_ROW_HEIGHT: Record<Density, number> = { comfortable: 28, compact: 24 };
/** Board card heights; board.css draws the same through `--card-height`. */
export const CARD_HEIGHT: Record<Density, number> = { comfortable: 104, compact: 72 };

const PREFIX = 'triage-desk:density:';

export function densityKey(connectionId: string, personId: string | null): string {
  return `${PREFIX}${connectionId}\u0000${personId ?? ''}`;
}

const isDensity = (v: unknown): v is Density => typeof v === 'string' && (DENSITIES as readonly string[]).includes(v);

/** Anything unreadable is the default. */
export function readDensity(key: string, storage: KeyValueStorage | null): Density {
  const v = readJson(key, storage);
  return isDensity(v) ? v : DEFAULT_DENSITY;
}

interface DensityStore {
  /** Choices made this session, per key. */
  chosen: Record<string, Density>;
}

const useDensityStore = create<DensityStore>()(() => ({ chosen: {} }));

/** What storage held, read once per key: the views ask on every render. */
const stored = new Map<string, Density>();

function currentKey(): string | null {
  const active = useSession.getState().active;
  return active ? densityKey(active.connection.id, active.you?.id ?? null) : null;
}

function densityOf(chosen: Record<string, Density>, key: string | null): Density {
  if (key === null) return DEFAULT_DENSITY;
  const known = chosen[key] ?? stored.get(key);
  if (known) return known;
  const read = readDensity(key, defaultStorage());
  stored.set(key, read);
  return read;
}

/** The signed-in person's density. */
export function useDensity(): Density {
  const key = useSession((s) => (s.active ? densityKey(s.active.connection.id, s.active.you?.id ?? null) : null));
  return useDensityStore((s) => densityOf(s.chosen, key));
}

export function setDensity(density: Density, storage: KeyValueStorage | null = defaultStorage()): void {
  const key = currentKey();
  if (key === null) return;
  writeJson(key, density, storage);
  useDensityStore.setState((s) => ({ chosen: { ...s.chosen, [key]: density } }));
}
