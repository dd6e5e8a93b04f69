import { create } from 'zustand';
import type { ReadOutput } from '#shared/reader/index.js';
import { getBridge } from '../bridge/index.js';
import { keepThreadDetail, lastThreadRead, type ThreadDetail } from '../server-state/thread-detail.js';
import { useSession } from './session-store.js';
import { failure, goneWithTheConnection, type Failure } from './failure.js';
import { onItemsChanged } from '../server-state/items-sync.js';
import { onReconnected } from './network-store.js';

interface ThreadState {
  /** The thread asked for (null: panel closed). */
  itemId: string | null;
  item: ReadOutput<'getItem'> | null;
  loading: boolean;
  problem: Failure | null;
  /** Why a different thread than the one asked for is shown (a reply's ID, a merged duplicate). */
  notice: string | null;
  /** Threads visited before this one in the panel, for "Back". */
  trail: string[];

  open(itemId: string, options?: { via?: 'duplicate' }): Promise<void>;
  /** Refetches the thread on screen in place (after a write), keeping the trail. */
  refresh(): Promise<void>;
  back(): Promise<void>;
  close(): void;
}

let requestSeq = 0;

/** A thread read this recently (by the evidence views, or the panel itself) opens without asking again. */
export const REUSE_READ_MS = 10_000;
/** When each thread was last written by this app: a read from before it is not reused. */
const writtenAt = new Map<string, number>();

/** The thread's last read, if it is recent and no write of this app came after it. */
function reusableRead(connectionId: string | undefined, itemId: string): ThreadDetail | null {
  const read = lastThreadRead(connectionId, itemId);
  if (!read || Date.now() - read.readAt > REUSE_READ_MS) return null;
  const written = writtenAt.get(itemId);
  return written === undefined || read.readAt > written ? read.detail : null;
}

/** `inPlace`: a refresh of the thread on screen — its notice stays, and a failed refetch keeps it visible. */
async function fetchInto(itemId: string, options: { inPlace?: boolean } = {}): Promise<void> {
  const seq = ++requestSeq;
  const keptNotice = options.inPlace ? useThread.getState().notice : null;
  // The previous thread's detail stays in the store until the next arrives; the panel shows the
  // new thread's title from its list row meanwhile, with its actions disabled (ThreadPanel).
  const connectionId = useSession.getState().active?.connection.id;
  const recent = options.inPlace ? null : reusableRead(connectionId, itemId);
  if (recent) {
    useThread.setState({ itemId, item: recent, loading: false, problem: null, notice: keptNotice });
    return;
  }
  useThread.setState({ itemId, loading: true, problem: null, notice: keptNotice });

  const api = getBridge().api;
  let res = await api.getItem({ itemId });
  let notice: string | null = keptNotice;
  if (!res.ok && res.error.parentId && res.error.parentId !== itemId) {
    notice = `${itemId} is a reply, not a thread, so the thread it belongs to is shown instead.`;
    res = await api.getItem({ itemId: res.error.parentId });
  }
  if (seq !== requestSeq) return;
  if (res.ok) {
    keepThreadDetail(connectionId, res.data);
    useThread.setState({ item: res.data, loading: false, notice });
  } else {
    const item = options.inPlace ? useThread.getState().item : null;
    useThread.setState({
      item,
      loading: false,
      notice,
      problem: failure(options.inPlace ? 'Could not refresh the thread' : 'Could not open the thread', res.error),
    });
  }
}

export const useThread = create<ThreadState>()((set, get) => ({
  itemId: null,
  item: null,
  loading: false,
  problem: null,
  notice: null,
  trail: [],

  async open(itemId, options = {}) {
    const current = get().item?.id ?? get().itemId;
    const trail = options.via === 'duplicate' && current && current !== itemId ? [...get().trail, current] : [];
    set({ trail });
    await fetchInto(itemId);
  },

  async refresh() {
    const id = get().item?.id ?? get().itemId;
    if (id) await fetchInto(id, { inPlace: true });
  },

  async back() {
    const trail = get().trail;
    const previous = trail[trail.length - 1];
    if (!previous) return;
    set({ trail: trail.slice(0, -1) });
    await fetchInto(previous);
  },

  close() {
    requestSeq++;
    set({ itemId: null, item: null, loading: false, problem: null, notice: null, trail: [] });
  },
}));

/**
 * Any write to the thread on screen (a reply, status, assignment, a merge into or of it)
 * refetches it, whoever wrote it: the board's keys, bulk actions or the thread's own buttons.
 */
onItemsChanged((change) => {
  const now = Date.now();
  for (const p of change.patched ?? []) writtenAt.set(p.id, now);
  for (const removed of change.removed ?? []) writtenAt.set(removed, now);
  const id = useThread.getState().item?.id;
  if (!id) return;
  const touched = change.patched?.some((p) => p.id === id) || change.removed?.includes(id);
  if (touched) void useThread.getState().refresh();
});

/**
 * A thread that could not open (or refresh) because the service was away opens by itself once
 * it answers again: its error would otherwise stay under a "Connected" status line.
 */
onReconnected(() => {
  const { itemId, item, problem } = useThread.getState();
  if (!itemId || !problem || !goneWithTheConnection(problem)) return;
  void fetchInto(itemId, { inPlace: item?.id === itemId });
});
