import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type z } from 'zod';
import { ENDPOINTS, type EndpointName } from '#shared/api/index.js';
import { READERS, readAnswer, type ReadOutput } from '#shared/reader/index.js';
import { innerSchemaOf } from '#shared/reader/tolerant.js';
import { briefFromDetail, briefFromRow } from '../../src/renderer/server-state/item-lookup.js';
import { decisionsMarkdown } from '../../src/renderer/features/reports/model/decisions-markdown.js';
import { pageExport } from './features/reports/fixtures.js';
import {
  coverageText,
  fileSummaryText,
  hotspotRows,
  noHotspotsText,
} from '../../src/renderer/features/reports/model/hotspots-model.js';
import { firstPage } from '../../src/renderer/features/reports/model/paging.js';
import { reviewMarkdown } from '../../src/renderer/features/reports/model/review-markdown.js';
import {
  pageChartRows,
  peopleChartRows,
  spanDays,
  statusChartRows,
  typeChartRows,
} from '../../src/renderer/features/reports/model/review-model.js';
import { briefingSections } from '../../src/renderer/features/reports/model/whats-new-model.js';
import { whatsNewMarkdown } from '../../src/renderer/features/reports/model/whats-new-markdown.js';
import { AnchorSection } from '../../src/renderer/features/thread/AnchorSection.js';
import { EvidenceSection } from '../../src/renderer/features/thread/EvidenceSection.js';
import { SourceSection } from '../../src/renderer/features/thread/SourceSection.js';
import { ThreadFacts } from '../../src/renderer/features/thread/ThreadFacts.js';
import { ThreadMessages } from '../../src/renderer/features/thread/ThreadMessages.js';
import { DecisionCard } from '../../src/renderer/features/reports/decisions/DecisionCard.js';
import { BriefingView } from '../../src/renderer/features/reports/whats-new/BriefingView.js';
import { UnreadableNotice } from '../../src/renderer/components/UnreadableNotice.js';
import { buildInbox, notificationsFrom } from '../../src/renderer/features/inbox/inbox-model.js';
import { ReportsContext } from '../../src/renderer/features/reports/components/reports-context.js';
import { columnOrder, firstCard, groupByStatus, nextFocus } from '../../src/renderer/stores/board-model.js';
import { filterRows, NO_FILTERS } from '../../src/renderer/stores/filter-model.js';
import { compareNewestFirst, summarizeRows } from '../../src/renderer/server-state/load-project-items.js';
import { agentTaskSortValue, compareAgentTask, compareStatus } from '../../src/renderer/features/table/sorting.js';

/**
 * The reader against answers it has never seen: start from complete, valid answers of our
 * own service (one per endpoint, over real HTTP), then drop any field but an id or the
 * envelope that makes it this API's answer, null any field, put an unknown value where an
 * enumeration is, make times fractional or later than a Date can hold, add unknown fields. The reader must accept every
 * such answer and the renderer's models and views must produce their output from it.
 */

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = (string | number)[];

/** The field without which an answer is not this endpoint's (see docs/api-decisions.md "How the client reads"). */
const ENVELOPE: Record<EndpointName, string[]> = {
  listWorkspaces: ['workspaces'],
  listProjects: ['projects'],
  listMembers: ['members'],
  listItems: ['items'],
  getItem: ['id'],
  postUpdate: ['pinId'],
  createItem: ['pinId'],
  setStatus: ['status', 'changed'],
  assign: ['assignedTo', 'changed'],
  mergeItems: ['merged'],
  saveRule: ['saved'],
  whatsNew: ['counts'],
  review: ['counts'],
  decisions: ['decisions'],
  findBySource: ['mode', 'files', 'items'],
  findSimilar: ['candidates'],
};

const ENUM_KEYS = new Set(['status', 'role', 'agentTask', 'mode', 'outcome', 'reason', 'delegatedMode', 'where']);
const TIME_KEYS = /At$|^at$|^since$|^until$/;

function paths(value: Json, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...prefix, i], ...paths(v, [...prefix, i])]);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...paths(v, [...prefix, k])]);
  return [];
}

function getAt(value: Json, path: Path): Json | undefined {
  let v: Json | undefined = value;
  for (const k of path) v = v !== null && typeof v === 'object' ? (v as Record<string | number, Json>)[k] : undefined;
  return v;
}

