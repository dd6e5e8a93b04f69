import { describe, expect, it } from 'vitest';
import { mentionProblem } from '../../../../src/renderer/components/compose/mention-problem.js';
import {
  NO_RESOLUTION,
  activeMentionQuery,
  chooseForName,
  ignoreName,
  knownPeople,
  insertMention,
  mentionedNames,
  mentionsToSend,
  rewriteTypedMention,
  scanMentions,
} from '../../../../src/renderer/components/compose/mentions.js';
import { rankPeople } from '../../../../src/renderer/format/people-search.js';

const members = [
  { id: 'u-kim', name: 'Alex Kim', email: 'alex.kim@acme.example' },
  { id: 'u-park', name: 'Alex Park', email: 'alex.park@acme.example' },
  { id: 'u-olivia', name: 'Olivia Owner', email: 'olivia@acme.example' },
  { id: 'u-jose', name: 'José Núñez', email: 'jose@acme.example' },
];

describe('the mention being typed', () => {
  it('is the text after an "@" at a word start, up to the caret', () => {
    expect(activeMentionQuery('Thanks @Al', 10)).toEqual({ start: 7, query: 'Al' });
    expect(activeMentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(activeMentionQuery('cc (@ali', 8)).toEqual({ start: 4, query: 'ali' });
  });

  it('allows the spaces of a full name, but not a line break or an email', () => {
    expect(activeMentionQuery('@Alex P', 7)).toEqual({ start: 0, query: 'Alex P' });
    expect(activeMentionQuery('@Alex\nP', 7)).toBeNull();
    expect(activeMentionQuery('mail bob@exa', 12)).toBeNull();
    expect(activeMentionQuery('@ Alex', 6)).toBeNull();
    expect(activeMentionQuery('@one two three four', 19)).toBeNull();
  });

  it('only looks left of the caret', () => {
    expect(activeMentionQuery('@Al and more', 3)).toEqual({ start: 0, query: 'Al' });
    expect(activeMentionQuery('no mention here', 5)).toBeNull();
  });
});

describe('suggestions', () => {
  it('"Al" suggests both Alexes, by name', () => {
    expect(rankPeople(members, 'Al').map((m) => m.name)).toEqual(['Alex Kim', 'Alex Park']);
  });

  it('ranks name prefix, then a later word, then email, then anywhere', () => {
    const people = [
      { id: '1', name: 'Parker Lee', email: 'p@x' },
      { id: '2', name: 'Alex Park', email: 'a@x' },
      { id: '3', name: 'Zed', email: 'park.z@x' },
      { id: '4', name: 'Sam Sparks', email: 's@x' },
    ];
    expect(rankPeople(people, 'park').map((p) => p.id)).toEqual(['1', '2', '3', '4']);
  });

  it('ignores case and accents, and lists everyone for an empty query', () => {
    expect(rankPeople(members, 'jose nu').map((m) => m.id)).toEqual(['u-jose']);
    expect(rankPeople(members, '')).toHaveLength(4);
    expect(rankPeople(members, '', 2)).toHaveLength(2);
  });
});

describe('inserting a picked mention', () => {
  it('replaces the typed query with "@Full Name " and moves the caret after it', () => {
    const text = 'Thanks @Al';
    expect(insertMention(text, { start: 7, query: 'Al' }, 10, members[1]!)).toEqual({
      text: 'Thanks @Alex Park ',
      caret: 18,
    });
  });

  it('adds no space before a space or punctuation that follows', () => {
    const text = 'Hi @Ol, see below';
    expect(insertMention(text, { start: 3, query: 'Ol' }, 6, members[2]!)).toEqual({
      text: 'Hi @Olivia Owner, see below',
      caret: 16,
    });
    expect(insertMention('Hi @Ol there', { start: 3, query: 'Ol' }, 6, members[2]!)).toEqual({
      text: 'Hi @Olivia Owner there',
      caret: 16,
    });
  });
});

describe('what is sent', () => {
  it('sends known people by ID and typed names as typed, each once, in order', () => {
    const body = '@Alex Park please check with @Alex and @me. Again @alex park!';
    expect(mentionsToSend(body, members)).toEqual(['u-park', 'Alex', 'me']);
  });

  it('prefers the longest full name', () => {
    const people = [...members, { id: 'u-alex', name: 'Alex' }];
    expect(
      scanMentions('@Alex Kim and @Alex', people).map((t) => (t.kind === 'person' ? t.person.id : t.name)),
    ).toEqual(['u-kim', 'u-alex']);
  });

  it('does not treat emails inside words or a bare "@" as mentions', () => {
    expect(mentionsToSend('write to bob@example.com @ noon', members)).toEqual([]);
  });

  it('keeps an email typed after "@" whole', () => {
    expect(mentionsToSend('cc @alex.kim@acme.example.', members)).toEqual(['alex.kim@acme.example']);
  });

  it('uses the person chosen for an ambiguous name, and skips ignored names', () => {
    const resolution = { chosen: { alex: members[1]! }, ignored: ['bob'] };
    expect(mentionsToSend('@Alex and @Bob', members, resolution)).toEqual(['u-park']);
    expect(mentionedNames('@Alex and @Bob and @Olivia Owner', members, resolution)).toEqual([
      'Alex Park',
      'Olivia Owner',
    ]);
  });
});

describe('resolving an ambiguous name', () => {
  it('rewrites every "@Alex" typed that way to the chosen full name, leaving full names alone', () => {
    const body = '@Alex, ping @Alex Kim. Thanks @alex!';
    expect(rewriteTypedMention(body, 'Alex', members[1]!, members)).toBe(
      '@Alex Park, ping @Alex Kim. Thanks @Alex Park!',
    );
  });

  it('after the rewrite the body sends the chosen person by ID', () => {
    const body = rewriteTypedMention('Can you look, @Alex?', 'Alex', members[1]!, members);
    expect(mentionsToSend(body, members)).toEqual(['u-park']);
  });

  it('works before the member list has loaded, when the chosen person is known', () => {
    const body = rewriteTypedMention('@Alex look', 'Alex', members[1]!, []);
    expect(mentionsToSend(body, [members[1]!])).toEqual(['u-park']);
  });
});

describe('settling a refused mention', () => {
  const sent = ['u-olivia', 'Alex', 'Bob'];

  it('reads an ambiguous name and its candidates from the refusal', () => {
    const problem = mentionProblem(
      {
        kind: 'validation',
        reason: 'ambiguous_name',
        name: 'Alex',
        field: 'mentions.1',
        candidates: [members[0]!, members[1]!].map((m) => ({ id: m.id, name: m.name, email: m.email })),
        message: '…',
      },
      sent,
    );
    expect(problem).toEqual({
      kind: 'ambiguous',
      name: 'Alex',
      candidates: [expect.objectContaining({ id: 'u-kim' }), expect.objectContaining({ id: 'u-park' })],
    });
  });

  it('finds an unknown name through the field index of what was sent', () => {
    expect(
      mentionProblem({ kind: 'validation', reason: 'unknown_person', field: 'mentions.2', message: '…' }, sent),
    ).toEqual({ kind: 'unknown', name: 'Bob', sentence: 'No member of this workspace is called “Bob”.' });
  });

  it('is not about mentions for other refusals', () => {
    expect(mentionProblem({ kind: 'validation', reason: 'resolved_item', message: '…' }, sent)).toBeNull();
    expect(mentionProblem({ kind: 'network', message: '…' }, sent)).toBeNull();
  });

  it('choosing rewrites the body, remembers the person and sends them by ID', () => {
    const state = { body: 'Ping @Alex about it', people: [], resolution: NO_RESOLUTION };
    const next = chooseForName(state, 'Alex', members[1]!, []);
    expect(next.body).toBe('Ping @Alex Park about it');
    expect(next.people).toEqual([members[1]]);
    expect(mentionsToSend(next.body, knownPeople([], next), next.resolution)).toEqual(['u-park']);
  });

  it('ignoring leaves the text but sends no mention', () => {
    const next = ignoreName({ body: 'at @home today', people: [], resolution: NO_RESOLUTION }, 'home');
    expect(next.body).toBe('at @home today');
    expect(mentionsToSend(next.body, members, next.resolution)).toEqual([]);
    expect(ignoreName(next, 'Home')).toBe(next);
  });

  it('knows members and chosen people once each', () => {
    expect(knownPeople(members, { people: [members[1]!, { id: 'x', name: 'Xena' }] }).map((p) => p.id)).toEqual([
      'u-kim',
      'u-park',
      'u-olivia',
      'u-jose',
      'x',
    ]);
  });
});

describe('where the suggestions open', () => {
  it('below while they fit, above when the composer sits at the bottom of its panel and there is more room above', async () => {
    const { suggestionsAbove } = await import('../../../../src/renderer/components/compose/mentions.js');
    const bounds = { top: 100, bottom: 800 };
    expect(suggestionsAbove({ top: 300, bottom: 400 }, bounds, 180)).toBe(false);
    expect(suggestionsAbove({ top: 650, bottom: 760 }, bounds, 180)).toBe(true);
    // Little room either way: below, where more of it shows.
    expect(suggestionsAbove({ top: 150, bottom: 700 }, bounds, 180)).toBe(false);
  });
});
