import { create } from 'zustand';
import { getBridge } from '../../bridge/index.js';
import { announce } from '../../stores/announcer-store.js';
import { explain } from '../../stores/notice-store.js';
import { useThread } from '../../stores/thread-store.js';
import { itemLinkFor } from './item-link.js';

/** The thread whose link was copied last, and when: its Copy link button says "Copied" for a moment. */
export const useCopiedLink = create<{ itemId: string | null; at: number }>()(() => ({ itemId: null, at: 0 }));

/**
 * Copies the open thread's address (the thread's button, File → Copy Link to Thread); says why not when no thread is open or copying fails.
 * Answers whether it was copied, so a button can say "Copied".
 */
export async function copyThreadLink(itemId?: string): Promise<boolean> {
  const thread = useThread.getState();
  const id = itemId ?? thread.item?.id ?? thread.itemId;
  if (!id) {
    explain('Open a thread first: its link is what gets copied.');
    return false;
  }
  const link = itemLinkFor(id);
  const r = await getBridge().shell.copyText(link);
  if (r.ok) {
    announce(`Copied the link to ${id}.`);
    useCopiedLink.setState({ itemId: id, at: Date.now() });
  } else explain(`Could not copy the link (${link}): ${r.error.message}`);
  return r.ok;
}