type Op = 'drop' | 'null' | 'enum' | 'fraction' | 'farTime' | 'extra' | 'wrongType';

/** Applies one mutation in place (on a copy); returns false when it doesn't apply there. */
function mutate(root: Json, path: Path, op: Op, name: EndpointName): boolean {
  const key = path.at(-1)!;
  const parent = getAt(root, path.slice(0, -1));
  if (parent === null || typeof parent !== 'object' || parent === undefined) return false;
  const holder = parent as Record<string | number, Json>;
  const top = path.length === 1 && ENVELOPE[name].includes(String(key));
  const current = holder[key];
  switch (op) {
    case 'drop':
      if (top || key === 'id' || Array.isArray(parent)) return false;
      delete holder[key];
      return true;
    case 'null':
      if (top) return false;
      holder[key] = null;
      return true;
    case 'enum':
      if (typeof key !== 'string' || !ENUM_KEYS.has(key) || typeof current !== 'string') return false;
      holder[key] = 'zz-new-value';
      return true;
    case 'fraction':
      if (typeof key !== 'string' || !TIME_KEYS.test(key) || typeof current !== 'number') return false;
      holder[key] = current + 0.25;
      return true;
    case 'farTime':
      // A finite number no Date can hold (beyond ±8.64e15 ms): dates from it must not throw.
      if (typeof key !== 'string' || !TIME_KEYS.test(key) || typeof current !== 'number') return false;
      holder[key] = 1e18;
      return true;
    case 'extra':
      if (current === null || typeof current !== 'object' || Array.isArray(current)) return false;
      (current as Record<string, Json>)['zzUnknownField'] = { nested: [1, 'two'] };
      return true;
    case 'wrongType':
      if (top || key === 'id') return false;
      holder[key] = typeof current === 'string' ? 12345 : 'not-what-you-expect';
      return true;
  }
}

const OPS: Op[] = ['drop', 'null', 'enum', 'fraction', 'farTime', 'extra', 'wrongType'];

const inReports = (el: ReturnType<typeof createElement>) =>
  createElement(
    ReportsContext.Provider,
    { value: { projectId: 'p_web', projectName: 'Web', openThread: () => undefined, canSaveRules: true } },
    el,
  );

/** Everything the renderer derives from each answer, run to the end. */
function useAnswer<N extends EndpointName>(name: N, data: ReadOutput<N>): void {
  const html = (el: ReturnType<typeof createElement>) => renderToStaticMarkup(el);
  html(createElement(UnreadableNotice, { problems: data.unreadable }));
  switch (name) {
    case 'listItems': {
      const d = data as ReadOutput<'listItems'>;
      const rows = [...d.items].sort(compareNewestFirst);
      const columns = groupByStatus(rows);
      columnOrder(columns);
      nextFocus(columns, firstCard(columns), 'right');
      summarizeRows(rows);
      buildInbox([{ project: { id: 'p_web', name: 'Web' }, assigned: rows, briefing: null }], new Set());
      filterRows(
        rows,
        { ...NO_FILTERS, status: 'open', type: 'bug', assignee: 'me' },
        { meId: 'u_owner', textMatches: null },
      );
      for (const r of rows) {
        briefFromRow(r);
        compareStatus(r.status, 'open');
        compareAgentTask(agentTaskSortValue(r.agentTask), 'fix');
      }
      break;
    }
    case 'getItem': {
      const item = data as ReadOutput<'getItem'>;
      briefFromDetail(item);
      html(createElement(ThreadFacts, { item }));
      html(createElement(EvidenceSection, { item }));
      html(createElement(AnchorSection, { item }));
      html(createElement(SourceSection, { item }));
      html(createElement(ThreadMessages, { root: item.thread.root, replies: item.thread.replies }));
      break;
    }
    case 'whatsNew': {
      const d = data as ReadOutput<'whatsNew'>;
      briefingSections(d);
      const project = { id: 'p_web', name: 'Web' };
      buildInbox([{ project, assigned: [], briefing: d }], new Set());
      notificationsFrom(project, d, new Set());
      html(
        inReports(
          createElement(BriefingView, {
            briefing: { data: d, preset: 'last-briefing' },
            details: { kind: 'ready', byId: new Map() },
          }),
        ),
      );
      whatsNewMarkdown({ projectName: 'Web', generatedAt: 0, preset: 'last-days', data: d, details: new Map() });
      break;
    }
    case 'review': {
      const d = data as ReadOutput<'review'>;
      typeChartRows(d.byType);
      statusChartRows(d.counts);
      pageChartRows(d.byPage);
      peopleChartRows(d.people);
      spanDays(d.span);
      const sections = {
        resolved: firstPage(d.resolved ?? [], d.pages.resolved),
        deferred: firstPage(d.deferred ?? [], d.pages.deferred),
        open: firstPage(d.open ?? [], d.pages.open),
        discussions: firstPage(d.discussions ?? [], d.pages.discussions),
      };
      reviewMarkdown({ projectName: 'Web', generatedAt: 0, overview: d, sections });
      break;
    }
    case 'decisions': {
      const d = data as ReadOutput<'decisions'>;
      decisionsMarkdown({ projectName: 'Web', generatedAt: 0, ...pageExport(d) });
      d.decisions.forEach((decision, i) =>
        html(
          inReports(
            createElement(DecisionCard, {
              decision,
              number: i + 1,
              onDraftRule: () => undefined,
              ruleBlocked: null,
              ruleBlockedId: 'r',
            }),
          ),
        ),
      );
      break;
    }
    case 'findBySource': {
      const d = data as ReadOutput<'findBySource'>;
      coverageText(d.coverage);
      noHotspotsText(d.coverage);
      hotspotRows(d.files ?? []);
      if (d.summary) fileSummaryText(d.summary);
      break;
    }
    default:
      break;
  }
}

