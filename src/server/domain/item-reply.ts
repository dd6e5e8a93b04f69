import type { UpdateBody, UpdateResponse } from '#shared/api/index.js';
import type { Db } from '../storage/open.js';
import { getItemRecord } from '../storage/items.js';
import { touchProject } from '../storage/projects.js';
import { insertMessage, nextMessagePosition, threadParticipants } from '../storage/writes.js';
import type { Caller } from './caller.js';
import { badRequest } from './errors.js';
import { newId } from './ids.js';
import { refuseMergedDuplicate } from './item-status.js';
import { notify } from './notify.js';
import { PeopleDirectory, withMentions } from './people.js';
import { resolveItem } from './resolve.js';
import { writeInProject } from './snapshot.js';

function withLinks(body: string, links: UpdateBody['links']): string {
  if (!links || links.length === 0) return body;
  return `${body}\n\n${links.map((l) => (l.label ? `${l.label}: ${l.url}` : l.url)).join('\n')}`;
}

/** Posts a reply as the caller. Every mention is resolved first, so a bad name posts nothing. */
export async function postReply(db: Db, caller: Caller, body: UpdateBody, now: number): Promise<UpdateResponse> {
  const { ref, workspace } = await resolveItem(db, caller, body.itemId, { allowReply: true });
  if (ref.replyOf !== null) {
    throw badRequest(
      `${body.itemId} is a reply and replies cannot be answered; reply to the thread ${ref.itemId} instead.`,
      {
        reason: 'reply_to_reply',
        parentId: ref.itemId,
        field: 'itemId',
      },
    );
  }
  refuseMergedDuplicate(ref.itemId, ref.duplicateOf);
  const people = await PeopleDirectory.load(db, caller, workspace);
  const mentioned = people.resolveAll(body.mentions, 'mentions');
  const text = withLinks(withMentions(body.body, mentioned), body.links);
  const pinId = newId('pin');

  await writeInProject(
    db,
    ref.projectId,
    async (t) => {
      const item = await getItemRecord(t, ref.itemId);
      if (!item) throw new Error(`item ${ref.itemId} vanished`);
      const participants = await threadParticipants(t, item.id);
      await insertMessage(
        t,
        {
          id: pinId,
          item_id: item.id,
          is_root: 0,
          position: await nextMessagePosition(t, item.id),
          author_id: caller.userId,
          body: text,
          created_at: now,
          edited_at: null,
          via: 'api',
        },
        mentioned.map((m) => m.id),
      );
      await touchProject(t, item.project_id, now);
      await notify(
        t,
        mentioned.map((m) => m.id),
        { kind: 'mention', itemId: item.id, messageId: pinId, actorId: caller.userId, at: now },
      );
      const mentionedIds = new Set(mentioned.map((m) => m.id));
      await notify(
        t,
        [item.author_id, item.assignee_id, ...participants].filter((u) => u === null || !mentionedIds.has(u)),
        {
          kind: 'reply',
          itemId: item.id,
          messageId: pinId,
          actorId: caller.userId,
          at: now,
        },
      );
    },
    { kind: 'reply', ids: [ref.itemId] },
  );
  return { pinId, postedAs: caller.userName, mentioned: mentioned.map((m) => m.name) };
}
