import type { z } from 'zod';
import type { EndpointName } from '../api/endpoint-names.js';
import * as rp from './reports.js';
import * as rs from './resources.js';
import type { ReadProblem } from './problems.js';
import { normaliseReportCounts, reportCountMemory, type ReportCountMemory } from './report-counts.js';
import { collectProblems, describeIssue } from './tolerant.js';
import * as wr from './writes.js';

export * from './reports.js';
export * from './resources.js';
export * from './writes.js';
export * from './problems.js';
export { reportCountMemory } from './report-counts.js';

/** The client's reader of each endpoint's answer (the server writes src/shared/api's strict ones). */
export const READERS = {
  listWorkspaces: rs.WorkspacesResponse,
  listProjects: rs.ProjectsResponse,
  listMembers: rs.MembersResponse,
  listItems: rs.ItemsResponse,
  getItem: rs.ItemDetail,
  postUpdate: wr.UpdateResponse,
  createItem: wr.CreateResponse,
  setStatus: wr.StatusResponse,
  assign: wr.AssignResponse,
  mergeItems: wr.MergeResponse,
  saveRule: wr.RuleResponse,
  whatsNew: rp.WhatsNewResponse,
  review: rp.ReviewResponse,
  decisions: rp.DecisionsResponse,
  findBySource: rp.SourceResponse,
  findSimilar: rp.SimilarResponse,
} as const satisfies Record<EndpointName, z.ZodType>;

/** What the renderer gets: the answer as read, and the parts that had to be left out. */
export type ReadOutput<N extends EndpointName> = z.output<(typeof READERS)[N]> & { unreadable: ReadProblem[] };

type ReadResult<N extends EndpointName> = { ok: true; data: ReadOutput<N> } | { ok: false; reason: string };

/**
 * Reads one answer; fails only when it isn't this endpoint's answer at all. `reportCounts` is
 * what the same service's earlier answers showed of how it counts reports (report-counts.ts);
 * a client keeps one per connection.
 */
export function readAnswer<N extends EndpointName>(
  name: N,
  json: unknown,
  reportCounts: ReportCountMemory = reportCountMemory(),
): ReadResult<N> {
  const { value, problems } = collectProblems(() => READERS[name].safeParse(json));
  if (!value.success) return { ok: false, reason: describeIssue(value.error, json) };
  const data = value.data as z.output<(typeof READERS)[N]>;
  normaliseReportCounts(json, data, reportCounts);
  return { ok: true, data: { ...data, unreadable: problems } };
}
