import { describe, expect, it } from 'vitest';
import {
  NO_RESOLUTION,
  ambiguousMentions,
  chooseForName,
  ignoreName,
  knownPeople,
  type MentionState,
} from '../../../../src/renderer/components/compose/mentions.js';

const kim = { id: 'u-kim', name: 'Alex Kim', email: 'alex.kim@acme.example' };
const park = { id: 'u-park', name: 'Alex Park', email: 'alex.park@acme.example' };
const olivia = { id: 'u-olivia', name: 'Olivia Owner', email: 'olivia@acme.example' };
const members = [kim, park, olivia];

const check = (body: string, state: MentionState = { body, people: [], resolution: NO_RESOLUTION }) =>
  ambiguousMentions(body, knownPeople(members, state), state.resolution, members);

describe('a typed @name several members answer to', () => {
  it('is found before sending, by the service’s rule: full name, else first name', () => {
    expect(check('@Alex, the spacing is fixed.')).toEqual([
      { name: 'Alex', candidates: [kim, park], stillTyping: false },
    ]);
    // One person answers to these: nothing to ask.
    expect(check('@Olivia, see this. @Alex Kim too. @alex.park@acme.example and @me')).toEqual([]);
    // A name nobody has is the service's to refuse (it says who is unknown).
    expect(check('@Sam, hello')).toEqual([]);
  });

  it('waits while the name may still grow into one person’s full name', () => {
    expect(check('Thanks @Alex')).toEqual([{ name: 'Alex', candidates: [kim, park], stillTyping: true }]);
    expect(check('Thanks @Alex K')).toEqual([{ name: 'Alex', candidates: [kim, park], stillTyping: true }]);
    expect(check('Thanks @Alex and')[0]?.stillTyping).toBe(false);
  });

  it('is settled by choosing someone or keeping it as text, and each name is asked once', () => {
    const start: MentionState = { body: '@Alex, and again @alex.', people: [], resolution: NO_RESOLUTION };
    expect(check(start.body, start)).toHaveLength(1);
    const chosen = chooseForName(start, 'Alex', park, members);
    expect(chosen.body).toBe('@Alex Park, and again @Alex Park.');
    expect(check(chosen.body, chosen)).toEqual([]);
    const ignored = ignoreName(start, 'Alex');
    expect(check(ignored.body, ignored)).toEqual([]);
  });
});
