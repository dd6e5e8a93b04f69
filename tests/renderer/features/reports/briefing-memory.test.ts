import { describe, expect, it } from 'vitest';
import { readLastBriefed, saveLastBriefed } from '../../../../src/renderer/features/reports/model/briefing-memory.js';
import { readProjectTimes } from '../../../../src/renderer/stores/local-json.js';

function memory() {
  const map = new Map<string, string>();
  return {
    map,
    storage: { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) },
  };
}

describe('briefing memory', () => {
  it('remembers per connection and project, beside other projects, and survives junk in storage', () => {
    const { map, storage } = memory();
    saveLastBriefed('c1', 'p1', 100, storage);
    saveLastBriefed('c1', 'p2', 200, storage);
    saveLastBriefed('c2', 'p1', 300, storage);
    expect(readLastBriefed('c1', 'p1', storage)).toBe(100);
    expect(readLastBriefed('c1', 'p2', storage)).toBe(200);
    expect(readLastBriefed('c2', 'p1', storage)).toBe(300);
    expect(readLastBriefed('c2', 'p9', storage)).toBeNull();
    map.set('triage-desk:reports:briefed:c3', '{"p1":"soon","p2":7,"p3":null}');
    expect(readProjectTimes('triage-desk:reports:briefed:c3', storage)).toEqual({ p2: 7 });
    map.set('triage-desk:reports:briefed:c4', 'not json');
    expect(readLastBriefed('c4', 'p1', storage)).toBeNull();
    expect(readLastBriefed('c1', 'p1', null)).toBeNull();
  });
});
