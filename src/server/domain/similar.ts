import { LIMITS, type SimilarBody, type SimilarResponse, type Status } from '#shared/api/index.js';
import type { Db } from '../storage/open.js';
import { messagesOf, type HistoryMessage } from '../storage/history.js';
import { getItemRecord, type ThreadRow } from '../storage/items.js';
import type { Caller } from './caller.js';
import { badRequest, notReachable } from './errors.js';
import { normalizePage } from './pages.js';
import { toRow } from './report-rows.js';
import { resolveItem, resolveProject } from './resolve.js';
import { projectSnapshot, type ProjectSnapshot } from './snapshot.js';

const STOPWORDS = new Set(
  (
    'the and for are but not you all any can had her was one our out day get has him his how man new now old see two way who boy did its let put say she too use ' +
    'that with have this will your from they know want been good much some time very when come here just like long make many more only over such take than them well were ' +
    'what there their would about which could other into then these also after should because where while please thanks thank still does'
  ).split(/\s+/),
);

/** Words that carry meaning: three letters or more, not a stop word, case-folded. */
function meaningfulWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text.toLocaleLowerCase().split(/[^\p{L}\p{N}]+/u)) if (w.length >= 3 && !STOPWORDS.has(w)) out.add(w);
  return out;
}

const WEIGHTS = { words: 0.6, page: 0.2, element: 0.1, file: 0.1 };
const NO_WORDS: ReadonlySet<string> = new Set();

/**
 * A thread's words, remembered by its messages array: the window's messages are shared
 * between snapshots while no message is written (domain/snapshot.ts), so a status change or
 * an assignment does not make every thread be split into words again. The summary is part
 * of the key, as it lives on the thread, not in its messages.
 */
const threadWords = new WeakMap<readonly HistoryMessage[], { summary: string | null; words: ReadonlySet<string> }>();

function wordsOf(t: ThreadRow, msgs: readonly HistoryMessage[] | undefined): ReadonlySet<string> {
  const known = msgs && threadWords.get(msgs);
  if (known && known.summary === t.summary) return known.words;
  const words = msgs ? meaningfulWords(msgs.map((m) => m.body).join(' ')) : new Set<string>();
  if (t.summary) for (const w of meaningfulWords(t.summary)) words.add(w);
  if (msgs) threadWords.set(msgs, { summary: t.summary, words });
  return words;
}

/** The meaningful words of every window thread (all its messages and its summary). */
async function wordIndex(snapshot: ProjectSnapshot): Promise<ReadonlyMap<string, ReadonlySet<string>>> {
  const { byItem } = await snapshot.messages();
  return snapshot.derive('similarWords', (s) => new Map(s.threads.map((t) => [t.id, wordsOf(t, byItem.get(t.id))])), {
    fields: true,
  });
}

/** Shared words plus same page, element and source file; no model involved. */
export async function findSimilar(db: Db, caller: Caller, body: SimilarBody): Promise<SimilarResponse> {
  let projectId: string;
  let subject: { id: string } | null = null;
  let text = body.text ?? '';
  let page = body.page !== undefined ? normalizePage(body.page) : null;
  let selector = body.selector ?? null;
  let sourceFile: string | null = null;
  if (body.itemId !== undefined) {
    const { ref } = await resolveItem(db, caller, body.itemId);
    if (body.projectId !== undefined && body.projectId !== ref.projectId) {
      throw badRequest(
        `Item ${body.itemId} is not in project ${body.projectId}; leave projectId out when giving itemId.`,
        { reason: 'invalid_request', field: 'projectId' },
      );
    }
    const item = await getItemRecord(db, ref.itemId);
    if (!item) throw notReachable('Item', body.itemId);
    projectId = item.project_id;
    subject = { id: item.id };
    if (body.text === undefined) {
      const root = (await messagesOf(db, [item.id])).find((m) => m.isRoot);
      text = `${item.summary ?? ''} ${root?.body ?? ''}`;
    }
    page ??= item.page;
    selector ??= item.selector;
    sourceFile = item.source_file;
  } else {
    projectId = (await resolveProject(db, caller, body.projectId)).project.id;
  }
  const { project } = await resolveProject(db, caller, projectId);

  const wanted = [...meaningfulWords(text)];
  const snapshot = await projectSnapshot(db, project.id);
  const index = await wordIndex(snapshot);
  const compared = snapshot.threads.filter(
    (t) => t.id !== subject?.id && (body.includeResolved !== false || t.status !== 'resolved'),
  );

  const scored: {
    t: ThreadRow;
    score: number;
    theirs: ReadonlySet<string>;
    samePage: boolean;
    sameElement: boolean;
    sameFile: boolean;
  }[] = [];
  for (const t of compared) {
    const theirs = index.get(t.id) ?? NO_WORDS;
    let shared = 0;
    for (const w of wanted) if (theirs.has(w)) shared++;
    const samePage = page !== null && t.page === page;
    const sameElement = selector !== null && selector !== '' && t.selector === selector;
    const sameFile = sourceFile !== null && t.sourceFile === sourceFile;
    // The page alone is not similarity: every thread on a busy page would match.
    if (shared === 0 && !sameElement && !sameFile) continue;
    const raw =
      (wanted.length > 0 ? WEIGHTS.words * (shared / wanted.length) : 0) +
      (samePage ? WEIGHTS.page : 0) +
      (sameElement ? WEIGHTS.element : 0) +
      (sameFile ? WEIGHTS.file : 0);
    const score = Math.round(Math.min(1, raw) * 1000) / 1000;
    if (score > 0) scored.push({ t, score, theirs, samePage, sameElement, sameFile });
  }
  // Reasons are written for the returned candidates only; the sort is stable, so ties keep window order.
  const candidates = scored
    .sort((a, b) => b.score - a.score || b.t.createdAt - a.t.createdAt)
    .slice(0, body.limit ?? LIMITS.similarLimitDefault)
    .map((c) => {
      const shared = wanted.filter((w) => c.theirs.has(w));
      const reasons = [
        ...(shared.length > 0 ? [`shared words: ${shared.slice(0, 5).join(', ')}`] : []),
        ...(c.samePage ? ['same page'] : []),
        ...(c.sameElement ? ['same element'] : []),
        ...(c.sameFile ? ['same source file'] : []),
      ];
      return { ...toRow(c.t), status: c.t.status as Status, score: c.score, reasons };
    });

  return { project: { id: project.id, name: project.name }, subject, compared: compared.length, candidates };
}
