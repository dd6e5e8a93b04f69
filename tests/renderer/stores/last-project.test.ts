import { describe, expect, it } from 'vitest';
import { lastProjectKey, readLastProject, rememberLastProject } from '../../../src/renderer/stores/last-project.js';
import { memoryStorage } from '../support/memory-storage.js';

describe('last project per connection', () => {
  it('remembers one project per connection under a key holding only the connection id', () => {
    const storage = memoryStorage();
    rememberLastProject('conn-1', 'proj-a', storage);
    rememberLastProject('conn-2', 'proj-b', storage);
    expect(readLastProject('conn-1', storage)).toBe('proj-a');
    expect(readLastProject('conn-2', storage)).toBe('proj-b');
    expect([...storage.data.keys()]).toEqual([lastProjectKey('conn-1'), lastProjectKey('conn-2')]);
    expect(lastProjectKey('conn-1')).toBe('triage-desk:last-project:conn-1');
  });

  it('returns null when nothing is remembered or storage is unavailable or throws', () => {
    expect(readLastProject('conn-1', memoryStorage())).toBeNull();
    expect(readLastProject('conn-1', null)).toBeNull();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(readLastProject('conn-1', broken)).toBeNull();
    expect(() => rememberLastProject('conn-1', 'p', broken)).not.toThrow();
  });
});
