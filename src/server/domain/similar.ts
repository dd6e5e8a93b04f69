import { LIMITS, type SimilarBody, type SimilarResponse, type Status } from '../../shared/api/index.js';
import type { Db } from '../storage/open.js';
import { messagesOf } from '../storage/history.js';
import { getItemRecord } from '../storage/items.js';
import type { Caller } from './caller.js';
import { badRequest, notFound } from './errors.js';
import { scanProject } from './items-list.js';
import { normalizePage } from './pages.js';
import { groupBy, toRow } from './report-rows.js';
import { resolveItem, resolveProject } from './resolve.js';

const STOPWORDS = new Set(
  ('the and for are but not you all any can had her was one our out day get has him his how man new now old see two way who boy did its let put say she too use ' +
    'that with have this will your from they know want been good much some time very when come here just like long make many more only over such take than them well were ' +
    'what there their would about which could other into then these also after should because where while please thanks thank still does')
    .split(/\s+/),
);

/** Words that carry meaning: three letters or more, not a stop word, case-folded. */
export function meaningfulWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text.toLocaleLowerCase().split(/[^\p{L}\p{N}]+/u)) if (w.length >= 3 && !STOPWORDS.has(w)) out.add(w);
  return out;
}

const WEIGHTS = { words: 0.6, page: 0.2, element: 0.1, file: 0.1 };

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
      throw badRequest(`Item ${body.itemId} is not in project ${body.projectId}; leave projectId out when giving itemId.`, { reason: 'invalid_request', field: 'projectId' });
    }
    const item = await getItemRecord(db, ref.itemId);
    if (!item) throw notFound(`Item ${body.itemId} does not exist or is not reachable with this token.`);
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

  const wanted = meaningfulWords(text);
  const { threads } = await scanProject(db, project.id);
  const compared = threads.filter((t) => t.id !== subject?.id && (body.includeResolved !== false || t.status !== 'resolved'));
  const words = new Map<string, Set<string>>();
  for (const [itemId, msgs] of groupBy(await messagesOf(db, compared.map((t) => t.id)), (m) => m.itemId)) {
    words.set(itemId, meaningfulWords(msgs.map((m) => m.body).join(' ')));
  }

  const candidates = compared
    .map((t) => {
      const theirs = words.get(t.id) ?? new Set<string>();
      if (t.summary) for (const w of meaningfulWords(t.summary)) theirs.add(w);
      const shared = [...wanted].filter((w) => theirs.has(w));
      const samePage = page !== null && t.page === page;
      const sameElement = selector !== null && selector !== '' && t.selector === selector;
      const sameFile = sourceFile !== null && t.sourceFile === sourceFile;
      const score =
        (wanted.size > 0 ? WEIGHTS.words * (shared.length / wanted.size) : 0) + (samePage ? WEIGHTS.page : 0) + (sameElement ? WEIGHTS.element : 0) + (sameFile ? WEIGHTS.file : 0);
      const reasons = [
        ...(shared.length > 0 ? [`shared words: ${shared.slice(0, 5).join(', ')}`] : []),
        ...(samePage ? ['same page'] : []),
        ...(sameElement ? ['same element'] : []),
        ...(sameFile ? ['same source file'] : []),
      ];
      // The page alone is not similarity: every thread on a busy page would match.
      const relevant = shared.length > 0 || sameElement || sameFile;
      return { t, score: Math.round(Math.min(1, score) * 1000) / 1000, reasons, relevant };
    })
    .filter((c) => c.relevant && c.score > 0)
    .sort((a, b) => b.score - a.score || b.t.createdAt - a.t.createdAt)
    .slice(0, body.limit ?? LIMITS.similarLimitDefault)
    .map((c) => ({ ...toRow(c.t), status: c.t.status as Status, score: c.score, reasons: c.reasons }));

  return { project: { id: project.id, name: project.name }, subject, compared: compared.length, candidates };
}
