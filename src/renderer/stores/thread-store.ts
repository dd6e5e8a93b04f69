import { create } from 'zustand';
import type { ReadOutput } from '#shared/reader/index.js';
import type { BridgeError } from '#shared/bridge/errors.js';
import { bridgeErrorOf, queryClient } from '../server-state/query-client.js';
import { threadDetailKey, threadDetailQuery, type ThreadDetail } from '../server-state/thread-detail.js';
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

/** A thread read this recently (by the evidence views, or the panel itself) opens without asking again. */
export const REUSE_READ_MS = 10_000;

/**
 * The thread's detail through the query cache, where the evidence views keep theirs: a read
 * from the last REUSE_READ_MS is used (unless this app wrote to the thread since: writes mark
 * it stale, below); `fresh` always asks. A reply's ID is answered with the thread it belongs to.
 */
async function readThread(
  connectionId: string | undefined,
  itemId: string,
  fresh: boolean,
): Promise<{ ok: true; item: ThreadDetail; notice: string | null } | { ok: false; error: BridgeError }> {
  const read = (id: string) =>
    queryClient.fetchQuery({ ...threadDetailQuery(connectionId, id), staleTime: fresh ? 0 : REUSE_READ_MS });
  try {
    return { ok: true, item: await read(itemId), notice: null };
  } catch (e) {
    const error = bridgeErrorOf(e);
    if (!error.parentId || error.parentId === itemId) return { ok: false, error };
    try {
      const notice = `${itemId} is a reply, not a thread, so the thread it belongs to is shown instead.`;
      return { ok: true, item: await read(error.parentId), notice };
    } catch (parentError) {
      return { ok: false, error: bridgeErrorOf(parentError) };
    }
  }
}

/** `inPlace`: a refresh of the thread on screen — its notice stays, and a failed refetch keeps it visible. */
async function fetchInto(itemId: string, options: { inPlace?: boolean } = {}): Promise<void> {
  const keptNotice = options.inPlace ? useThread.getState().notice : null;
  // The previous thread's detail stays in the store until the next arrives; the panel shows the
  // new thread's title from its list row meanwhile, with its actions disabled (ThreadPanel).
  const connectionId = useSession.getState().active?.connection.id;
  useThread.setState({ itemId, loading: true, problem: null, notice: keptNotice });
  const res = await readThread(connectionId, itemId, options.inPlace === true);
  // The panel moved on (another thread, or closed) while this one was read.
  if (useThread.getState().itemId !== itemId) return;
  if (res.ok) {
    useThread.setState({ item: res.item, loading: false, notice: res.notice ?? keptNotice });
  } else {
    const item = options.inPlace ? useThread.getState().item : null;
    useThread.setState({
      item,
      loading: false,
      notice: keptNotice,
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
    set({ itemId: null, item: null, loading: false, problem: null, notice: null, trail: [] });
  },
}));

/**
 * Any write to the thread on screen (a reply, status, assignment, a merge into or of it)
 * refetches it, whoever wrote it: the board's keys, bulk actions or the thread's own buttons.
 */
onItemsChanged((change) => {
  // A read from before this app's write is not reused: marked stale, asked again when next wanted.
  const connectionId = useSession.getState().active?.connection.id;
  for (const written of [...(change.patched ?? []).map((p) => p.id), ...(change.removed ?? [])]) {
    void queryClient.invalidateQueries({
      queryKey: threadDetailKey(connectionId, written),
      exact: true,
      refetchType: 'none',
    });
  }
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
