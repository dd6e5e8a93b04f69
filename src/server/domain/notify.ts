import type { Db } from '../storage/open.js';
import { addNotifications } from '../storage/items.js';

/** Tells people what the web app would tell them; the actor never notifies themselves. */
export async function notify(
  db: Db,
  userIds: Iterable<string | null>,
  n: {
    kind: 'reply' | 'mention' | 'assign' | 'status' | 'create';
    itemId: string;
    messageId: string | null;
    actorId: string;
    at: number;
  },
): Promise<void> {
  const targets = new Set<string>();
  for (const u of userIds) if (u !== null && u !== n.actorId) targets.add(u);
  await addNotifications(
    db,
    [...targets].map((userId) => ({
      userId,
      kind: n.kind,
      itemId: n.itemId,
      messageId: n.messageId,
      actorId: n.actorId,
      at: n.at,
    })),
  );
}
