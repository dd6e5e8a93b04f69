/**
 * Lean mode (`--shapes minimal`, docs/api-decisions.md "Lean mode"): the answers rewritten
 * to the minimal shapes the live service's own client is built to accept
 * (response-shapes.md "What the live client tolerates"), so a client can be tried against
 * a service that answers like the live one. Pure functions over parsed JSON, one per
 * endpoint; the full answers stay the reference and are never changed here.
 */
import type { EndpointName } from '#shared/api/index.js';

export type Json = Record<string, unknown>;

export const SHAPES = ['full', 'minimal'] as const;
export type Shapes = (typeof SHAPES)[number];

/** What a rewrite needs to know besides the answer itself. */
export interface LeanFacts {
  /** Threads of the answer's project that were never classified (type_source 'default'). */
  untyped: ReadonlySet<string>;
  /** Those of them inside the project's scan window, which the summaries count. */
  untypedInWindow: readonly { type: string; status: string }[];
  /** GET /decisions: the `since` asked for (ms), else null. */
  since: number | null;
}

export const NO_FACTS: LeanFacts = { untyped: new Set(), untypedInWindow: [], since: null };

export const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);

function pick(o: Json, keys: readonly string[]): Json {
  const out: Json = {};
  for (const k of keys) if (k in o) out[k] = o[k];
  return out;
}

function omit(o: Json, keys: readonly string[]): Json {
  const out: Json = { ...o };
  for (const k of keys) delete out[k];
  return out;
}

/**
 * A report Row: no lineSource or typeLabel; an untyped thread's type is null; reportCount counts
 * the thread's own report too, as the live client reads it (response-shapes.md, "What the live
 * agent client reads": 1 for a thread nothing was merged into).
 */
function row(r: Json, f: LeanFacts): Json {
  const out = omit(r, ['lineSource', 'typeLabel']);
  if (typeof r.id === 'string' && f.untyped.has(r.id)) out.type = null;
  if (typeof r.reportCount === 'number') out.reportCount = r.reportCount + 1;
  return out;
}

/** A report Message: no `via`; `at` 0 (unknown) when `olderThan` says it predates the window. */
function message(m: unknown, olderThan: number | null = null): Json | null {
  if (!isObject(m)) return null;
  const out = omit(m, ['via']);
  if (olderThan !== null && typeof m.at === 'number' && m.at < olderThan) out.at = 0;
  return out;
}

const rows = (v: unknown, f: LeanFacts, extra: (r: Json) => Json = () => ({})) =>
  list(v).map((r) => ({ ...row(r, f), ...extra(r) }));

/** Counts per type without the untyped threads (a type left with none disappears). */
function withoutUntyped<T>(counts: Map<string, T>, f: LeanFacts, take: (entry: T, status: string) => boolean): void {
  for (const t of f.untypedInWindow) {
    const entry = counts.get(t.type);
    if (entry !== undefined && take(entry, t.status)) counts.delete(t.type);
  }
}

// ---- directory ---------------------------------------------------------------------
function leanWorkspaces(body: Json): Json {
  return {
    workspaces: list(body.workspaces).map((w) => pick(w, ['id', 'name', 'role', 'projectCount'])),
    total: body.total,
    you: null,
  };
}

function leanProjects(body: Json): Json {
  return { ...body, projects: list(body.projects).map((p) => omit(p, ['lastActivityAt'])) };
}

function leanMembers(body: Json): Json {
  return { ...body, members: list(body.members).map((m) => ({ ...m, email: '' })) };
}

// ---- items -------------------------------------------------------------------------
function leanItems(body: Json, f: LeanFacts): Json {
  const summary = isObject(body.summary) ? omit(body.summary, ['deferred']) : body.summary;
  if (isObject(summary) && isObject(summary.byType)) {
    const byType = new Map(Object.entries(summary.byType).map(([k, n]) => [k, { n: Number(n) }]));
    withoutUntyped(byType, f, (e) => --e.n <= 0);
    summary.byType = Object.fromEntries([...byType].map(([k, e]) => [k, e.n]));
  }
  return {
    ...omit(body, ['capped', 'scanLimit']),
    summary,
    items: list(body.items).map((r) => {
      const assigned = typeof r.assigneeId === 'string' && r.assigneeId !== '';
      return {
        ...omit(r, ['excerptSource', 'reportCount', 'agentTask']),
        type: typeof r.id === 'string' && f.untyped.has(r.id) ? null : r.type,
        assignee: assigned ? r.assignee : null,
        assigneeId: assigned ? r.assigneeId : null,
      };
    }),
  };
}

const threadMessage = (m: unknown) => (isObject(m) ? pick(m, ['author', 'content', 'createdAt']) : m);

