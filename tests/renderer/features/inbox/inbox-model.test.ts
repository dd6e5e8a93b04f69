import { describe, expect, it } from 'vitest';
import type { ItemRow, WhatsNewResponse } from '#shared/reader/index.js';
import {
  buildInbox,
  entryKey,
  notificationsFrom,
  projectForTick,
  pruneRead,
  unreadCount,
} from '../../../../src/renderer/features/inbox/inbox-model.js';
import { createInboxStorage } from '../../../../src/renderer/features/inbox/inbox-storage.js';

const project = { id: 'prj_1', name: 'Checkout app' };
const row = (id: string, status: ItemRow['status'], createdAt: number) =>
  ({ id, status, createdAt, excerpt: `Thread ${id}`, page: '/cart' }) as unknown as ItemRow;
const rrow = (id: string) => ({ id, line: `Thread ${id} line`, page: '/cart' });
type Briefing = Pick<WhatsNewResponse, 'mentionsYou' | 'assignedToYou'>;
const briefing = (b: {
  assigned?: Array<{ id: string; by: string | null }>;
  mentions?: Array<{ threadId: string; at: number; author: string; text: string }>;
}): Briefing =>
  ({
    assignedToYou: (b.assigned ?? []).map((a) => ({ ...rrow(a.id), assignedBy: a.by })),
    mentionsYou: (b.mentions ?? []).map((m) => ({
      threadId: m.threadId,
      thread: rrow(m.threadId),
      mention: { author: m.author, at: m.at, text: m.text },
    })),
  }) as unknown as Briefing;

describe('the inbox', () => {
  it('lists open and deferred assignments and mentions, newest first, never resolved ones', () => {
    const entries = buildInbox(
      [
        {
          project,
          assigned: [row('itm_1', 'open', 100), row('itm_2', 'deferred', 300), row('itm_3', 'resolved', 500)],
          briefing: briefing({
            assigned: [{ id: 'itm_2', by: 'Adam Admin' }],
            mentions: [{ threadId: 'itm_9', at: 200, author: 'Cora', text: 'Can you   look\nat this?' }],
          }),
        },
        { project: { id: 'prj_2', name: 'Marketing site' }, assigned: [row('itm_5', 'open', 400)], briefing: null },
      ],
      new Set([entryKey('assigned', 'itm_1', null)]),
    );
    expect(entries.map((e) => [e.kind, e.itemId, e.projectName, e.read])).toEqual([
      ['assigned', 'itm_5', 'Marketing site', false],
      ['assigned', 'itm_2', 'Checkout app', false],
      ['mention', 'itm_9', 'Checkout app', false],
      ['assigned', 'itm_1', 'Checkout app', true],
    ]);
    expect(entries[1]).toMatchObject({ by: 'Adam Admin', status: 'deferred' });
    expect(entries[2]).toMatchObject({ by: 'Cora', excerpt: 'Can you look at this?', at: 200 });
    expect(unreadCount(entries)).toBe(3);
    expect(pruneRead(new Set([entryKey('assigned', 'itm_1', null), 'assigned:gone']), entries)).toEqual(
      new Set(['assigned:itm_1']),
    );
  });

  it('a mention of a thread the person cannot read in full still shows', () => {
    const b = {
      assignedToYou: [],
      mentionsYou: [{ threadId: 'itm_7', thread: null, mention: { author: 'X', at: 5, text: 'hi' } }],
    } as unknown as Briefing;
    expect(buildInbox([{ project, assigned: [], briefing: b }], new Set())[0]).toMatchObject({
      line: '(a thread you cannot see in full)',
      itemId: 'itm_7',
    });
  });
});

describe('notifications', () => {
  it('announces only assignments and mentions not announced before', () => {
    const b = briefing({
      assigned: [
        { id: 'itm_1', by: 'Adam' },
        { id: 'itm_2', by: null },
      ],
      mentions: [{ threadId: 'itm_3', at: 10, author: 'Cora', text: 'ping @you' }],
    });
    const all = notificationsFrom(project, b, new Set());
    expect(all).toEqual([
      {
        key: 'assigned:itm_1',
        itemId: 'itm_1',
        title: 'Assigned to you in Checkout app',
        body: 'Adam: Thread itm_1 line',
      },
      { key: 'assigned:itm_2', itemId: 'itm_2', title: 'Assigned to you in Checkout app', body: 'Thread itm_2 line' },
      { key: 'mention:itm_3:10', itemId: 'itm_3', title: 'Cora mentioned you in Checkout app', body: 'ping @you' },
    ]);
    expect(notificationsFrom(project, b, new Set(all.map((n) => n.key)))).toEqual([]);
  });

  it('asks about one project per tick, in turn', () => {
    expect([0, 1, 2, 3].map((t) => projectForTick(['a', 'b', 'c'], t))).toEqual(['a', 'b', 'c', 'a']);
    expect(projectForTick([], 3)).toBeNull();
  });
});

describe('inbox storage', () => {
  function memory() {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
  }

  it('keeps read marks, the notifications switch and the notifier position per connection', () => {
    const mem = memory();
    const a = createInboxStorage('conn-a', mem);
    const b = createInboxStorage('conn-b', mem);
    a.saveReadKeys(new Set(['assigned:itm_1']));
    a.setNotificationsOn(true);
    a.saveCheckedUntil({ prj_1: 1000 });
    expect(a.readKeys()).toEqual(new Set(['assigned:itm_1']));
    expect(a.notificationsOn()).toBe(true);
    expect(a.checkedUntil()).toEqual({ prj_1: 1000 });
    expect(b.readKeys()).toEqual(new Set());
    expect(b.notificationsOn()).toBe(false);
    for (const k of mem.m.keys()) expect(k).toMatch(/^triage-desk:inbox:\w+:conn-a$/);
  });

  it('reads damaged values as empty', () => {
    const mem = memory();
    const s = createInboxStorage('c', mem);
    mem.setItem('triage-desk:inbox:read:c', '{not json');
    mem.setItem('triage-desk:inbox:checked:c', '{"prj_1": "soon", "prj_2": 5}');
    mem.setItem('triage-desk:inbox:notify:c', '"yes"');
    expect(s.readKeys()).toEqual(new Set());
    expect(s.checkedUntil()).toEqual({ prj_2: 5 });
    expect(s.notificationsOn()).toBe(false);
  });
});
