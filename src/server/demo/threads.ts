import type { AgentTask } from '#shared/api/index.js';
import type { FixtureImage, FixtureItem } from '../fixture/schema.js';
import {
  AGENT_NOTES_STAMPED,
  AGENT_NOTES_UNSTAMPED,
  DEFERRAL_NOTES,
  DISCUSSION,
  DISCUSSION_BY_TYPE,
  FIX_ARC,
  DUPLICATE_PREFIXES,
  DUPLICATE_SUFFIXES,
  GENERIC_TEMPLATES,
  REACTIONS,
  REOPEN_NOTES,
  RESOLUTION_NOTES,
  fill,
  type SlotContext,
} from './corpus.js';
import { captureFor, domContextFor } from './evidence.js';
import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  drawAgeMs,
  event,
  planTimeline,
  shortlyAfter,
  type FixtureEvent,
} from './history.js';
import type { Member } from './personas.js';
import type { ProjectPlan } from './projects.js';
import type { IdFactory, Rng } from './random.js';
import type { ElementSpec, PageSpec, TemplateSpec } from './site-model.js';
import { stampFor, type BuildHistory } from './source-stamps.js';

/**
 * Turns a project plan into threads: picks a page and element, writes the report from the
 * corpus, then lives the thread's history forward (replies, assignment, retyping, moves,
 * resolution or deferral) without ever passing `now`.
 */

type Item = FixtureItem;
type Message = FixtureItem['root'];

export interface ProjectContext {
  plan: ProjectPlan;
  now: number;
  rng: Rng;
  ids: IdFactory;
  members: Member[];
  /** Owner, admin and collaborator seats: the people who triage. */
  paid: Member[];
  builds: BuildHistory;
  linear: { next: number };
  templateCache: Map<string, TemplateSpec[]>;
}

export interface Placement {
  page: PageSpec;
  element: ElementSpec;
  chrome: boolean;
}

/** What a thread was made from, kept so near-duplicates can be written from the same parts. */
export interface GeneratedThread {
  item: Item;
  placement: Placement;
  template: TemplateSpec;
  memo: Map<string, string>;
}

type Role = 'normal' | 'duplicate' | 'near-duplicate';

const TASKS: readonly (readonly [AgentTask, number])[] = [
  ['investigate', 4],
  ['plan', 2],
  ['fix', 3],
  ['build', 1],
];
const MODES: readonly (readonly [AgentTask, number])[] = [
  ['investigate', 3],
  ['plan', 2],
  ['fix', 4],
  ['build', 1],
];
/**
 * An agent reads both the thread's task and its assignee's mode as instructions ("report back,
 * change nothing" / "build it and open a pull request"), so a thread with a task gives its
 * assignee that mode. The draw is still made, so the demo's other threads stay as they were.
 */
const assigneeModeOf = (agentTask: AgentTask | null, drawn: AgentTask | null): AgentTask | null =>
  drawn === null ? null : (agentTask ?? drawn);
const AGENTS: readonly (readonly [string, number])[] = [
  ['claude', 7],
  ['cursor', 2],
  ['codex', 1],
];
const REPLY_COUNTS: readonly (readonly [number, number])[] = [
  [0, 34],
  [1, 26],
  [2, 18],
  [3, 11],
  [4, 5],
  [5, 3],
  [6, 2],
  [8, 1],
];
/** Types the AI plausibly mistakes each type for. */
const AI_CONFUSIONS: Record<string, readonly string[]> = {
  bug: ['feedback', 'design', 'question'],
  design: ['bug', 'feedback'],
  copy: ['bug', 'feedback', 'design'],
  feedback: ['idea', 'design', 'bug'],
  idea: ['feedback', 'question'],
  question: ['bug', 'feedback'],
  accessibility: ['design', 'bug'],
  performance: ['bug', 'feedback'],
};
/** The personas are mentioned more than the rest so their mention feeds have content. */
const MENTION_BIAS: Record<string, number> = { olivia: 3, adam: 2, cora: 3, mia: 3, sam: 3 };

