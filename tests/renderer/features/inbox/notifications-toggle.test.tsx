// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationsToggle } from '../../../../src/renderer/features/inbox/NotificationsToggle.js';
import { useInbox } from '../../../../src/renderer/features/inbox/inbox-store.js';
import { useNotice } from '../../../../src/renderer/stores/notice-store.js';
import { asBridge, fakeBridge, type FakeBridge } from '../../support/fake-bridge.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let bridge: FakeBridge;
vi.mock('../../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

let root: Root;
let host: HTMLElement;
const setNotifications = vi.fn();
beforeEach(() => {
  bridge = { ...fakeBridge(), mode: 'electron' } as unknown as FakeBridge;
  useInbox.setState({ setNotifications });
  useNotice.setState({ notice: null });
  setNotifications.mockClear();
  host = document.createElement('div');
  root = createRoot(host);
  act(() => root.render(<NotificationsToggle on={false} />));
});
afterEach(() => act(() => root.unmount()));

const click = async () => {
  await act(async () => host.querySelector('input')!.click());
};

describe('turning desktop notifications on in the desktop app', () => {
  it('turns them on when the system can show them', async () => {
    bridge.notify.availability.mockResolvedValue({ ok: true, data: { available: true, reason: null } });
    await click();
    expect(setNotifications).toHaveBeenCalledWith(true);
    expect(useNotice.getState().notice).toBeNull();
  });

  it('stays off and says why when the system cannot (an unsigned macOS build)', async () => {
    const reason = 'This copy of Triage Desk is not signed, and macOS shows notifications only from signed apps.';
    bridge.notify.availability.mockResolvedValue({ ok: true, data: { available: false, reason } });
    await click();
    expect(setNotifications).not.toHaveBeenCalled();
    expect(useNotice.getState().notice?.text).toBe(reason);
  });

  it('stays off and says what failed when the question itself fails', async () => {
    bridge.notify.availability.mockResolvedValue({
      ok: false,
      error: { kind: 'bad_request', message: 'Refused: this call did not come from the Triage Desk window.' },
    });
    await click();
    expect(setNotifications).not.toHaveBeenCalled();
    expect(useNotice.getState().notice?.text).toMatch(/^Refused/);
  });
});
