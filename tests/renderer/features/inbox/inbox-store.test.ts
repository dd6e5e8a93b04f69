import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asBridge, fakeBridge, type FakeBridge } from '../../support/fake-bridge.js';
import { fail, ok } from '../../support/bridge-results.js';
import { useInbox } from '../../../../src/renderer/features/inbox/inbox-store.js';
import { inboxNow, loadInbox, markAllRead } from '../../../../src/renderer/features/inbox/inbox-query.js';
import { queryClient } from '../../../../src/renderer/server-state/query-client.js';
import { createInboxStorage } from '../../../../src/renderer/features/inbox/inbox-storage.js';
import { useSession } from '../../../../src/renderer/stores/session-store.js';
import type { ConnectResult } from '#shared/bridge/channels.js';
import { memoryStorage } from '../../support/memory-storage.js';

let bridge: FakeBridge;
vi.mock('../../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const mem = memoryStorage();
vi.stubGlobal('localStorage', mem);

const projects = [
  { id: 'prj_1', name: 'Checkout app' },
  { id: 'prj_2', name: 'Marketing site' },
];
const mentionOf = (threadId: string, at: number) => ({
  threadId,
  thread: { id: threadId, line: 'A thread', page: '/' },
  mention: { author: 'Cora', at, text: 'look' },
});
const mentionKey = (threadId: string, at: number) => `mention:${threadId}:${at}`;
const briefings: Record<string, ReturnType<typeof mentionOf>[]> = {
  prj_1: [mentionOf('itm_a', 2000)],
  prj_2: [mentionOf('itm_b', 1000)],
};
let brokenProject: string | null;

beforeEach(() => {
  mem.data.clear();
  brokenProject = null;
  bridge = fakeBridge();
  bridge.api.listProjects!.mockImplementation(async () => ok({ projects, total: 2 }));
  bridge.api.listItems!.mockImplementation(async () => ok({ items: [], matched: 0 }));
  bridge.api.whatsNew!.mockImplementation(async (q: { projectId: string }) =>
    q.projectId === brokenProject
      ? fail({ kind: 'network', message: 'The service did not answer.' })
      : ok({ since: 0, until: 5000, assignedToYou: [], mentionsYou: briefings[q.projectId] ?? [] }),
  );
  useSession.setState({ active: { connection: { id: 'conn-1' } } as ConnectResult });
  useInbox.setState({ connectionId: 'conn-1', read: new Set(), notificationsOn: false });
  queryClient.clear();
});

const readKeys = () => createInboxStorage('conn-1').readKeys();
const readOf = (threadId: string) => inboxNow().entries.find((e) => e.itemId === threadId)?.read;

describe('the inbox store', () => {
  it('lists mentions across projects newest first, and keeps a read mark across loads', async () => {
    await loadInbox();
    expect(inboxNow().entries.map((e) => e.itemId)).toEqual(['itm_a', 'itm_b']);
    useInbox.getState().markRead(mentionKey('itm_a', 2000));
    expect(readOf('itm_a')).toBe(true);
    await loadInbox();
    expect(readOf('itm_a')).toBe(true);
    expect(readOf('itm_b')).toBe(false);
  });

  it('stops a read when the person switches connection, asking the new one nothing for the old one', async () => {
    let release!: () => void;
    bridge.api.whatsNew!.mockImplementationOnce(
      () =>
        new Promise(
          (resolve) => (release = () => resolve(ok({ since: 0, until: 5000, assignedToYou: [], mentionsYou: [] }))),
        ),
    );
    const load = loadInbox();
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    useSession.setState({ active: { connection: { id: 'conn-2' } } as ConnectResult });
    release();
    await load;
    // The first project was asked; the second would have gone to conn-2.
    expect(bridge.api.whatsNew).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['connection', 'conn-1', 'inbox'])).toBeUndefined();
  });

  it('keeps a mark made while a load is under way', async () => {
    await loadInbox();
    let release!: () => void;
    bridge.api.listProjects!.mockImplementation(
      () => new Promise((resolve) => (release = () => resolve(ok({ projects, total: 2 })))),
    );
    const reload = loadInbox();
    useInbox.getState().markRead(mentionKey('itm_b', 1000));
    release();
    await reload;
    expect(readOf('itm_b')).toBe(true);
    expect(readKeys().has(mentionKey('itm_b', 1000))).toBe(true);
  });

  it('keeps the read marks of a project it could not read this time, and says which project is missing', async () => {
    await loadInbox();
    markAllRead();
    brokenProject = 'prj_2';
    await loadInbox();
    expect(inboxNow().partial).toEqual(['Marketing site: The service did not answer.']);
    expect(readKeys()).toEqual(new Set([mentionKey('itm_a', 2000), mentionKey('itm_b', 1000)]));
    brokenProject = null;
    await loadInbox();
    expect(readOf('itm_b')).toBe(true);
  });

  it('forgets read marks of entries that left the inbox once every project was read', async () => {
    await loadInbox();
    markAllRead();
    briefings['prj_2'] = [];
    try {
      await loadInbox();
    } finally {
      briefings['prj_2'] = [mentionOf('itm_b', 1000)];
    }
    expect(readKeys()).toEqual(new Set([mentionKey('itm_a', 2000)]));
  });
});