function pickPlacement(ctx: ProjectContext): Placement {
  const { rng } = ctx;
  const site = ctx.plan.site;
  const page = rng.weighted(site.pages.map((p) => [p, p.weight] as const));
  const chrome = site.chrome.length > 0 && rng.chance(site.chromeShare);
  const pool = chrome ? site.chrome : page.elements;
  const element = rng.weighted(pool.map((e) => [e, e.weight] as const));
  return { page, element, chrome };
}

function templatesFor(ctx: ProjectContext, placement: Placement, type: string): TemplateSpec[] {
  const key = `${placement.page.path}|${placement.element.key}|${type}`;
  let list = ctx.templateCache.get(key);
  if (!list) {
    const fits = (t: TemplateSpec) => t.type === type && (!t.kinds || t.kinds.includes(placement.element.kind));
    const own = placement.page.templates.filter(fits);
    // Page-specific sentences are weighted up by listing them several times.
    list = [...own, ...own, ...own, ...GENERIC_TEMPLATES.filter(fits)];
    ctx.templateCache.set(key, list);
  }
  return list;
}

function pickTemplate(ctx: ProjectContext, placement: Placement): TemplateSpec {
  for (let attempt = 0; attempt < 6; attempt++) {
    const list = templatesFor(ctx, placement, ctx.rng.weighted(ctx.plan.typeWeights));
    if (list.length > 0) return ctx.rng.pick(list);
  }
  return ctx.rng.pick(GENERIC_TEMPLATES.filter((t) => !t.kinds));
}

function slotContext(
  ctx: ProjectContext,
  placement: Placement,
  stamp: { component: string | null; file: string | null; line: number | null },
): SlotContext {
  const pages = ctx.plan.site.pages;
  const other =
    pages.length > 1 ? (pages.find((p) => p !== placement.page && p.weight >= 2) ?? pages[0]!) : placement.page;
  return {
    noun: placement.element.noun,
    text: placement.element.text,
    page: placement.page.noun,
    otherPage: other.noun,
    selector: placement.element.selector,
    ...stamp,
  };
}

function pickStatus(rng: Rng, ageDays: number): Item['status'] {
  const resolved = ageDays < 1 ? 0.05 : Math.min(0.72, 0.1 + (ageDays / 90) * 0.55);
  const deferred = ageDays < 1 ? 0.02 : Math.min(0.14, 0.03 + ageDays / 200);
  const r = rng.next();
  return r < resolved ? 'resolved' : r < resolved + deferred ? 'deferred' : 'open';
}

function otherThan(rng: Rng, pool: Member[], not: string): Member {
  const rest = pool.filter((m) => m.id !== not);
  return rng.pick(rest.length > 0 ? rest : pool);
}

function image(rng: Rng, title: string, withElement: boolean): FixtureImage {
  const width = rng.pick([800, 1024, 1280]);
  const height = Math.round(width * rng.pick([0.5625, 0.625, 0.75]));
  const spec: FixtureImage = { width, height, seed: rng.uint32() & 0x7fffffff, title };
  if (withElement) {
    const w = rng.range(0.15, 0.4);
    const h = rng.range(0.06, 0.2);
    spec.element = {
      x: Math.round(rng.range(0.05, 0.95 - w) * 1e4) / 1e4,
      y: Math.round(rng.range(0.15, 0.9 - h) * 1e4) / 1e4,
      w: Math.round(w * 1e4) / 1e4,
      h: Math.round(h * 1e4) / 1e4,
    };
  }
  return spec;
}

function lowerFirst(s: string): string {
  return s.length > 0 ? s[0]!.toLowerCase() + s.slice(1) : s;
}

