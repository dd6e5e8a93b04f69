import {
  mutationOptions,
  queryOptions,
  skipToken,
  useMutation,
  useMutationState,
  useQuery,
} from '@tanstack/react-query';
import type { WhatsNewResponse } from '#shared/reader/index.js';
import { getBridge } from '../../../bridge/index.js';
import { bridgeErrorOf, connectionKey, fromBridge, queryProblem } from '../../../server-state/query-client.js';
import { failure, type Failure } from '../../../stores/failure.js';
import { useSession } from '../../../stores/session-store.js';
import { PRESET_TEXT, type BriefingPreset } from '../model/briefing-presets.js';
import { detailsOf, planDetailQueries, type ThreadDetail } from '../model/new-thread-details.js';
import { useWhatsNew, type BriefingAsk } from './whats-new-store.js';

export interface Briefing {
  preset: BriefingPreset;
  data: WhatsNewResponse;
}

/** Who opened the new threads and when, read after the briefing (see new-thread-details). */
export type Details =
  | { kind: 'loading' }
  | { kind: 'ready'; byId: ReadonlyMap<string, ThreadDetail> }
  | { kind: 'failed'; problem: Failure };

const briefingKey = (connectionId: string | null | undefined, projectId: string) =>
  connectionKey(connectionId, 'reports-whats-new', projectId);

/**
 * The last briefing read of a project. Only a briefing the person asked for fills it (see
 * briefingMutation): reading one moves the service's bookmark, so nothing reads it on its own.
 */
function lastBriefingQuery(connectionId: string | null | undefined, projectId: string) {
  // Kept for the session: coming back to a project shows the briefing last read there.
  return queryOptions<Briefing>({
    queryKey: briefingKey(connectionId, projectId),
    queryFn: skipToken,
    gcTime: Infinity,
  });
}

/**
 * Asking for a briefing is a write as much as a read: without a start it reads from the
 * service's bookmark and moves it. Its answer becomes the project's last briefing, and where
 * "since my last briefing" starts next.
 */
export function briefingMutation(connectionId: string | null | undefined, projectId: string) {
  return mutationOptions({
    mutationKey: briefingKey(connectionId, projectId),
    // One at a time per project: each moves the bookmark the next one starts from.
    scope: { id: JSON.stringify(briefingKey(connectionId, projectId)) },
    mutationFn: async (ask: BriefingAsk): Promise<Briefing> => ({
      preset: ask.preset,
      data: await fromBridge(
        getBridge().api.whatsNew(ask.since === undefined ? { projectId } : { projectId, since: String(ask.since) }),
      ),
    }),
    onSuccess: (briefing, ask, _context, { client }) => {
      client.setQueryData(lastBriefingQuery(connectionId, projectId).queryKey, briefing);
      useWhatsNew.getState().briefed(connectionId, projectId, ask, briefing.data.until);
    },
  });
}

/**
 * Who opened a briefing's new threads, and when: the fewest items-list requests that cover
 * them. Keyed by the briefing's window, so details read for an earlier briefing never show.
 */
export function newThreadDetailsQuery(
  connectionId: string | null | undefined,
  projectId: string,
  data: WhatsNewResponse | null,
) {
  const queries = data ? planDetailQueries(data.newThreads) : [];
  return queryOptions({
    queryKey: connectionKey(connectionId, 'reports-whats-new', projectId, 'details', data?.since, data?.until),
    queryFn:
      data && queries.length > 0
        ? async (): Promise<ReadonlyMap<string, ThreadDetail>> => {
            const answers = await Promise.all(
              queries.map((q) => fromBridge(getBridge().api.listItems({ projectId, ...q }))),
            );
            return detailsOf(
              answers.map((a) => a.items),
              new Set(data.newThreads.map((t) => t.id)),
            );
          }
        : skipToken,
    staleTime: Infinity,
  });
}

interface BriefingState {
  briefing: Briefing | null;
  /** Null while there is no briefing or it has no new thread. */
  details: Details | null;
  /** The preset of the briefing being read, or null. */
  loading: BriefingPreset | null;
  problem: Failure | null;
  /** Reads the briefing the chosen preset describes. */
  brief(now?: number): void;
}

/** The project's briefing on the What's new tab. */
export function useBriefing(projectId: string): BriefingState {
  const connectionId = useSession((s) => s.active?.connection.id);
  const options = briefingMutation(connectionId, projectId);
  const { mutate } = useMutation(options);
  const briefing = useQuery(lastBriefingQuery(connectionId, projectId)).data ?? null;
  // The newest ask decides what the tab says; an older one that failed is no longer news.
  const latest = useMutationState({
    filters: { mutationKey: options.mutationKey, exact: true },
    select: (m) => m.state,
  }).at(-1);
  const asked = latest?.variables as BriefingAsk | undefined;
  const details = useQuery(newThreadDetailsQuery(connectionId, projectId, briefing?.data ?? null));
  return {
    briefing,
    details: !briefing || briefing.data.newThreads.length === 0 ? null : detailsState(details),
    loading: latest?.status === 'pending' && asked ? asked.preset : null,
    problem:
      latest?.status === 'error' && asked
        ? failure(`Could not get the briefing (${PRESET_TEXT[asked.preset].span})`, bridgeErrorOf(latest.error))
        : null,
    brief(now) {
      const ask = useWhatsNew.getState().ask(now);
      if (ask) mutate(ask);
    },
  };
}

function detailsState(query: { data?: ReadonlyMap<string, ThreadDetail>; error: unknown }): Details {
  const problem = queryProblem('Could not read who opened the new threads, and when', query);
  if (problem) return { kind: 'failed', problem };
  return query.data ? { kind: 'ready', byId: query.data } : { kind: 'loading' };
}
