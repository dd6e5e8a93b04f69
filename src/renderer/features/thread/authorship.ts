import type { ThreadMessage } from '#shared/reader/index.js';
import { useSession } from '../../stores/session-store.js';

/** Who "I" am on this connection, as far as the service has said. */
export interface Me {
  id: string | undefined;
  name: string | null;
}

/** The person signed in: by ID when the service names one, else by the name it posts as. */
export function useMe(): Me {
  const id = useSession((s) => s.active?.you?.id);
  const name = useSession((s) => s.active?.you?.name ?? s.postedAs);
  return { id, name };
}

/** Whether a message is the caller's own. A lean service names authors only: then the name decides. */
export function isMine(message: Pick<ThreadMessage, 'author' | 'authorId'>, me: Me): boolean {
  if (me.id && message.authorId) return message.authorId === me.id;
  return !!me.name && message.author === me.name;
}