/** What this test uses of the service test harness (tests/server/support). */
interface Running {
  get(path: string, token: string): Promise<{ body: unknown }>;
  post(path: string, body: unknown, token: string): Promise<{ body: unknown }>;
  close(): Promise<void>;
}

/**
 * The reference service is node code outside the renderer's type project; it is loaded at
 * run time (vitest runs in node) through module names the renderer's type check doesn't follow.
 */
async function startReferenceService(): Promise<{ server: Running; token: string }> {
  const from = (file: string) => new URL(`../server/support/${file}`, import.meta.url).href;
  const harness = (await import(/* @vite-ignore */ from('harness.ts'))) as {
    startServer(fixture: unknown): Promise<Running>;
  };
  const world = (await import(/* @vite-ignore */ from('reports-world.ts'))) as { reportsWorld(): unknown };
  const tokens = (await import(/* @vite-ignore */ from('world.ts'))) as { TOKENS: { owner: string } };
  return { server: await harness.startServer(world.reportsWorld()), token: tokens.TOKENS.owner };
}

let s: Running;
const answers = new Map<EndpointName, Json>();

beforeAll(async () => {
  const started = await startReferenceService();
  s = started.server;
  const t = started.token;
  const get = async (path: string) => (await s.get(`/api/v1${path}`, t)).body as Json;
  const post = async (path: string, body: unknown) => (await s.post(`/api/v1${path}`, body, t)).body as Json;
  answers.set('listWorkspaces', await get('/workspaces'));
  answers.set('listProjects', await get('/projects'));
  answers.set('listMembers', await get('/members?projectId=p_web'));
  answers.set('listItems', await get('/items?projectId=p_web&limit=200'));
  answers.set('getItem', await get('/items/it_1'));
  answers.set('whatsNew', await get('/whats-new?projectId=p_web&since=0'));
  answers.set('review', await get('/review?projectId=p_web'));
  answers.set('decisions', await get('/decisions?projectId=p_web'));
  answers.set('findBySource', await get('/source?projectId=p_web'));
  answers.set('findSimilar', await post('/similar', { itemId: 'it_1', limit: 20 }));
  answers.set('postUpdate', await post('/items/update', { itemId: 'it_2', body: 'Looking into it' }));
  answers.set(
    'createItem',
    await post('/items/create', { projectId: 'p_web', url: 'https://web.example/new', body: 'A new thread' }),
  );
  answers.set('setStatus', await post('/items/status', { itemId: 'it_2', status: 'deferred' }));
  answers.set('assign', await post('/items/assign', { itemId: 'it_2', assignee: 'me' }));
  answers.set('mergeItems', await post('/items/merge', { itemId: 'it_1', duplicateIds: ['it_4'] }));
  answers.set('saveRule', await post('/rules', { projectId: 'p_web', rule: 'Typos in prices are bugs.' }));
  // The samples must be complete, valid answers of the strict contract, or the properties prove little.
  for (const [name, body] of answers) expect(ENDPOINTS[name].response.safeParse(body).success, name).toBe(true);
});

