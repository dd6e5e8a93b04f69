import type { ItemRow } from '#shared/reader/index.js';
import { elementKeyOf } from '../../../../src/renderer/features/evidence/element-key.js';
import type { DetailState, ThreadEvidence } from '../../../../src/renderer/features/evidence/evidence-model.js';

/** A list row for the evidence views: an open bug on /checkout unless `over` says otherwise. */
export const row = (id: string, over: Partial<ItemRow> = {}): ItemRow => ({
  id,
  page: '/checkout',
  type: 'bug',
  status: 'open',
  excerpt: `Thread ${id}`,
  excerptSource: null,
  reportCount: 0,
  author: 'Ann',
  agentTask: null,
  assignee: null,
  assigneeId: null,
  replyCount: 0,
  createdAt: 1000,
  ...over,
});

/** A thread's evidence pinned by stamp key or selector (the page as a whole when neither is given). */
export const evidence = (over: Partial<ThreadEvidence> & { stamp?: string; selector?: string }): ThreadEvidence => {
  const { stamp, selector, ...rest } = over;
  return {
    element: elementKeyOf({
      selector: selector ?? null,
      stampKey: stamp ?? null,
      stampId: null,
      elementText: null,
      selectedText: null,
      viewport: null,
    }),
    screenshotUrl: null,
    expired: false,
    capturedAt: null,
    click: null,
    missing: false,
    ...rest,
  };
};

export const read = (e: ThreadEvidence): DetailState => ({ state: 'read', evidence: e });
