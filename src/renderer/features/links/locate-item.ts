import type { ItemDetail } from '#shared/reader/index.js';
import type { ConnectionSummary, ConnectResult } from '#shared/bridge/channels.js';
import type { BridgeError, BridgeResult } from '#shared/bridge/errors.js';

/**
 * Which connection a thread link belongs to. A link (triage-desk://item/<id>, #/item/<id>)
 * names only the thread, so the active connection is asked first, then every other saved
 * connection in turn; the first that can read the thread wins. When none can, the answer
 * says, per connection, why — in words a person can act on.
 */
export interface LocatePort {
  activeId(): string | null;
  list(): Promise<BridgeResult<ConnectionSummary[]>>;
  activate(id: string): Promise<BridgeResult<ConnectResult>>;
  getItem(itemId: string): Promise<BridgeResult<ItemDetail>>;
}

type Located =
  | { ok: true; item: ItemDetail; connection: ConnectResult | null }
  | { ok: false; message: string; connection: ConnectResult | null };

/** Errors that mean "not this connection's thread": try the next one. */
const TRY_NEXT: ReadonlySet<BridgeError['kind']> = new Set(['not_found', 'forbidden', 'billing', 'auth']);

/** A sentence without its full stop, to sit inside another. */
const bare = (m: string) => m.trim().replace(/[.!]+$/, '');

async function readThread(port: LocatePort, itemId: string): Promise<BridgeResult<ItemDetail>> {
  const r = await port.getItem(itemId);
  // A reply's ID leads to its thread.
  if (!r.ok && r.error.parentId && r.error.parentId !== itemId) return port.getItem(r.error.parentId);
  return r;
}

export async function locateItem(itemId: string, port: LocatePort): Promise<Located> {
  const reasons: string[] = [];
  const originalId = port.activeId();
  if (originalId) {
    const r = await readThread(port, itemId);
    if (r.ok) return { ok: true, item: r.data, connection: null };
    if (!TRY_NEXT.has(r.error.kind))
      return { ok: false, message: `Could not open thread ${itemId}: ${r.error.message}`, connection: null };
    reasons.push(`the current connection cannot see it (${bare(r.error.message)})`);
  }

  const saved = await port.list();
  if (!saved.ok)
    return { ok: false, message: `Could not open thread ${itemId}: ${saved.error.message}`, connection: null };
  const others = saved.data.filter((c) => c.id !== originalId);
  let switched: ConnectResult | null = null;
  for (const c of others) {
    const activated = await port.activate(c.id);
    if (!activated.ok) {
      reasons.push(`${c.label}: ${bare(activated.error.message)}`);
      continue;
    }
    switched = activated.data;
    const r = await readThread(port, itemId);
    if (r.ok) return { ok: true, item: r.data, connection: activated.data };
    reasons.push(`${c.label} cannot see it (${bare(r.error.message)})`);
  }

  // Nothing could: go back to where the person was.
  let restored: ConnectResult | null = switched;
  if (switched && originalId) {
    const back = await port.activate(originalId);
    restored = back.ok ? back.data : switched;
  }
  if (!originalId && others.length === 0) {
    return {
      ok: false,
      message: `To open thread ${itemId}, connect to the service it belongs to first (no connection is saved).`,
      connection: restored,
    };
  }
  return {
    ok: false,
    message: `None of your connections can open thread ${itemId}: ${reasons.join('; ')}. Check the link, or add a connection whose token can see that project.`,
    connection: restored,
  };
}
