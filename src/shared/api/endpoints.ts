import { z } from 'zod';
import type { EndpointName } from './endpoint-names.js';
import { API_PREFIX } from './limits.js';
import * as rq from './requests.js';
import * as rs from './resources.js';
import * as rp from './reports.js';
import * as wr from './writes.js';

type Method = 'GET' | 'POST';

export interface EndpointDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: Method;
  /** Path under the API prefix; `{itemId}` is the only path parameter. */
  path: string;
  /** The seed's tool name for this endpoint. */
  tool: string;
  /** Who may call (the seed's Caller column). */
  caller: 'paid' | 'owner-admin';
  query?: Q;
  body?: B;
  response: R;
  summary: string;
}

const def = <const D extends EndpointDef>(d: D): D => d;

/** All 16 endpoints of the contract: the single table server, OpenAPI and client derive from. */
export const ENDPOINTS = {
  listWorkspaces: def({
    method: 'GET',
    path: '/workspaces',
    tool: 'list_workspaces',
    caller: 'paid',
    query: z.object({}),
    response: rs.WorkspacesResponse,
    summary: 'Workspaces the token reaches',
  }),
  listProjects: def({
    method: 'GET',
    path: '/projects',
    tool: 'list_projects',
    caller: 'paid',
    query: rq.ProjectsQuery,
    response: rs.ProjectsResponse,
    summary: 'Projects, most recent activity first',
  }),
  listMembers: def({
    method: 'GET',
    path: '/members',
    tool: 'list_members',
    caller: 'paid',
    query: rq.MembersQuery,
    response: rs.MembersResponse,
    summary: 'Members of a workspace',
  }),
  listItems: def({
    method: 'GET',
    path: '/items',
    tool: 'list_items',
    caller: 'paid',
    query: rq.ItemsQuery,
    response: rs.ItemsResponse,
    summary: 'Threads of a project, newest first',
  }),
  getItem: def({
    method: 'GET',
    path: '/items/{itemId}',
    tool: 'get_item',
    caller: 'paid',
    query: z.object({}),
    response: rs.ItemDetail,
    summary: 'One thread in full',
  }),
  postUpdate: def({
    method: 'POST',
    path: '/items/update',
    tool: 'post_update',
    caller: 'paid',
    body: rq.UpdateBody,
    response: wr.UpdateResponse,
    summary: 'Reply to a thread',
  }),
  createItem: def({
    method: 'POST',
    path: '/items/create',
    tool: 'create_item',
    caller: 'paid',
    body: rq.CreateBody,
    response: wr.CreateResponse,
    summary: 'Create a thread',
  }),
  setStatus: def({
    method: 'POST',
    path: '/items/status',
    tool: 'set_status',
    caller: 'paid',
    body: rq.StatusBody,
    response: wr.StatusResponse,
    summary: 'Set a thread status',
  }),
  assign: def({
    method: 'POST',
    path: '/items/assign',
    tool: 'assign',
    caller: 'paid',
    body: rq.AssignBody,
    response: wr.AssignResponse,
    summary: 'Assign or unassign a thread',
  }),
  mergeItems: def({
    method: 'POST',
    path: '/items/merge',
    tool: 'merge_items',
    caller: 'paid',
    body: rq.MergeBody,
    response: wr.MergeResponse,
    summary: 'Merge duplicates into a kept thread',
  }),
  saveRule: def({
    method: 'POST',
    path: '/rules',
    tool: 'save_rule',
    caller: 'owner-admin',
    body: rq.RuleBody,
    response: wr.RuleResponse,
    summary: 'Save a rule into the project context',
  }),
  whatsNew: def({
    method: 'GET',
    path: '/whats-new',
    tool: 'whats_new',
    caller: 'paid',
    query: rq.WhatsNewQuery,
    response: rp.WhatsNewResponse,
    summary: 'Briefing since the bookmark or a time',
  }),
  review: def({
    method: 'GET',
    path: '/review',
    tool: 'project_review',
    caller: 'paid',
    query: rq.ReviewQuery,
    response: rp.ReviewResponse,
    summary: 'Project review',
  }),
  decisions: def({
    method: 'GET',
    path: '/decisions',
    tool: 'decision_log',
    caller: 'paid',
    query: rq.DecisionsQuery,
    response: rp.DecisionsResponse,
    summary: 'Decision log',
  }),
  findBySource: def({
    method: 'GET',
    path: '/source',
    tool: 'find_by_source',
    caller: 'paid',
    query: rq.SourceQuery,
    response: rp.SourceResponse,
    summary: 'Threads by source file',
  }),
  findSimilar: def({
    method: 'POST',
    path: '/similar',
    tool: 'find_similar',
    caller: 'paid',
    body: rq.SimilarBody,
    response: rp.SimilarResponse,
    summary: 'Threads similar to text or a thread',
  }),
} as const satisfies Record<EndpointName, EndpointDef>;

export type Endpoints = typeof ENDPOINTS;
export type { EndpointName };

/** What a caller passes: the body for a POST, the query for a GET, and itemId for getItem. */
export type EndpointInput<N extends EndpointName> = N extends 'getItem'
  ? { itemId: string }
  : Endpoints[N] extends { body: infer B extends z.ZodType }
    ? z.input<B>
    : Endpoints[N] extends { query: infer Q extends z.ZodType }
      ? z.input<Q>
      : never;

export function endpointUrl(path: string): string {
  return `${API_PREFIX}${path}`;
}
