import { describe, expect, it } from 'vitest';
import type { ItemDetail } from '#shared/reader/index.js';
import type { ConnectionSummary, ConnectResult } from '#shared/bridge/channels.js';
import type { BridgeError, BridgeResult } from '#shared/bridge/errors.js';
import { parseRoute, routeToHash, type Route } from '../../../../src/renderer/app/route.js';
import { locateItem, type LocatePort } from '../../../../src/renderer/features/links/locate-item.js';

describe('thread addresses in the route', () => {
  it('carries the open thread in a project route, and a thread link on its own', () => {
    const routes: Route[] = [
      { screen: 'project', projectId: 'prj_1', view: 'board', filters: { status: 'open' }, threadId: 'itm_9' },
      { screen: 'project', projectId: 'prj_1', view: 'table', filters: {}, threadId: 'itm with/odd#chars' },
      { screen: 'item', itemId: 'itm_42' },
      { screen: 'item', itemId: 'itm/x?y#z' },
    ];
    for (const r of routes) expect(parseRoute(routeToHash(r))).toEqual(r);
    expect(routeToHash(routes[0]!)).toBe('#/p/prj_1/board?status=open&thread=itm_9');
    expect(routeToHash(routes[2]!)).toBe('#/item/itm_42');
  });

  it('drops an empty or oversized thread id rather than the whole route', () => {
    expect(parseRoute('#/p/prj_1/board?thread=')).toEqual({
      screen: 'project',
      projectId: 'prj_1',
      view: 'board',
      filters: {},
    });
    expect(parseRoute(`#/p/prj_1/board?thread=${'x'.repeat(300)}`)).toEqual({
      screen: 'project',
      projectId: 'prj_1',
      view: 'board',
      filters: {},
    });
    expect(parseRoute('#/item/')).toBeNull();
    expect(parseRoute('#/item/%E0%A4%A')).toBeNull();
  });
});

const conn = (id: string, label = id): ConnectionSummary => ({
  id,
  label,
  baseUrl: `https://${id}.example`,
  userName: 'Olivia',
  addedAt: 1,
  ephemeral: false,
  auth: 'token',
});
const connected = (id: string): ConnectResult => ({
  connection: conn(id),
  workspaces: [],
  you: { id: 'usr_1', name: 'Olivia' } as ConnectResult['you'],
});
const item = (id: string, projectId = 'prj_1') =>
  ({ id, project: { id: projectId, name: 'Checkout app', repo: null } }) as unknown as ItemDetail;
const err = (kind: BridgeError['kind'], message: string, extra: Partial<BridgeError> = {}) => ({
  ok: false as const,
  error: { kind, message, ...extra },
});

/** A fake bridge: which connection can see which thread, and a log of what was called. */
function world(opts: {
  active: string | null;
  saved: string[];
  sees: Record<string, string[]>;
  replies?: Record<string, string>;
  broken?: Record<string, BridgeError>;
}) {
  let active = opts.active;
  const calls: string[] = [];
  const port: LocatePort = {
    activeId: () => active,
    list: async () => ({ ok: true, data: opts.saved.map((s) => conn(s)) }),
    activate: async (id) => {
      calls.push(`activate ${id}`);
      if (opts.broken?.[id]) return { ok: false, error: opts.broken[id] };
      active = id;
      return { ok: true, data: connected(id) };
    },
    getItem: async (itemId): Promise<BridgeResult<ItemDetail>> => {
      calls.push(`get ${itemId} via ${active}`);
      const parent = opts.replies?.[itemId];
      if (parent) return err('validation', 'That ID is a reply.', { parentId: parent });
      return active && opts.sees[active]?.includes(itemId)
        ? { ok: true, data: item(itemId) }
        : err('not_found', 'No such thread.');
    },
  };
  return { port, calls, active: () => active };
}

describe('finding the connection a thread link belongs to', () => {
  it('opens it in the active connection when that one sees it', async () => {
    const w = world({ active: 'a', saved: ['a', 'b'], sees: { a: ['itm_1'] } });
    expect(await locateItem('itm_1', w.port)).toEqual({ ok: true, item: item('itm_1'), connection: null });
    expect(w.calls).toEqual(['get itm_1 via a']);
  });

  it('switches to the saved connection that sees it', async () => {
    const w = world({ active: 'a', saved: ['a', 'b', 'c'], sees: { c: ['itm_1'] } });
    const r = await locateItem('itm_1', w.port);
    expect(r).toEqual({ ok: true, item: item('itm_1'), connection: connected('c') });
    expect(w.calls).toEqual(['get itm_1 via a', 'activate b', 'get itm_1 via b', 'activate c', 'get itm_1 via c']);
  });

  it('follows a reply ID to its thread', async () => {
    const w = world({ active: 'a', saved: ['a'], sees: { a: ['itm_1'] }, replies: { rpl_1: 'itm_1' } });
    expect(await locateItem('rpl_1', w.port)).toMatchObject({ ok: true, item: { id: 'itm_1' } });
  });

  it('explains per connection when none can, and goes back to the one in use', async () => {
    const w = world({
      active: 'a',
      saved: ['a', 'b', 'c'],
      sees: {},
      broken: { c: { kind: 'keychain', message: 'The keychain is locked.' } },
    });
    const r = await locateItem('itm_1', w.port);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toMatch(
      /^None of your connections can open thread itm_1: the current connection cannot see it \(No such thread\); b cannot see it \(No such thread\); c: The keychain is locked\. Check the link/,
    );
    expect(w.active()).toBe('a');
    expect(r.connection).toEqual(connected('a'));
  });

  it('asks to connect first when nothing is saved', async () => {
    const w = world({ active: null, saved: [], sees: {} });
    expect(await locateItem('itm_1', w.port)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/connect to the service it belongs to first/),
    });
  });

  it('stops at an error that is not about access (the service is down), without switching', async () => {
    const w = world({ active: 'a', saved: ['a', 'b'], sees: {} });
    w.port.getItem = async () => err('network', 'The service is not answering.');
    expect(await locateItem('itm_1', w.port)).toMatchObject({
      ok: false,
      message: 'Could not open thread itm_1: The service is not answering.',
    });
    expect(w.calls).toEqual([]);
  });
});
