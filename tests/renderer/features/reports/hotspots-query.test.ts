import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asBridge, fakeBridge, type FakeBridge } from '../../support/fake-bridge.js';

let bridge: FakeBridge;
vi.mock('../../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { fileThreadsQuery, hotspotsQuery } =
  await import('../../../../src/renderer/features/reports/stores/hotspots-query.js');
const { bridgeErrorOf } = await import('../../../../src/renderer/server-state/query-client.js');

const ok = <T>(data: T) => ({ ok: true as const, data });
let client: QueryClient;
beforeEach(() => {
  bridge = fakeBridge();
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

describe('hotspots query', () => {
  it('ranks every file of the project, and lists a file’s threads with only the filters given', async () => {
    bridge.api.findBySource!.mockResolvedValue(ok({ mode: 'matches', coverage: { threads: 1, stamped: 1 } }));
    await client.fetchQuery(hotspotsQuery('c1', 'p1'));
    expect(bridge.api.findBySource).toHaveBeenLastCalledWith({ projectId: 'p1', limit: 200 });
    await client.fetchQuery(
      fileThreadsQuery('c1', 'p1', 'src/ui/Button.tsx', { line: null, component: '', status: '' }),
    );
    expect(bridge.api.findBySource).toHaveBeenLastCalledWith({
      projectId: 'p1',
      file: 'src/ui/Button.tsx',
      limit: 200,
    });
    await client.fetchQuery(
      fileThreadsQuery('c1', 'p1', 'src/ui/Button.tsx', { line: 30, component: '', status: 'open' }),
    );
    expect(bridge.api.findBySource).toHaveBeenLastCalledWith({
      projectId: 'p1',
      file: 'src/ui/Button.tsx',
      limit: 200,
      line: 30,
      status: 'open',
    });
    await client.fetchQuery(
      fileThreadsQuery('c1', 'p1', 'src/ui/Button.tsx', { line: null, component: 'Button', status: '' }),
    );
    expect(bridge.api.findBySource).toHaveBeenLastCalledWith({
      projectId: 'p1',
      file: 'src/ui/Button.tsx',
      limit: 200,
      component: 'Button',
    });
  });

  it('keeps an answer until refreshed: asking again within the connection asks nothing', async () => {
    bridge.api.findBySource!.mockResolvedValue(ok({ mode: 'ranked', coverage: { threads: 1, stamped: 1 }, files: [] }));
    await client.fetchQuery(hotspotsQuery('c1', 'p1'));
    await client.fetchQuery(hotspotsQuery('c1', 'p1'));
    expect(bridge.api.findBySource).toHaveBeenCalledTimes(1);
    // Another connection's answer is never shown for this one.
    await client.fetchQuery(hotspotsQuery('c2', 'p1'));
    expect(bridge.api.findBySource).toHaveBeenCalledTimes(2);
  });

  it('fails with the bridge’s own error', async () => {
    bridge.api.findBySource!.mockResolvedValue({
      ok: false as const,
      error: { kind: 'network', message: 'The service did not answer.' },
    });
    const error = await client.fetchQuery(hotspotsQuery('c1', 'p1')).catch((e: unknown) => e);
    expect(bridgeErrorOf(error)).toEqual({ kind: 'network', message: 'The service did not answer.' });
  });
});
