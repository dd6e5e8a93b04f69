import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asBridge, fakeBridge, type FakeBridge } from '../support/fake-bridge.js';

let bridge: FakeBridge;
vi.mock('../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { useNetwork, onReconnected, CHECK_TIME_LIMIT_MS } =
  await import('../../../src/renderer/stores/network-store.js');

const idle = { phase: 'idle' as const, queued: 0 };

describe('the status line never checks the connection for ever', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    bridge = fakeBridge();
    useNetwork.setState({ state: null, unknown: null });
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('says so after the time limit when no answer comes (a tab left open across a restart), and asks again on retry', async () => {
    bridge.network.state.mockImplementation(() => new Promise(() => undefined));
    stop = useNetwork.getState().watch();
    await vi.advanceTimersByTimeAsync(CHECK_TIME_LIMIT_MS - 1);
    expect(useNetwork.getState().unknown).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(useNetwork.getState().unknown).toBe('No answer about the connection after 10 seconds.');

    bridge.network.state.mockImplementation(async () => ({ ok: true, data: idle }));
    useNetwork.getState().check();
    expect(useNetwork.getState().unknown).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(useNetwork.getState().state).toEqual(idle);
    await vi.advanceTimersByTimeAsync(CHECK_TIME_LIMIT_MS);
    expect(useNetwork.getState().unknown).toBeNull();
  });

  it('a failed first answer is said at once, in the bridge’s words', async () => {
    bridge.network.state.mockImplementation(async () => ({
      ok: false,
      error: { kind: 'bad_request', message: 'This page has no session with the Triage Desk gateway.' },
    }));
    stop = useNetwork.getState().watch();
    await vi.advanceTimersByTimeAsync(0);
    expect(useNetwork.getState().unknown).toBe('This page has no session with the Triage Desk gateway.');
  });

  it('a pushed state clears the question and is not overwritten by a later initial answer', async () => {
    let answer: (v: unknown) => void = () => undefined;
    bridge.network.state.mockImplementation(() => new Promise((r) => (answer = r)));
    let push: (s: unknown) => void = () => undefined;
    bridge.network.subscribe.mockImplementation(((listener: (s: unknown) => void) => {
      push = listener;
      return () => undefined;
    }) as never);
    stop = useNetwork.getState().watch();
    const offline = { phase: 'offline', message: "Can't reach the service", since: 1 };
    push(offline);
    answer({ ok: true, data: idle });
    await vi.advanceTimersByTimeAsync(CHECK_TIME_LIMIT_MS);
    expect(useNetwork.getState().state).toEqual(offline);
    expect(useNetwork.getState().unknown).toBeNull();
  });
});

describe('the connection coming back', () => {
  it('is told once, at the first idle after offline, not for busy moments or an idle that was never offline', () => {
    bridge = fakeBridge();
    bridge.network.state.mockImplementation(() => new Promise(() => undefined));
    let push: (s: unknown) => void = () => undefined;
    bridge.network.subscribe.mockImplementation(((listener: (s: unknown) => void) => {
      push = listener;
      return () => undefined;
    }) as never);
    const stop = useNetwork.getState().watch();
    const told = vi.fn();
    const stopListening = onReconnected(told);
    push(idle);
    push({ phase: 'offline', queued: 0, message: "Can't reach the service" });
    push({ phase: 'busy', queued: 1 });
    expect(told).not.toHaveBeenCalled();
    push(idle);
    push(idle);
    expect(told).toHaveBeenCalledTimes(1);
    stopListening();
    push({ phase: 'offline', queued: 0, message: "Can't reach the service" });
    push(idle);
    expect(told).toHaveBeenCalledTimes(1);
    stop();
  });
});
