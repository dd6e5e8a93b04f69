import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asBridge, fakeBridge, type FakeBridge } from '../../support/fake-bridge.js';
import { startNotifier } from '../../../../src/renderer/features/inbox/notifier.js';
import { createInboxStorage } from '../../../../src/renderer/features/inbox/inbox-storage.js';
import { useNotice } from '../../../../src/renderer/stores/notice-store.js';
import { useSession } from '../../../../src/renderer/stores/session-store.js';
import { queryClient } from '../../../../src/renderer/server-state/query-client.js';
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
let clock = 1_000_000;

beforeEach(() => {
  mem.data.clear();
  queryClient.clear();
  bridge = fakeBridge();
  bridge.api.listProjects!.mockImplementation(async () => ({ ok: true, data: { projects, total: 2 } }));
  bridge.notify.show.mockImplementation(async () => ({ ok: true, data: { shown: true } }));
  useSession.setState({ active: { connection: { id: 'conn-1' } } as ConnectResult });
});

function briefing(opts: { until: number; mentions?: Array<{ threadId: string; at: number }> }) {
  return {
    ok: true,
    data: {
      since: 0,
      until: opts.until,
      assignedToYou: [],
      mentionsYou: (opts.mentions ?? []).map((m) => ({
        threadId: m.threadId,
        thread: { id: m.threadId, line: 'A thread', page: '/' },
        mention: { author: 'Cora', at: m.at, text: 'look' },
      })),
    },
  };
}

describe('the notifier', () => {
  it('does nothing while notifications are off for the connection', async () => {
    const n = startNotifier({ intervalMs: 1e9, now: () => clock });
    await n.tick();
    n.stop();
    expect(bridge.api.listProjects).not.toHaveBeenCalled();
  });

  it('starts each project from now, then reads it with since (never moving the bookmark) one project per tick', async () => {
    createInboxStorage('conn-1').setNotificationsOn(true);
    const calls: unknown[] = [];
    bridge.api.whatsNew!.mockImplementation(async (q: { projectId: string; since?: string }) => {
      calls.push(q);
      return briefing({
        until: clock,
        mentions: q.projectId === 'prj_1' ? [{ threadId: 'itm_1', at: 1_010_000 }] : [],
      });
    });
    const n = startNotifier({ intervalMs: 1e9, now: () => clock });
    await n.tick(); // prj_1: baseline
    await n.tick(); // prj_2: baseline
    expect(bridge.api.whatsNew).not.toHaveBeenCalled();
    clock += 20_000;
    await n.tick(); // prj_1: read since the baseline
    expect(calls).toEqual([{ projectId: 'prj_1', since: String(clock - 20_000) }]);
    expect(bridge.notify.show).toHaveBeenCalledWith({
      itemId: 'itm_1',
      title: 'Cora mentioned you in Checkout app',
      body: 'look',
    });
    clock += 20_000;
    await n.tick(); // prj_2
    await n.tick(); // prj_1 again: the same mention is not announced twice
    n.stop();
    expect(bridge.notify.show).toHaveBeenCalledTimes(1);
    expect(calls.every((q) => typeof (q as { since?: string }).since === 'string')).toBe(true);
    // Projects are listed once, not every tick.
    expect(bridge.api.listProjects).toHaveBeenCalledTimes(1);
  });

  it('a failed read is tried again on the next round from the same point', async () => {
    createInboxStorage('conn-1').setNotificationsOn(true);
    createInboxStorage('conn-1').saveCheckedUntil({ prj_1: 500, prj_2: 500 });
    bridge.api.whatsNew!.mockImplementationOnce(async () => ({
      ok: false,
      error: { kind: 'network', message: 'down' },
    }));
    bridge.api.whatsNew!.mockImplementation(async () => briefing({ until: 900 }));
    const n = startNotifier({ intervalMs: 1e9, now: () => clock });
    await n.tick();
    expect(createInboxStorage('conn-1').checkedUntil()).toEqual({ prj_1: 500, prj_2: 500 });
    await n.tick();
    await n.tick();
    n.stop();
    expect(bridge.api.whatsNew!.mock.calls.map((c) => c[0])).toEqual([
      { projectId: 'prj_1', since: '500' },
      { projectId: 'prj_2', since: '500' },
      { projectId: 'prj_1', since: '500' },
    ]);
  });

  it('says once, in the system’s words, why a notification was not shown, and still counts it as announced', async () => {
    createInboxStorage('conn-1').setNotificationsOn(true);
    createInboxStorage('conn-1').saveCheckedUntil({ prj_1: 500, prj_2: 500 });
    bridge.api.whatsNew!.mockImplementation(async (q: { projectId: string }) =>
      briefing({
        until: 900,
        mentions:
          q.projectId === 'prj_1'
            ? [
                { threadId: 'itm_1', at: 600 },
                { threadId: 'itm_2', at: 700 },
              ]
            : [],
      }),
    );
    bridge.notify.show.mockImplementation(async () => ({
      ok: true,
      data: { shown: false, reason: 'macOS shows notifications only from signed apps.' },
    }));
    const said: string[] = [];
    const unsubscribe = useNotice.subscribe((st) => st.notice && said.push(st.notice.text));
    const n = startNotifier({ intervalMs: 1e9, now: () => clock });
    await n.tick();
    await n.tick();
    await n.tick();
    n.stop();
    expect(bridge.notify.show).toHaveBeenCalledTimes(2);
    unsubscribe();
    expect(said).toEqual(['A desktop notification was not shown: macOS shows notifications only from signed apps.']);
    expect(createInboxStorage('conn-1').notifiedKeys().size).toBe(2);
  });
});