function leanItemDetail(body: Json): Json {
  const out = pick(body, [
    'id',
    'page',
    'url',
    'type',
    'status',
    'agentTask',
    'assignee',
    'thread',
    'anchor',
    'source',
    'evidence',
  ]);
  if (body.typeSource === 'default') out.type = null;
  if (isObject(body.thread))
    out.thread = { root: threadMessage(body.thread.root), replies: list(body.thread.replies).map(threadMessage) };
  if (isObject(body.anchor)) {
    // The full shape carries both names of the stamp keys; the live service sends only its own.
    const { stampId: _contractId, stampKey: _contractKey, ...anchor } = body.anchor;
    out.anchor = anchor;
  }
  if (isObject(body.source)) out.source = pick(body.source, ['file', 'line']);
  if (isObject(body.evidence)) {
    const e = body.evidence;
    out.evidence = { screenshotUrl: typeof e.screenshotUrl === 'string' ? e.screenshotUrl : null, expired: e.expired };
  }
  return out;
}

// ---- writes ------------------------------------------------------------------------
const leanPosted = (body: Json): Json => pick(body, ['pinId', 'postedAs']);
const leanStatus = (body: Json): Json => pick(body, ['status', 'changed']);
const leanAssign = (body: Json): Json => pick(body, ['assignedTo', 'changed']);
const leanMerge = (body: Json): Json => pick(body, ['merged', 'canonicalId']);
const leanRule = (body: Json): Json =>
  body.saved === true ? pick(body, ['saved', 'rule']) : pick(body, ['saved', 'duplicate']);

// ---- reports -----------------------------------------------------------------------
function leanWhatsNew(body: Json, f: LeanFacts): Json {
  return {
    ...body,
    newThreads: rows(body.newThreads, f),
    newReplies: rows(body.newReplies, f, (r) => ({ replies: list(r.replies).map((m) => message(m)) })),
    resolved: rows(body.resolved, f),
    deferred: rows(body.deferred, f),
    assignedToYou: rows(body.assignedToYou, f),
    mentionsYou: list(body.mentionsYou).map((m) => ({
      ...m,
      thread: isObject(m.thread) ? row(m.thread, f) : null,
      mention: message(m.mention),
    })),
  };
}

function leanReview(body: Json, f: LeanFacts): Json {
  const out: Json = { ...body };
  if (Array.isArray(body.byType)) {
    const byType = new Map(list(body.byType).map((t) => [String(t.key), { ...t }]));
    withoutUntyped(byType, f, (e, status) => {
      e.total = Number(e.total) - 1;
      if (status in e) e[status] = Number(e[status]) - 1;
      return Number(e.total) <= 0;
    });
    out.byType = [...byType.values()];
  }
  if ('resolved' in body) out.resolved = rows(body.resolved, f, (r) => ({ lastWord: message(r.lastWord) }));
  if ('deferred' in body) out.deferred = rows(body.deferred, f, (r) => ({ reason: message(r.reason) }));
  if ('open' in body) out.open = rows(body.open, f);
  if ('discussions' in body)
    out.discussions = rows(body.discussions, f, (r) => ({
      opening: message(r.opening),
      replies: list(r.replies).map((m) => message(m)),
    }));
  return out;
}

function leanDecisions(body: Json, f: LeanFacts): Json {
  const rules = isObject(body.rules) ? body.rules : {};
  const context =
    typeof rules.projectContext === 'string' && rules.projectContext.trim() !== '' ? rules.projectContext : null;
  return {
    ...body,
    rules: { projectContext: context },
    decisions: rows(body.decisions, f, (d) => ({
      question: message(d.question),
      conversation: list(d.conversation).map((m) => message(m, f.since)),
    })),
  };
}

function leanSource(body: Json, f: LeanFacts): Json {
  return 'items' in body ? { ...body, items: rows(body.items, f) } : body;
}

function leanSimilar(body: Json, f: LeanFacts): Json {
  return { ...body, candidates: rows(body.candidates, f) };
}

// ---- errors ------------------------------------------------------------------------
/**
 * Refusals keep the sentence and the fields the seed names: parentId, and the 403 billing
 * body (whose limit and used the live service may fill with numbers). Our own reason
 * codes and extra fields go.
 */
export function leanError(body: Json): Json {
  if (typeof body.error !== 'string') return body;
  const out: Json = { error: body.error };
  if (typeof body.parentId === 'string') out.parentId = body.parentId;
  if (body.kind === 'billing_limit')
    Object.assign(out, pick(body, ['kind', 'feature', 'reason', 'message']), { limit: 0, used: 0 });
  return out;
}

/** The rewrite of each endpoint's 200 answer. */
export const LEAN_ANSWERS: Record<EndpointName, (body: Json, f: LeanFacts) => Json> = {
  listWorkspaces: leanWorkspaces,
  listProjects: leanProjects,
  listMembers: leanMembers,
  listItems: leanItems,
  getItem: leanItemDetail,
  postUpdate: leanPosted,
  createItem: leanPosted,
  setStatus: leanStatus,
  assign: leanAssign,
  mergeItems: leanMerge,
  saveRule: leanRule,
  whatsNew: leanWhatsNew,
  review: leanReview,
  decisions: leanDecisions,
  findBySource: leanSource,
  findSimilar: leanSimilar,
};
