import type { Project } from '#shared/reader/index.js';
import { getBridge } from '../../bridge/index.js';
import { projectListQuery } from '../../server-state/project-list.js';
import { queryClient } from '../../server-state/query-client.js';
import { explain } from '../../stores/notice-store.js';
import { useSession } from '../../stores/session-store.js';
import { NOTIFY_TICK_MS, notificationsFrom, projectForTick } from './inbox-model.js';
import { createInboxStorage } from './inbox-storage.js';
import { refreshInbox } from './inbox-query.js';

/**
 * Desktop notifications for new assignments to the person and mentions of them. Each tick
 * asks about one project (round-robin) with the briefing endpoint and `since` (so the
 * person's bookmark never moves): one request every 20 s, three a minute, however many
 * projects there are. The first look at a project only sets where the next one starts.
 * Off unless turned on for the connection in the inbox.
 */
const PROJECTS_TTL_MS = 10 * 60_000;

interface Notifier {
  /** One round: what the interval runs. Exposed for tests. */
  tick(): Promise<void>;
  stop(): void;
}

export function startNotifier(opts: { intervalMs?: number; now?: () => number } = {}): Notifier {
  const now = opts.now ?? Date.now;
  let tickNo = 0;
  let running = false;
  let toldWhyNotShown = false;

  /** The project picker's list, read again when older than PROJECTS_TTL_MS; null when it could not be read. */
  async function projectsOf(connectionId: string): Promise<Project[] | null> {
    return queryClient.fetchQuery({ ...projectListQuery(connectionId), staleTime: PROJECTS_TTL_MS }).catch(() => null);
  }

  async function tick(): Promise<void> {
    const connectionId = useSession.getState().active?.connection.id;
    if (!connectionId || running) return;
    const storage = createInboxStorage(connectionId);
    if (!storage.notificationsOn()) return;
    running = true;
    try {
      const list = await projectsOf(connectionId);
      const project = list && projectForTick(list, tickNo++);
      if (!project) return;
      const checked = storage.checkedUntil();
      const since = checked[project.id];
      if (since === undefined) {
        storage.saveCheckedUntil({ ...checked, [project.id]: now() });
        return;
      }
      const r = await getBridge().api.whatsNew({ projectId: project.id, since: String(since) });
      if (!r.ok) return; // the status bar already says when the service is unreachable; the next round tries again
      const seen = storage.notifiedKeys();
      const fresh = notificationsFrom(project, r.data, seen);
      for (const n of fresh) {
        const shown = await getBridge().notify.show({ itemId: n.itemId, title: n.title, body: n.body });
        // Said once a session: the entry is in For Me either way, and a tick comes every 20 s.
        const reason = shown.ok ? shown.data.reason : shown.error.message;
        if ((!shown.ok || !shown.data.shown) && reason && !toldWhyNotShown) {
          toldWhyNotShown = true;
          explain(`A desktop notification was not shown: ${reason}`);
        }
        seen.add(n.key);
      }
      storage.saveNotifiedKeys(seen);
      // A lean answer may not say until when it read: then it read up to about now.
      storage.saveCheckedUntil({ ...storage.checkedUntil(), [project.id]: r.data.until ?? Date.now() });
      if (fresh.length > 0) refreshInbox(connectionId);
    } finally {
      running = false;
    }
  }

  const timer = setInterval(() => void tick(), opts.intervalMs ?? NOTIFY_TICK_MS);
  return { tick, stop: () => clearInterval(timer) };
}
