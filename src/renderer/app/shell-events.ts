import type { OpenItemEvent } from '#shared/bridge/events.js';
import { getBridge } from '../bridge/index.js';
import { openItemLink } from '../features/links/item-link.js';
import { explain } from '../stores/notice-store.js';

/** A thread link from the desktop shell: open it, or show why the link is unusable. */
function handleOpenItem(event: OpenItemEvent): void {
  if ('itemId' in event) void openItemLink(event.itemId);
  else explain(event.problem);
}

/**
 * The link the app was launched with (if any), taken once the session is known; taking it
 * also tells the shell to send later links as events. True when there was one.
 */
export async function takeLaunchLink(): Promise<boolean> {
  const r = await getBridge().app.takeOpenItem();
  if (!r.ok || !r.data) return false;
  handleOpenItem(r.data);
  return true;
}

export function subscribeOpenItem(): () => void {
  return getBridge().app.onOpenItem(handleOpenItem);
}
