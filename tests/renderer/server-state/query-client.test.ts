import { afterEach, describe, expect, it, vi } from 'vitest';
import { asBridge, fakeBridge, type FakeBridge } from '../support/fake-bridge.js';

let bridge: FakeBridge = fakeBridge();
vi.mock('../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { queryClient, fromBridge, bridgeErrorOf, BridgeFailure, connectionKey } =
  await import('../../../src/renderer/server-state/query-client.js');
const { useNetwork } = await import('../../../src/renderer/stores/network-store.js');

const offline = { phase: 'offline' as const, message: "Can't reach the service", since: 1, queued: 0 };
const idle = { phase: 'idle' as const, queued: 0 };

describe('server state read through the bridge', () => {
  afterEach(() => queryClient.clear());

  it('a failed bridge result becomes a query error that keeps the bridge’s own error', async () => {
    const error = { kind: 'not_found' as const, message: 'No thread itm_9 here.', status: 404 };
    await expect(fromBridge(Promise.resolve({ ok: false, error }))).rejects.toBeInstanceOf(BridgeFailure);
    const caught = await fromBridge(Promise.resolve({ ok: false, error })).catch((e: unknown) => e);
    expect(bridgeErrorOf(caught)).toEqual(error);
    expect(await fromBridge(Promise.resolve({ ok: true, data: 7 }))).toBe(7);
    expect(bridgeErrorOf(new Error('boom'))).toEqual({ kind: 'bad_response', message: 'boom' });
  });

  it('keys start with the connection, so two connections never share an answer', () => {
    expect(connectionKey('c1', 'item', 'itm_1')).not.toEqual(connectionKey('c2', 'item', 'itm_1'));
    expect(connectionKey(null, 'x')).toEqual(['connection', 'none', 'x']);
  });

  it('when the service answers again, what failed for want of it is asked again and nothing else', async () => {
    let push: (s: unknown) => void = () => undefined;
    bridge = fakeBridge();
    bridge.network.subscribe.mockImplementation(((listener: (s: unknown) => void) => {
      push = listener;
      return () => undefined;
    }) as never);
    bridge.network.state.mockImplementation(async () => ({ ok: true, data: idle }));
    const stop = useNetwork.getState().watch();
    const unreachable = vi.fn(async () =>
      fromBridge<number>(
        Promise.resolve({ ok: false, error: { kind: 'network', message: "Can't reach the service." } }),
      ),
    );
    const missing = vi.fn(async () =>
      fromBridge<number>(Promise.resolve({ ok: false, error: { kind: 'not_found', message: 'Gone.' } })),
    );
    await queryClient.fetchQuery({ queryKey: ['a'], queryFn: unreachable }).catch(() => undefined);
    await queryClient.fetchQuery({ queryKey: ['b'], queryFn: missing }).catch(() => undefined);
    expect(unreachable).toHaveBeenCalledTimes(1);

    push(offline);
    push(idle);
    await vi.waitFor(() => expect(unreachable).toHaveBeenCalledTimes(2));
    expect(missing).toHaveBeenCalledTimes(1);
    stop();
  });
});
