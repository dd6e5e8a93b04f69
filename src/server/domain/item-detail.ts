import type { AgentTask, ItemDetail, SourcePathObject, ThreadMessage } from '#shared/api/index.js';
import type { Db } from '../storage/open.js';
import {
  countDuplicates,
  getItemRecord,
  imageToken,
  itemAttachments,
  itemLinearEntries,
  itemReactions,
  threadMessages,
  userName,
  type MessageRecord,
} from '../storage/items.js';
import type { Caller } from './caller.js';
import { notReachable } from './errors.js';
import { fileUrl, isEvidenceExpired } from './evidence.js';
import { resolveItem } from './resolve.js';
import { sourceUrlOf } from './source-url.js';

function toMessage(m: MessageRecord): ThreadMessage {
  return {
    id: m.id,
    author: m.authorName,
    authorId: m.authorId,
    content: m.body,
    createdAt: m.createdAt,
    editedAt: m.editedAt,
    ...(m.via !== null ? { via: m.via } : {}),
  };
}

export async function getItemDetail(
  db: Db,
  caller: Caller,
  itemId: string,
  ctx: { baseUrl: string; now: number },
): Promise<ItemDetail> {
  const { ref, project, workspace } = await resolveItem(db, caller, itemId);
  const item = await getItemRecord(db, ref.itemId);
  if (!item) throw notReachable('Item', itemId);

  const [messages, reportCount, attachments, reactions, linear] = await Promise.all([
    threadMessages(db, item.id),
    countDuplicates(db, item.id),
    itemAttachments(db, item.id),
    itemReactions(db, item.id),
    itemLinearEntries(db, item.id),
  ]);
  const [root, ...replies] = messages;
  if (!root) throw notReachable('Item', itemId);

  const expired = isEvidenceExpired(item.captured_at, workspace.retentionDays, ctx.now);
  const screenshotToken = !expired && item.screenshot_image_id ? await imageToken(db, item.screenshot_image_id) : null;
  const assigneeName = item.assignee_id ? await userName(db, item.assignee_id) : null;
  const source =
    item.source_file !== null
      ? {
          file: item.source_file,
          line: item.source_line,
          build: item.source_build,
          branch: item.source_branch,
          component: item.source_component,
        }
      : null;
  const viewport = JSON.parse(item.viewport_json) as { width: number; height: number; x: number; y: number };

  return {
    id: item.id,
    project: { id: project.id, name: project.name, repo: project.repo ? { url: project.repo } : null },
    page: item.page,
    url: item.url,
    pageTitle: item.page_title,
    reportCount,
    duplicateOf: item.duplicate_of,
    linear: linear.map((l) => ({ ...l, delegatedMode: l.delegatedMode as AgentTask | null })),
    type: item.type,
    typeSource: item.type_source,
    status: item.status as ItemDetail['status'],
    agentTask: item.agent_task as AgentTask | null,
    assignee:
      item.assignee_id && assigneeName !== null
        ? { id: item.assignee_id, name: assigneeName, mode: item.assignee_mode as AgentTask | null }
        : null,
    thread: { root: toMessage(root), replies: replies.map(toMessage) },
    anchor: {
      // A thread made through the API was never pinned to an element: its selector and click
      // are absent, not null and 0×0, which a client would print as if they were real.
      ...(item.selector !== null ? { selector: item.selector } : {}),
      elementText: item.element_text,
      selectedText: item.selected_text,
      // Present only when the site was built with the stamping tool (spec rule 2), under the
      // contract's names and the live service's, which the hosted agent client reads.
      ...(item.stamp_id !== null ? { stampId: item.stamp_id, skyId: item.stamp_id } : {}),
      ...(item.stamp_key !== null ? { stampKey: item.stamp_key, skyKey: item.stamp_key } : {}),
      ...(viewport.width > 0 || viewport.height > 0 ? { viewport } : {}),
    },
    source,
    sourcePath: item.source_path_json ? (JSON.parse(item.source_path_json) as SourcePathObject) : null,
    movedAt: item.moved_at,
    sourceUrl: sourceUrlOf(project.repo, source),
    evidence: {
      screenshotUrl: screenshotToken ? fileUrl(ctx.baseUrl, screenshotToken) : null,
      domContext: expired ? null : item.dom_context,
      capturedAt: item.captured_at,
      expired,
    },
    attachments: attachments.map((a) => ({
      url: fileUrl(ctx.baseUrl, a.token),
      author: a.author,
      where: a.location as 'thread' | 'reply',
    })),
    reactions: reactions.map((r) => ({ emoji: r.emoji, count: r.count })),
    createdAt: item.created_at,
    resolvedAt: item.resolved_at,
  };
}