interface ThreadRequest {
  role: Role;
  placement: Placement;
  template: TemplateSpec;
  createdAt: number;
  /** Slot values shared with the thread this one repeats (same browser, same typo). */
  memo?: Map<string, string>;
}

function generateThread(ctx: ProjectContext, req: ThreadRequest): GeneratedThread {
  const { rng, now, plan } = ctx;
  const { placement, template, createdAt, role } = req;
  const memo = req.memo ? new Map(req.memo) : new Map<string, string>();
  const id = ctx.ids.next('itm');
  const ageMs = now - createdAt;
  const ageDays = ageMs / DAY_MS;

  // Pins are sometimes moved to a neighbouring element after capture: evidence keeps the original.
  let current = placement.element;
  let movedAt: number | null = null;
  const siblings = placement.chrome ? [] : placement.page.elements.filter((e) => e !== placement.element);
  const moved = role === 'normal' && siblings.length > 0 && ageDays > 0.5 && rng.chance(0.012);
  if (moved) {
    current = rng.pick(siblings);
    movedAt = shortlyAfter(rng, createdAt, now, 2 * DAY_MS);
  }
  const currentPlacement: Placement = { ...placement, element: current };

  const stamped = plan.stampedWithinDays !== null && ageDays <= plan.stampedWithinDays;
  const stamp = stamped
    ? stampFor(plan.site, placement.page, current, placement.chrome, ctx.builds.at(ageMs), rng)
    : null;
  const slots = slotContext(ctx, placement, {
    component: stamp?.source.component ?? null,
    file: stamp?.source.file ?? null,
    line: stamp?.source.line ?? null,
  });

  // Authors: reviewers and collaborators report most; anyone in the workspace can.
  const author = rng.weighted(
    ctx.members.map((m) => [m, m.role === 'reviewer' ? 2 : m.role === 'collaborator' ? 1.5 : 1] as const),
  );
  let body = fill(template.body, slots, rng, memo);
  if (role !== 'normal') {
    const prefix = rng.pick(DUPLICATE_PREFIXES);
    const suffix = rng.pick(DUPLICATE_SUFFIXES);
    body = `${prefix}${prefix.endsWith(', ') || prefix.endsWith('but ') || prefix === 'FYI ' ? lowerFirst(body) : body}${suffix}`;
  }
  const rootMentions: string[] = [];
  if (rng.chance(0.04)) {
    const who = mentionTarget(ctx, author.id);
    body += ` @${who.name} can you take a look?`;
    rootMentions.push(who.id);
  }
  const root: Message = {
    id,
    authorId: author.id,
    body,
    createdAt,
    editedAt: rng.chance(0.06) ? shortlyAfter(rng, createdAt, now, 20 * MINUTE_MS, 0.3) : null,
    via: null,
    mentions: rootMentions,
  };

  // ---- status and conversation length
  const status: Item['status'] = role === 'normal' ? pickStatus(rng, ageDays) : 'open';
  const lively = role === 'normal' && rng.chance(plan.live > 500 ? 0.03 : 0.06);
  let replyCount: number;
  if (role === 'duplicate') replyCount = rng.chance(0.7) ? 0 : 1;
  else if (role === 'near-duplicate') replyCount = rng.int(0, 2);
  else replyCount = lively ? rng.int(10, 30) : rng.weighted(REPLY_COUNTS);
  const closes = status !== 'open';
  const timeline = planTimeline(rng, createdAt, now, replyCount, closes, lively);

  // A handful of people take part; replies alternate between them.
  const participants = [
    author,
    ...rng.sample(
      ctx.members.filter((m) => m.id !== author.id),
      rng.int(1, lively ? 5 : 3),
    ),
  ];
  const assignee = role !== 'duplicate' && rng.chance(status === 'resolved' ? 0.6 : 0.4) ? rng.pick(ctx.paid) : null;
  if (assignee && !participants.includes(assignee)) participants.push(assignee);
  const agentTask = role === 'normal' && rng.chance(0.1) ? rng.weighted(TASKS) : null;

  const replies: Message[] = [];
  let last = author.id;
  // Lines are dealt from a shuffled deck so long discussions do not repeat themselves.
  const pool = [...(DISCUSSION_BY_TYPE[template.type] ?? []), ...DISCUSSION];
  let deck: string[] = [];
  for (const at of timeline.replies) {
    const who = otherThan(rng, participants, last);
    last = who.id;
    const mentions: string[] = [];
    if (deck.length === 0) deck = rng.sample(pool, pool.length);
    let text = fill(deck.pop()!, slots, rng, memo);
    if (rng.chance(0.1)) {
      const target = mentionTarget(ctx, who.id);
      text = `@${target.name} ${text}`;
      mentions.push(target.id);
    }
    replies.push({
      id: ctx.ids.next('msg'),
      authorId: who.id,
      body: text,
      createdAt: at,
      editedAt: null,
      via: null,
      mentions,
    });
  }

  // Longer threads that end resolved show the fix being made, in order, just before the end.
  const closer = assignee ?? rng.pick(ctx.paid);
  let arcStart = replies.length;
  if (status === 'resolved' && replies.length >= 7 && rng.chance(0.6)) {
    const reviewer = otherThan(rng, participants, closer.id);
    const start = replies.length - FIX_ARC.length;
    arcStart = start;
    FIX_ARC.forEach(([text, byFixer], k) => {
      const r = replies[start + k]!;
      r.authorId = byFixer ? closer.id : reviewer.id;
      r.body = text;
      r.mentions = [];
    });
  }

  // Agent work shows up as a reply posted through the agent by the person who ran it.
  const agentNotes = stamp ? AGENT_NOTES_STAMPED : AGENT_NOTES_UNSTAMPED;
  const runner = assignee ?? rng.pick(ctx.paid);
  replies.forEach((r, i) => {
    if (i < arcStart && ((agentTask && i === 0) || rng.chance(0.02))) {
      r.authorId = runner.id;
      r.via = rng.weighted(AGENTS);
      r.body = fill(rng.pick(agentNotes), slots, rng, memo);
      r.mentions = [];
    }
  });
  if (agentTask && replies.length === 0 && rng.chance(0.6)) {
    replies.push({
      id: ctx.ids.next('msg'),
      authorId: runner.id,
      body: fill(rng.pick(agentNotes), slots, rng, memo),
      createdAt: shortlyAfter(rng, createdAt, timeline.closeAt ?? now, 3 * HOUR_MS),
      editedAt: null,
      via: rng.weighted(AGENTS),
      mentions: [],
    });
  }

  // ---- events
  const events: FixtureEvent[] = [];
  const closeAt = timeline.closeAt;
  const endOfWork = closeAt ?? now;
  if (assignee) {
    const by = rng.chance(0.35) ? assignee : rng.pick(ctx.paid.filter((m) => m.role !== 'collaborator'));
    events.push(event('assign', shortlyAfter(rng, createdAt, endOfWork, 12 * HOUR_MS, 0.4), by.id, null, assignee.id));
  }
  // The sentence's own type is the truth. A hand correction means the AI first guessed a
  // plausible wrong type and a person fixed it, which is what the decision log shows.
  const type = template.type;
  let typeSource = 'ai';
  const guesses = (AI_CONFUSIONS[type] ?? []).filter((t) => plan.typeWeights.some(([k]) => k === t));
  if (role === 'normal' && guesses.length > 0 && rng.chance(0.07)) {
    typeSource = 'manual';
    events.push(
      event(
        'type',
        shortlyAfter(rng, createdAt, endOfWork, 5 * HOUR_MS, 0.3),
        rng.pick(ctx.paid).id,
        rng.pick(guesses),
        type,
      ),
    );
  } else if (role === 'normal' && plan.rules.length > 0 && rng.chance(0.03)) {
    typeSource = 'rule';
  }
  if (moved && movedAt !== null) {
    events.push(event('move', movedAt, rng.pick(ctx.paid).id, placement.element.selector, current.selector));
  }

  let resolvedAt: number | null = null;
  if (closeAt !== null) {
    const explains = status === 'resolved' ? rng.chance(0.8) : rng.chance(0.75);
    if (explains) {
      const pool =
        status === 'resolved'
          ? (RESOLUTION_NOTES[type] ?? RESOLUTION_NOTES[template.type] ?? RESOLUTION_NOTES.bug!)
          : DEFERRAL_NOTES;
      const prev = replies[replies.length - 1]?.createdAt ?? createdAt;
      const at = Math.max(
        prev + 1000,
        closeAt - Math.min(rng.int(1, 20) * MINUTE_MS, Math.floor((closeAt - prev) / 2)),
      );
      replies.push({
        id: ctx.ids.next('msg'),
        authorId: closer.id,
        body: fill(rng.pick(pool), slots, rng, memo),
        createdAt: Math.min(at, closeAt),
        editedAt: null,
        via: null,
        mentions: [],
      });
    }
    events.push(event('status', closeAt, closer.id, 'open', status));
    if (status === 'resolved') resolvedAt = closeAt;
  } else if (role === 'normal' && replies.length >= 2 && ageDays > 10 && rng.chance(0.06)) {
    // Resolved once, then reopened by someone who still sees the problem.
    const lastReply = replies[replies.length - 1]!;
    const before = replies[replies.length - 2]!;
    const resolvedOnce = before.createdAt + Math.max(1000, Math.floor((lastReply.createdAt - before.createdAt) / 2));
    const reopener =
      participants.find((p) => p.role !== 'reviewer' && p.id !== lastReply.authorId) ?? rng.pick(ctx.paid);
    const fixer = assignee ?? rng.pick(ctx.paid);
    events.push(event('status', resolvedOnce, fixer.id, 'open', 'resolved'));
    events.push(event('status', lastReply.createdAt, reopener.id, 'resolved', 'open'));
    lastReply.authorId = reopener.id;
    lastReply.body = fill(rng.pick(REOPEN_NOTES), slots, rng, memo);
    lastReply.via = null;
    lastReply.mentions = [];
  }

  for (const r of replies) if (rng.chance(0.04)) r.editedAt = shortlyAfter(rng, r.createdAt, now, 30 * MINUTE_MS, 0.3);

  // ---- evidence, captured on the original element
  const capture = captureFor(placement.element, placement.page.title, rng);
  const selectedText = template.body.includes('{typo}')
    ? memoTypo(template, slots, rng, memo)
    : (type === 'copy' && rng.chance(0.3)) || rng.chance(0.04)
      ? current.text.split(' ').slice(0, 3).join(' ')
      : null;

  const withSummary = role === 'normal' && rng.chance(replies.length >= 3 ? 0.65 : 0.18);
  const reactions = rng.chance(role === 'normal' ? 0.22 : 0.05) ? reactionsFor(rng) : [];
  const attachments: Item['attachments'] = [];
  if (rng.chance(0.07)) {
    const onReply = replies.length > 0 && rng.chance(0.4);
    const from = onReply ? rng.pick(replies).authorId : author.id;
    attachments.push({
      authorId: from,
      where: onReply ? 'reply' : 'thread',
      image: image(rng, `Annotated — ${placement.page.title}`, rng.chance(0.7)),
    });
  }
  const linear: Item['linear'] = [];
  if (plan.linearPrefix && role === 'normal' && rng.chance(type === 'bug' || type === 'idea' ? 0.09 : 0.03)) {
    const identifier = `${plan.linearPrefix}-${ctx.linear.next++}`;
    const delegateName = rng.weighted([
      ['Claude', 4],
      ['Cursor', 2],
      [null, 4],
    ] as const);
    linear.push({
      identifier,
      url: `https://linear.app/acme/issue/${identifier}`,
      delegateName,
      delegatedMode: delegateName ? rng.weighted(TASKS) : null,
    });
  }
  const query = rng.chance(0.05) ? rng.pick(['?utm_source=newsletter', '?ref=nav', '?variant=b', '?plan=team']) : '';

  events.sort((a, b) => a.at - b.at);
  const item: Item = {
    id,
    projectId: plan.id,
    url: `${plan.siteUrl}${placement.page.path}${query}`,
    pageTitle: placement.page.title,
    type,
    typeSource,
    status,
    resolvedAt,
    agentTask,
    assigneeId: assignee?.id ?? null,
    assigneeMode: assigneeModeOf(agentTask, assignee && rng.chance(0.5) ? rng.weighted(MODES) : null),
    summary: withSummary ? fill(template.summary, slotContext(ctx, currentPlacement, slots), rng, memo) : null,
    duplicateOf: null,
    root,
    replies,
    events,
    anchor: {
      selector: current.selector,
      elementText: current.text,
      selectedText,
      stampId: stamp?.stampId ?? null,
      stampKey: stamp?.stampKey ?? null,
      viewport: capture.viewport,
    },
    source: stamp?.source ?? null,
    sourcePath: stamp?.sourcePath ?? null,
    movedAt,
    evidence: {
      screenshot: capture.screenshot,
      domContext: domContextFor(placement.element, rng),
      capturedAt: createdAt,
    },
    attachments,
    reactions,
    linear,
  };
  return { item, placement, template, memo };
}

