// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asBridge, fakeBridge, type FakeBridge } from '../../support/fake-bridge.js';
import { ok } from '../../support/bridge-results.js';
import { loadInbox, refreshInbox, useUnreadCount } from '../../../../src/renderer/features/inbox/inbox-query.js';
import { useInbox } from '../../../../src/renderer/features/inbox/inbox-store.js';
import { queryClient } from '../../../../src/renderer/server-state/query-client.js';
import { useSession } from '../../../../src/renderer/stores/session-store.js';
import type { ConnectResult } from '#shared/bridge/channels.js';
import { memoryStorage } from '../../support/memory-storage.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let bridge: FakeBridge;
vi.mock('../../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const mem = memoryStorage();
vi.stubGlobal('localStorage', mem);

const mentionOf = (threadId: string, at: number) => ({
  threadId,
  thread: { id: threadId, line: 'A thread', page: '/' },
  mention: { author: 'Cora', at, text: 'look' },
});
let mentions: ReturnType<typeof mentionOf>[];

function Unread() {
  return <output>{useUnreadCount()}</output>;
}

let root: Root;
let host: HTMLElement;
const shown = () => host.querySelector('output')!.textContent;
const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));

beforeEach(() => {
  mem.data.clear();
  queryClient.clear();
  mentions = [mentionOf('itm_a', 2000)];
  bridge = fakeBridge();
  bridge.api.listProjects!.mockImplementation(async () =>
    ok({ projects: [{ id: 'prj_1', name: 'Checkout' }], total: 1 }),
  );
  bridge.api.listItems!.mockImplementation(async () => ok({ items: [], matched: 0 }));
  bridge.api.whatsNew!.mockImplementation(async () =>
    ok({ since: 0, until: 5000, assignedToYou: [], mentionsYou: mentions }),
  );
  useSession.setState({ active: { connection: { id: 'conn-1' } } as ConnectResult });
  useInbox.setState({ connectionId: 'conn-1', read: new Set(), notificationsOn: false });
  host = document.createElement('div');
  root = createRoot(host);
  act(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <Unread />
      </QueryClientProvider>,
    ),
  );
});
afterEach(() => act(() => root.unmount()));

describe('the header’s unread count', () => {
  it('asks nothing of its own before the inbox was read', async () => {
    await settle();
    expect(shown()).toBe('0');
    expect(bridge.api.listProjects).not.toHaveBeenCalled();
    expect(bridge.api.whatsNew).not.toHaveBeenCalled();
  });

  it('counts what the inbox read, less what the person marked read', async () => {
    await act(() => loadInbox());
    await settle();
    expect(shown()).toBe('1');
    act(() => useInbox.getState().markRead('mention:itm_a:2000'));
    expect(shown()).toBe('0');
  });

  it('follows a refresh the notifier asks for, with the inbox screen closed', async () => {
    await act(() => loadInbox());
    await settle();
    expect(shown()).toBe('1');
    mentions = [mentionOf('itm_b', 3000), mentionOf('itm_a', 2000)];
    act(() => refreshInbox('conn-1'));
    await settle();
    await settle();
    expect(bridge.api.whatsNew).toHaveBeenCalledTimes(2);
    expect(shown()).toBe('2');
  });
});
