import { getBridge } from '../../bridge/index.js';
import { announce } from '../../stores/announcer-store.js';
import { explain } from '../../stores/notice-store.js';
import { useThread } from '../../stores/thread-store.js';
import { itemLinkFor } from './item-link.js';

/** Copies the open thread's address; says why not when no thread is open or copying fails. */
export async function copyThreadLink(itemId?: string): Promise<void> {
  const thread = useThread.getState();
  const id = itemId ?? thread.item?.id ?? thread.itemId;
  if (!id) return explain('Open a thread first: its link is what gets copied.');
  const link = itemLinkFor(id);
  const r = await getBridge().shell.copyText(link);
  if (r.ok) announce(`Copied the link to ${id}.`);
  else explain(`Could not copy the link (${link}): ${r.error.message}`);
}