afterAll(async () => {
  await s?.close();
});

const NAMES = Object.keys(ENDPOINTS) as EndpointName[];

/** Keys the strict schema declares, as dotted paths (arrays as []), through objects, arrays, unions and wrappers. */
function declaredKeys(schema: z.ZodType, prefix = ''): string[] {
  const inner = innerSchemaOf(schema);
  if (inner) return declaredKeys(inner.schema, inner.list ? `${prefix}[].` : prefix);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  switch (def['type']) {
    case 'object': {
      const shape = def['shape'] as Record<string, z.ZodType>;
      return Object.entries(shape).flatMap(([k, v]) => [`${prefix}${k}`, ...declaredKeys(v, `${prefix}${k}.`)]);
    }
    case 'array':
      return declaredKeys(def['element'] as z.ZodType, `${prefix}[].`);
    case 'union':
      return (def['options'] as z.ZodType[]).flatMap((o) => declaredKeys(o, prefix));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'catch':
    case 'readonly':
      return declaredKeys(def['innerType'] as z.ZodType, prefix);
    case 'pipe':
      return [...declaredKeys(def['in'] as z.ZodType, prefix), ...declaredKeys(def['out'] as z.ZodType, prefix)];
    default:
      return [];
  }
}

describe('reader and strict contract stay in step', () => {
  it.each(NAMES)('%s: every field the strict contract declares is one the reader reads', (name) => {
    const strict = new Set(declaredKeys(ENDPOINTS[name].response));
    const reader = new Set(declaredKeys(READERS[name]));
    // Write answers are read by their essential fields only when a key is named in a refine (status/assign).
    const missing = [...strict].filter((k) => !reader.has(k));
    expect(missing).toEqual([]);
  });

  it.each(NAMES)('%s: a complete answer of our service reads back with every declared value', (name) => {
    const body = answers.get(name)!;
    const read = readAnswer(name, body);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.data.unreadable).toEqual([]);
    const strict = ENDPOINTS[name].response.parse(body) as Json;
    // Every value the strict contract gives reads the same, except where the reader normalizes on purpose.
    for (const path of paths(strict)) {
      const expected = getAt(strict, path);
      if (expected === null || typeof expected === 'object') continue;
      const key = String(path.at(-1));
      const got = getAt(read.data as unknown as Json, path);
      // The reader reads item detail's repo {url} as the address itself, like a project's repo.
      if (path.join('.') === 'project.repo.url') {
        expect(getAt(read.data as unknown as Json, ['project', 'repo'])).toBe(expected);
        continue;
      }
      // The live service's names for the stamp keys, sent beside the contract's, are read as the contract's.
      const contractName = { skyId: 'stampId', skyKey: 'stampKey' }[key];
      if (path.at(-2) === 'anchor' && contractName) {
        expect(getAt(read.data as unknown as Json, [...path.slice(0, -1), contractName])).toBe(expected);
        continue;
      }
      if (expected === 0 && TIME_KEYS.test(key)) continue;
      expect({ path: path.join('.'), value: got }).toEqual({ path: path.join('.'), value: expected });
    }
  });
});

describe('reader properties: leaner, newer and odder answers read, and the views still render', () => {
  it.each(NAMES)('%s', (name) => {
    const base = answers.get(name)!;
    const all = paths(base);
    fc.assert(
      fc.property(
        fc.array(fc.record({ path: fc.constantFrom(...all), op: fc.constantFrom(...OPS) }), {
          minLength: 1,
          maxLength: 8,
        }),
        (mutations) => {
          const answer = structuredClone(base);
          for (const m of mutations) mutate(answer, m.path, m.op, name);
          const read = readAnswer(name, answer);
          if (!read.ok) throw new Error(`refused: ${read.reason}`);
          useAnswer(name, read.data);
        },
      ),
      { numRuns: 120, seed: 20261123 },
    );
  });
});
