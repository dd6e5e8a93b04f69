import { describe, expect, it } from 'vitest';
import {
  CARD_HEIGHT,
  DEFAULT_DENSITY,
  densityKey,
  readDensity,
  setDensity,
  TABLE_ROW_HEIGHT,
} from '../../../../src/renderer/features/workspace/density.js';
import { useSession } from '../../../../src/renderer/stores/session-store.js';
import type { ConnectResult } from '#shared/bridge/channels.js';
import { memoryStorage } from '../../support/memory-storage.js';

const signedIn = (connectionId: string, personId: string | null) =>
  useSession.setState({
    active: {
      connection: { id: connectionId },
      workspaces: [],
      you: personId ? { id: personId, name: personId } : null,
    } as unknown as ConnectResult,
  });

describe('density: comfortable or compact, per person', () => {
  it('comfortable until someone chooses; anything unreadable is comfortable too', () => {
    const storage = memoryStorage();
    expect(DEFAULT_DENSITY).toBe('comfortable');
    expect(readDensity(densityKey('c1', 'u1'), storage)).toBe('comfortable');
    storage.setItem(densityKey('c1', 'u1'), '"roomy"');
    expect(readDensity(densityKey('c1', 'u1'), storage)).toBe('comfortable');
    storage.setItem(densityKey('c1', 'u1'), '{not json');
    expect(readDensity(densityKey('c1', 'u1'), storage)).toBe('comfortable');
    expect(readDensity(densityKey('c1', 'u1'), null)).toBe('comfortable');
  });

  it('a choice is kept for the person who made it, not for someone else on the same computer', () => {
    const storage = memoryStorage();
    signedIn('c1', 'u1');
    setDensity('compact', storage);
    expect(readDensity(densityKey('c1', 'u1'), storage)).toBe('compact');
    expect(readDensity(densityKey('c1', 'u2'), storage)).toBe('comfortable');
    expect(readDensity(densityKey('c2', 'u1'), storage)).toBe('comfortable');
    signedIn('c2', 'u2');
    setDensity('comfortable', storage);
    expect(readDensity(densityKey('c1', 'u1'), storage)).toBe('compact');
  });

  it('nothing is written before anyone is signed in', () => {
    const storage = memoryStorage();
    useSession.setState({ active: null });
    setDensity('compact', storage);
    expect(storage.data.size).toBe(0);
  });

  it('comfortable keeps the sizes the bench’s row targets are measured at; compact is smaller', () => {
    expect(TABLE_ROW_HEIGHT.comfortable).toBe(28);
    expect(CARD_HEIGHT.comfortable).toBe(104);
    expect(TABLE_ROW_HEIGHT.compact).toBeLessThan(TABLE_ROW_HEIGHT.comfortable);
    expect(CARD_HEIGHT.compact).toBeLessThan(CARD_HEIGHT.comfortable);
  });
});
