import { isReportTab, type ReportTab } from '../features/reports/model/tabs.js';
import {
  filtersFromParams,
  filtersToParams,
  isWorkspaceView,
  type Filters,
  type WorkspaceView,
} from '../stores/filter-model.js';

/**
 * Where the app is, as the URL hash: `#/connect`, `#/projects`, or a project's workspace
 * with its view, filters and open thread, e.g. `#/p/prj_1/table?status=open&type=bug&thread=itm_9`.
 * Reload and back/forward restore it; anything unreadable parses to null (the app's default
 * screen). `#/item/<id>` is a thread's own address (like triage-desk://item/<id>): it opens
 * the thread in whichever saved connection can see it.
 */
export type Route =
  | { screen: 'connect' }
  | { screen: 'projects' }
  | { screen: 'inbox' }
  | { screen: 'project'; projectId: string; view: WorkspaceView; filters: Filters; threadId?: string }
  | { screen: 'item'; itemId: string }
  /** A project's reports, on one tab (`#/p/<id>/reports/trends`); none: the tab last open. */
  | { screen: 'reports'; projectId: string; tab?: ReportTab }
  | { screen: 'dedupe'; projectId: string };

const PROJECT_ID_MAX = 200;
const ITEM_ID_MAX = 200;
const THREAD_PARAM = 'thread';

function itemIdOrNull(raw: string | null | undefined): string | null {
  const id = raw?.trim();
  return id && id.length <= ITEM_ID_MAX ? id : null;
}

export function routeToHash(route: Route): string {
  switch (route.screen) {
    case 'connect':
      return '#/connect';
    case 'projects':
      return '#/projects';
    case 'inbox':
      return '#/inbox';
    case 'item':
      return `#/item/${encodeURIComponent(route.itemId)}`;
    case 'project': {
      const params = filtersToParams(route.filters);
      if (route.threadId) params.set(THREAD_PARAM, route.threadId);
      const query = params.toString();
      return `#/p/${encodeURIComponent(route.projectId)}/${route.view}${query ? `?${query}` : ''}`;
    }
    case 'reports':
      return `#/p/${encodeURIComponent(route.projectId)}/reports${route.tab ? `/${route.tab}` : ''}`;
    case 'dedupe':
      return `#/p/${encodeURIComponent(route.projectId)}/${route.screen}`;
  }
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function parseRoute(hash: string): Route | null {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const queryAt = body.indexOf('?');
  const path = queryAt === -1 ? body : body.slice(0, queryAt);
  const query = queryAt === -1 ? '' : body.slice(queryAt + 1);
  const parts = path.split('/').filter(Boolean);

  if (parts.length === 1 && parts[0] === 'connect') return { screen: 'connect' };
  if (parts.length === 1 && parts[0] === 'projects') return { screen: 'projects' };
  if (parts.length === 1 && parts[0] === 'inbox') return { screen: 'inbox' };
  if (parts.length === 2 && parts[0] === 'item') {
    const itemId = itemIdOrNull(decode(parts[1]!));
    return itemId ? { screen: 'item', itemId } : null;
  }
  if (parts[0] !== 'p' || parts.length < 2 || parts.length > 4) return null;

  const projectId = decode(parts[1]!)?.trim();
  if (!projectId || projectId.length > PROJECT_ID_MAX) return null;
  if (parts[2] === 'reports') {
    // An unknown tab keeps the project's reports rather than losing the address.
    const tab = parts[3];
    return isReportTab(tab) ? { screen: 'reports', projectId, tab } : { screen: 'reports', projectId };
  }
  if (parts.length > 3) return null;
  if (parts[2] === 'dedupe') return { screen: 'dedupe', projectId };
  // An unknown view falls back to the board rather than losing the project and filters.
  const view = isWorkspaceView(parts[2]) ? parts[2] : 'board';
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(query);
  } catch {
    params = new URLSearchParams();
  }
  const threadId = itemIdOrNull(params.get(THREAD_PARAM));
  return { screen: 'project', projectId, view, filters: filtersFromParams(params), ...(threadId ? { threadId } : {}) };
}
