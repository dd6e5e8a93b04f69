import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TriageBridge } from '#shared/bridge/channels.js';
import {
  answeringBootCalls,
  BOOT_ANSWER_MS,
  dropBootAnswers,
  firstRowsQuery,
  startBootCalls,
} from '../../../src/renderer/bridge/boot-calls.js';

const ok = <T>(data: T) => ({ ok: true as const, data });
const refused = { ok: false as const, error: { kind: 'network' as const, message: 'The service is not answering' } };

/** A bridge whose calls count themselves: each answer says which call it was. */
function countingBridge() {
  let n = 0;
  const active = vi.fn(async () => ok({ call: ++n }));
  const listItems = vi.fn(async (q: unknown) => ok({ call: ++n, q }));
  const getItem = vi.fn(async () => ok({ call: ++n }));
  const activate = vi.fn(async () => ok({ call: ++n }));
  const bridge = {
    connections: { active, activate, add: vi.fn(), remove: vi.fn(), signIn: vi.fn(), useFound: vi.fn(), list: vi.fn() },
    api: { listItems, getItem },
    app: { takeOpenItem: vi.fn() },
  };
  return { bridge: bridge as unknown as TriageBridge, active, listItems, getItem, activate };
}

const BOARD = '#/p/prj_1/board?status=open';

beforeEach(() => {
  dropBootAnswers();
  vi.useRealTimers();
});

describe('firstRowsQuery', () => {
  it("is the load's first request for a project's workspace, whatever its view and filters", () => {
    expect(firstRowsQuery(BOARD)).toEqual({ projectId: 'prj_1', limit: 200 });
    expect(firstRowsQuery('#/p/prj_1/table?q=login&thread=itm_9')).toEqual({ projectId: 'prj_1', limit: 200 });
  });

  it('is nothing for an address that does not show a project’s threads', () => {
    for (const hash of ['', '#/projects', '#/connect', '#/item/itm_1', '#/p/prj_1/reports', '#/p/prj_1/dedupe', '#/p/'])
      expect(firstRowsQuery(hash)).toBeNull();
  });
});

describe('boot calls', () => {
  it('sends the connection and the first rows at once, and settles once both are answered', async () => {
    const b = countingBridge();
    await startBootCalls(b.bridge, BOARD);
    expect(b.active).toHaveBeenCalledTimes(1);
    expect(b.listItems).toHaveBeenCalledWith({ projectId: 'prj_1', limit: 200 });
  });

  it('sends only the connection when the address shows no project', async () => {
    const b = countingBridge();
    await startBootCalls(b.bridge, '#/projects');
    expect(b.active).toHaveBeenCalledTimes(1);
    expect(b.listItems).not.toHaveBeenCalled();
  });

  it('gives its answer to the identical call, once; later calls ask the bridge', async () => {
    const b = countingBridge();
    await startBootCalls(b.bridge, BOARD);
    const app = answeringBootCalls(b.bridge);
    // Written in another order, the same arguments are the same call.
    expect(await app.api.listItems({ limit: 200, projectId: 'prj_1' })).toEqual(
      ok({ call: 2, q: { projectId: 'prj_1', limit: 200 } }),
    );
    expect(await app.connections.active()).toEqual(ok({ call: 1 }));
    expect(b.listItems).toHaveBeenCalledTimes(1);
    expect(b.active).toHaveBeenCalledTimes(1);
    await app.api.listItems({ projectId: 'prj_1', limit: 200 });
    await app.connections.active();
    expect(b.listItems).toHaveBeenCalledTimes(2);
    expect(b.active).toHaveBeenCalledTimes(2);
  });

  it('answers a call with other arguments from the bridge, and keeps its own answer for the identical one', async () => {
    const b = countingBridge();
    await startBootCalls(b.bridge, BOARD);
    const app = answeringBootCalls(b.bridge);
    await app.api.listItems({ projectId: 'prj_1', limit: 200, status: 'open' });
    await app.api.listItems({ projectId: 'prj_2', limit: 200 });
    expect(b.listItems).toHaveBeenCalledTimes(3);
    expect(await app.api.listItems({ projectId: 'prj_1', limit: 200 })).toEqual(
      ok({ call: 2, q: { projectId: 'prj_1', limit: 200 } }),
    );
  });

  it('never serves a failed answer: the call is made again', async () => {
    const b = countingBridge();
    b.listItems.mockResolvedValueOnce(refused as never);
    await startBootCalls(b.bridge, BOARD);
    const answer = await answeringBootCalls(b.bridge).api.listItems({ projectId: 'prj_1', limit: 200 });
    expect(answer.ok).toBe(true);
    expect(b.listItems).toHaveBeenCalledTimes(2);
  });

  it('waits for an answer still on its way instead of asking again', async () => {
    const b = countingBridge();
    let answer!: (v: unknown) => void;
    b.listItems.mockImplementationOnce(() => new Promise((done) => (answer = done)) as never);
    void startBootCalls(b.bridge, BOARD);
    const taken = answeringBootCalls(b.bridge).api.listItems({ projectId: 'prj_1', limit: 200 });
    answer(ok({ early: true }));
    expect(await taken).toEqual(ok({ early: true }));
    expect(b.listItems).toHaveBeenCalledTimes(1);
  });

  it(`serves nothing older than ${BOOT_ANSWER_MS / 1000} s`, async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const b = countingBridge();
    await startBootCalls(b.bridge, BOARD);
    vi.setSystemTime(1_000_000 + BOOT_ANSWER_MS + 1);
    await answeringBootCalls(b.bridge).api.listItems({ projectId: 'prj_1', limit: 200 });
    expect(b.listItems).toHaveBeenCalledTimes(2);
  });

  it('forgets its answers once the connections change: the rows may be another connection’s', async () => {
    const b = countingBridge();
    await startBootCalls(b.bridge, BOARD);
    const app = answeringBootCalls(b.bridge);
    await app.connections.activate('c2');
    await app.api.listItems({ projectId: 'prj_1', limit: 200 });
    await app.connections.active();
    expect(b.listItems).toHaveBeenCalledTimes(2);
    expect(b.active).toHaveBeenCalledTimes(2);
  });

  it('passes every other call straight through', async () => {
    const b = countingBridge();
    await startBootCalls(b.bridge, BOARD);
    const app = answeringBootCalls(b.bridge);
    await app.api.getItem({ itemId: 'itm_1' });
    expect(b.getItem).toHaveBeenCalledWith({ itemId: 'itm_1' });
    expect(app.app).toBe(b.bridge.app);
  });
});
