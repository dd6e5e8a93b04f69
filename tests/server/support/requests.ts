import { ENDPOINTS, endpointUrl, type EndpointName } from '#shared/api/index.js';
import type { Res, Running } from './harness.js';

/** Where in a world a request acts: a project, its workspace, and threads in it. */
export interface Target {
  workspaceId: string;
  projectId: string;
  /** An open thread that stays open (status writes set it to open). */
  itemId: string;
  /** A thread to keep in a merge, and one already merged into it (the merge changes nothing). */
  keepId: string;
  duplicateId: string;
  /** A page on the project's site. */
  url: string;
  /** Someone who may be assigned there. */
  assignee: string;
}

export interface ApiRequest {
  method: 'GET' | 'POST';
  /** Full path with the query string. */
  path: string;
  body?: unknown;
}

const withQuery = (path: string, query: Record<string, string>) => {
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
};

/**
 * A well-formed request for every endpoint, aimed at `target`. Writes are chosen to be
 * repeatable: status "open" on an open thread, a merge of an already merged thread, a
 * rule text unique per `tag` so each caller's save is new.
 */
export function validRequest(name: EndpointName, t: Target, tag = 'x'): ApiRequest {
  const def = ENDPOINTS[name];
  const url = endpointUrl(def.path);
  const get = (query: Record<string, string> = {}): ApiRequest => ({ method: 'GET', path: withQuery(url, query) });
  const post = (body: unknown): ApiRequest => ({ method: 'POST', path: url, body });
  switch (name) {
    case 'listWorkspaces':
      return get();
    case 'listProjects':
      return get({ workspaceId: t.workspaceId });
    case 'listMembers':
      return get({ workspaceId: t.workspaceId });
    case 'listItems':
      return get({ projectId: t.projectId, limit: '5' });
    case 'getItem':
      return { method: 'GET', path: endpointUrl(`/items/${encodeURIComponent(t.itemId)}`) };
    case 'postUpdate':
      return post({ itemId: t.itemId, body: `Checked by ${tag}.` });
    case 'createItem':
      return post({ projectId: t.projectId, url: t.url, body: `New thread from ${tag}` });
    case 'setStatus':
      return post({ itemId: t.itemId, status: 'open' });
    case 'assign':
      return post({ itemId: t.itemId, assignee: t.assignee });
    case 'mergeItems':
      return post({ itemId: t.keepId, duplicateIds: [t.duplicateId] });
    case 'saveRule':
      return post({ projectId: t.projectId, rule: `Rule number ${tag} keeps things tidy.` });
    case 'whatsNew':
      return get({ projectId: t.projectId, since: '2025-12-01' });
    case 'review':
      return get({ projectId: t.projectId });
    case 'decisions':
      return get({ projectId: t.projectId });
    case 'findBySource':
      return get({ projectId: t.projectId });
    case 'findSimilar':
      return post({ projectId: t.projectId, text: 'pay button misaligned' });
  }
}

export function send(s: Running, req: ApiRequest, token: string | null): Promise<Res> {
  return req.method === 'GET' ? s.get(req.path, token) : s.post(req.path, req.body, token);
}