function memoTypo(template: TemplateSpec, slots: SlotContext, rng: Rng, memo: Map<string, string>): string {
  return fill('{typo}', slots, rng, memo) || template.type;
}

function mentionTarget(ctx: ProjectContext, notId: string): Member {
  const pool = ctx.members.filter((m) => m.id !== notId);
  return ctx.rng.weighted(pool.map((m) => [m, MENTION_BIAS[m.key] ?? 1] as const));
}

function reactionsFor(rng: Rng): Item['reactions'] {
  const emojis = new Set<string>();
  const n = rng.int(1, 3);
  for (let i = 0; i < n; i++) emojis.add(rng.pick(REACTIONS));
  return [...emojis].map((emoji) => ({
    emoji,
    count: rng.weighted([
      [1, 5],
      [2, 3],
      [3, 2],
      [4, 1],
      [6, 1],
    ] as const),
  }));
}

/** A fresh thread anywhere in the project. */
export function normalThread(ctx: ProjectContext): GeneratedThread {
  const placement = pickPlacement(ctx);
  const template = pickTemplate(ctx, placement);
  const createdAt = ctx.now - drawAgeMs(ctx.rng, ctx.plan.ageDays);
  return generateThread(ctx, { role: 'normal', placement, template, createdAt });
}

/**
 * Another report of the same thing, on the same page and element, written from the same
 * sentence with a different opening or ending, filed some time after the original.
 */
export function repeatOf(
  ctx: ProjectContext,
  original: GeneratedThread,
  role: 'duplicate' | 'near-duplicate',
): GeneratedThread {
  const origAge = ctx.now - original.item.root.createdAt;
  const ago = Math.max(30 * MINUTE_MS, Math.floor(origAge * ctx.rng.range(0.05, 0.9)));
  const t = generateThread(ctx, {
    role,
    placement: original.placement,
    template: original.template,
    createdAt: ctx.now - ago,
    memo: original.memo,
  });
  if (role === 'duplicate') {
    const at = shortlyAfter(ctx.rng, t.item.root.createdAt, ctx.now, 1.5 * DAY_MS, 0.9);
    t.item.duplicateOf = original.item.id;
    t.item.events.push(event('merge', at, ctx.rng.pick(ctx.paid).id, null, original.item.id));
  }
  return t;
}
