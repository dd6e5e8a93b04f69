import { create } from 'zustand';
import type { AddConnectionArgs, ConnectionSummary, ConnectResult } from '#shared/bridge/channels.js';
import { getBridge } from '../bridge/index.js';
import { failure, type Failure } from './failure.js';
import { explain } from './notice-store.js';

/** Saved connections and the one in use. */
interface SessionState {
  /** The active connection with the workspaces it reaches, or null before connecting. */
  active: ConnectResult | null;
  connections: ConnectionSummary[];
  /** Which action is in flight, so its button can say so and not be pressed twice. */
  busy: { action: 'start' | 'list' | 'add' | 'activate' | 'remove'; id?: string } | null;
  problem: Failure | null;
  /**
   * The name the service posts as for this connection, learnt from a write's `postedAs`.
   * A service whose token has no person (`you: null`) still says it there.
   */
  postedAs: string | null;
  notePostedAs(name: string | null): void;
  /** Asks the bridge for the active connection; true when there is one. */
  start(): Promise<boolean>;
  refreshList(): Promise<void>;
  add(args: AddConnectionArgs): Promise<boolean>;
  activate(id: string): Promise<boolean>;
  remove(id: string): Promise<void>;
  clearProblem(): void;
}

export const useSession = create<SessionState>()((set, get) => ({
  active: null,
  connections: [],
  busy: null,
  problem: null,
  postedAs: null,
  notePostedAs: (name) => {
    if (name) set({ postedAs: name });
  },

  async start() {
    set({ busy: { action: 'start' }, problem: null });
    const res = await getBridge().connections.active();
    set({ busy: null });
    if (!res.ok) {
      // Browser mode: a tab opened on a copied link has no session until a launch link gives it one.
      const title =
        res.error.reason === 'no_session'
          ? 'This tab is not connected to Triage Desk yet'
          : 'Could not restore your connection';
      set({ problem: failure(title, res.error) });
      return false;
    }
    set({ active: res.data, postedAs: null });
    return res.data !== null;
  },

  async refreshList() {
    const res = await getBridge().connections.list();
    if (res.ok) set({ connections: res.data });
    else set({ problem: failure('Could not list saved connections', res.error) });
  },

  async add(args) {
    set({ busy: { action: 'add' }, problem: null });
    const res = await getBridge().connections.add(args);
    set({ busy: null });
    if (!res.ok) {
      set({ problem: failure(`Could not connect to ${args.baseUrl.trim() || 'the service'}`, res.error) });
      return false;
    }
    set({ active: res.data, postedAs: null });
    // The service moved to its canonical address: the connection says which it keeps.
    if (res.data.notes?.length) explain(res.data.notes.join(' '));
    await get().refreshList();
    return true;
  },

  async activate(id) {
    set({ busy: { action: 'activate', id }, problem: null });
    const res = await getBridge().connections.activate(id);
    set({ busy: null });
    if (!res.ok) {
      const label = get().connections.find((c) => c.id === id)?.label ?? 'this connection';
      set({ problem: failure(`Could not switch to ${label}`, res.error) });
      return false;
    }
    set({ active: res.data, postedAs: null });
    return true;
  },

  async remove(id) {
    set({ busy: { action: 'remove', id }, problem: null });
    const res = await getBridge().connections.remove(id);
    set({ busy: null });
    if (!res.ok) {
      set({ problem: failure('Could not remove the connection', res.error) });
      return;
    }
    if (get().active?.connection.id === id) set({ active: null });
    await get().refreshList();
  },

  clearProblem: () => set({ problem: null }),
}));
