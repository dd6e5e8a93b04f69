import { describe, expect, it } from 'vitest';
import { readAnswer } from '#shared/reader/index.js';

/**
 * The minimal answers of response-shapes.md ("What the live client tolerates"), endpoint by
 * endpoint: each must read, with defaults for what is missing and nothing dropped silently.
 */

const row = {
  id: 'r1',
  line: 'Pay button grey',
  page: '/checkout',
  replyCount: 1,
  reportCount: 0,
  source: null,
  type: null,
};
const message = { author: 'Ada', at: 0, text: 'Done' };

describe('reader: minimal shapes of the live service', () => {
  it('workspaces without slug, available, unavailableReason, and you null', () => {
    const r = readAnswer('listWorkspaces', {
      workspaces: [{ id: 'w1', name: 'Acme', role: 'owner', projectCount: 2 }],
      total: 1,
      you: null,
    });
    expect(r).toEqual({
      ok: true,
      data: {
        workspaces: [
          {
            id: 'w1',
            name: 'Acme',
            slug: '',
            role: 'owner',
            projectCount: 2,
            available: true,
            unavailableReason: null,
            unavailableKind: null,
          },
        ],
        total: 1,
        you: null,
        unreadable: [],
      },
    });
  });

  it('an unknown role is kept as sent, and the workspace stays usable when it says so', () => {
    const r = readAnswer('listWorkspaces', {
      workspaces: [{ id: 'w1', name: 'Acme', role: 'billing-manager', projectCount: 2, available: true }],
      you: null,
    });
    expect(r.ok && r.data.workspaces[0]).toMatchObject({ role: 'billing-manager', available: true });
    expect(r.ok && r.data.total).toBe(1);
  });

  it('projects without lastActivityAt, members without email', () => {
    const p = readAnswer('listProjects', {
      projects: [
        { id: 'p1', name: 'Site', slug: 'site', workspace: { id: 'w1', name: 'Acme' }, repo: null, updatedAt: 5 },
      ],
      total: 1,
    });
    expect(p.ok && p.data.projects[0]).toMatchObject({ id: 'p1', lastActivityAt: null, updatedAt: 5 });
    const m = readAnswer('listMembers', {
      workspace: { id: 'w1', name: 'Acme' },
      members: [
        { id: 'u1', name: 'Ada', role: 'admin' },
        { id: 'u2', name: 'Bo', email: '', role: 'collaborator' },
      ],
    });
    expect(m.ok && m.data.members.map((x) => x.email)).toEqual(['', '']);
  });

  it('item rows: type null, no excerptSource/reportCount/agentTask, null assignee; envelope without capped, scanLimit, summary.deferred', () => {
    const r = readAnswer('listItems', {
      project: { id: 'p1', name: 'Site', slug: 'site' },
      summary: { total: 2, open: 1, resolved: 1, unassigned: 2, byType: { bug: 1 }, byPage: { '/': 2 } },
      matched: 2,
      returned: 2,
      truncated: false,
      items: [
        {
          id: 'a',
          page: '/',
          type: null,
          status: 'open',
          excerpt: 'New',
          author: 'Ada',
          assignee: null,
          assigneeId: null,
          replyCount: 0,
          createdAt: 1700000000000.5,
        },
        {
          id: 'b',
          page: '/',
          type: 'bug',
          status: 'triaged',
          excerpt: 'Old',
          author: 'Bo',
          assignee: null,
          assigneeId: null,
          replyCount: 1,
          createdAt: '2026-01-02T03:04:05Z',
        },
      ],
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data).toMatchObject({
      capped: false,
      scanLimit: 2000,
      summary: { deferred: 0, total: 2 },
      hasSummary: true,
      unreadable: [],
    });
    const lean = readAnswer('listItems', { summary: { total: 10, open: 4, resolved: 3 }, items: [] });
    expect(lean.ok && lean.data.summary.deferred).toBe(3);
    expect(r.data.items[0]).toMatchObject({
      type: null,
      excerptSource: null,
      reportCount: 0,
      agentTask: null,
      createdAt: 1700000000000.5,
    });
    expect(r.data.items[1]).toMatchObject({ status: 'triaged', createdAt: Date.UTC(2026, 0, 2, 3, 4, 5) });
  });

  it('one unreadable row is left out and counted, never the list', () => {
    const r = readAnswer('listItems', {
      items: [{ id: 'a', status: 'open' }, { page: '/' }, 'junk', { id: 'c', status: 7 }],
    });
    expect(r.ok && r.data.items.map((i) => i.id)).toEqual(['a', 'c']);
    expect(r.ok && r.data.items[1]?.status).toBe('unknown');
    expect(r.ok && r.data.unreadable).toEqual([
      { part: 'thread', index: 1, reason: 'id is missing' },
      { part: 'thread', index: 2, reason: 'not an object' },
    ]);
    expect(r.ok && r.data).toMatchObject({ hasSummary: false, matched: 2, returned: 2, truncated: false });
  });

  it('item detail: lean thread, partial evidence, {file, line} source, sky keys', () => {
    const r = readAnswer('getItem', {
      id: 'i1',
      page: '/checkout',
      url: 'https://shop.example/checkout',
      type: null,
      status: 'open',
      agentTask: null,
      assignee: null,
      thread: {
        root: { author: 'Ada', content: 'Grey button', createdAt: 5 },
        replies: [{ author: 'Bo', content: 'Same', createdAt: 6 }],
      },
      anchor: {
        selector: '#pay',
        elementText: 'Pay',
        selectedText: null,
        skyId: 'sky-1',
        skyKey: 'Checkout.tsx:42',
        viewport: { width: 1280, height: 800, x: 40, y: 60 },
      },
      source: { file: 'src/Checkout.tsx', line: 42 },
      evidence: { screenshotUrl: null, expired: true },
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data).toMatchObject({
      type: null,
      linear: [],
      reactions: [],
      attachments: [],
      project: null,
      sourcePath: null,
      movedAt: null,
      sourceUrl: null,
      pageTitle: '',
      reportCount: 0,
      duplicateOf: null,
      createdAt: null,
      resolvedAt: null,
      anchor: { stampId: 'sky-1', stampKey: 'Checkout.tsx:42' },
      source: { file: 'src/Checkout.tsx', line: 42, build: null, branch: null },
      evidence: { screenshotUrl: null, domContext: null, capturedAt: null, expired: true },
      unreadable: [],
    });
    expect(r.data.thread.replies[0]).toMatchObject({ authorId: null, editedAt: null });
  });

  it('item detail: an unreadable evidence or source degrades alone, and says so', () => {
    const r = readAnswer('getItem', {
      id: 'i1',
      status: 'open',
      evidence: 'gone',
      source: { line: 3 },
      thread: { root: { content: 'Hi' }, replies: [null] },
    });
    expect(r.ok && r.data).toMatchObject({
      evidence: null,
      source: null,
      thread: { root: { content: 'Hi' }, replies: [] },
    });
    expect(r.ok && r.data.unreadable.map((p) => p.part).sort()).toEqual(['evidence', 'reply', 'source']);
  });

  it('both sourcePath shapes are read', () => {
    const obj = readAnswer('getItem', {
      id: 'i',
      sourcePath: {
        target: { file: 'a.tsx', line: 1, tag: 'button', component: 'Pay' },
        above: [{ file: 'b.tsx' }],
        below: [],
      },
    });
    expect(obj.ok && obj.data.sourcePath).toMatchObject({ target: { file: 'a.tsx' }, above: [{ file: 'b.tsx' }] });
    const arr = readAnswer('getItem', { id: 'i', sourcePath: ['a.tsx', { file: 'b.tsx', line: 2 }] });
    expect(arr.ok && arr.data.sourcePath).toEqual(['a.tsx', { file: 'b.tsx', line: 2, component: null, tag: null }]);
  });

  it('writes: reply and create answering only {pinId, postedAs}; rule without cited', () => {
    expect(readAnswer('postUpdate', { pinId: 'm1', postedAs: 'Ada' })).toEqual({
      ok: true,
      data: { pinId: 'm1', postedAs: 'Ada', mentioned: [], unreadable: [] },
    });
    expect(readAnswer('createItem', { pinId: 'i9', postedAs: 'Ada' })).toMatchObject({
      ok: true,
      data: { pinId: 'i9', assignedTo: null, mentioned: [], page: null },
    });
    expect(readAnswer('saveRule', { saved: true, rule: 'Copy typos are bugs.' })).toMatchObject({
      ok: true,
      data: { saved: true, cited: [], duplicate: false },
    });
    expect(readAnswer('saveRule', { saved: false, duplicate: true })).toMatchObject({
      ok: true,
      data: { saved: false, duplicate: true },
    });
  });

  it('writes: the essential field decides; without it the answer is not read as a success', () => {
    expect(readAnswer('setStatus', { changed: true })).toMatchObject({
      ok: true,
      data: { status: null, changed: true },
    });
    expect(readAnswer('setStatus', { status: 'parked' })).toMatchObject({
      ok: true,
      data: { status: 'parked', changed: null },
    });
    expect(readAnswer('assign', { assignedTo: null })).toMatchObject({
      ok: true,
      data: { assignedTo: null, changed: null },
    });
    expect(readAnswer('mergeItems', { merged: 3 })).toMatchObject({ ok: true, data: { merged: 3, canonicalId: null } });
    for (const [name, body] of [
      ['postUpdate', { postedAs: 'Ada' }],
      ['setStatus', {}],
      ['assign', {}],
      ['mergeItems', { canonicalId: 'x' }],
      ['saveRule', { rule: 'x' }],
    ] as const) {
      expect(readAnswer(name, body).ok, name).toBe(false);
    }
  });

  it('whats-new: Row of reports with type null, message times 0 read as unknown, counts filled from lists when missing', () => {
    const r = readAnswer('whatsNew', {
      project: { id: 'p1', name: 'Site' },
      since: 1,
      until: 2,
      firstBriefing: true,
      capped: false,
      counts: { newThreads: 1 },
      newThreads: [{ ...row, status: 'open' }],
      newReplies: [{ ...row, status: 'open', replies: [message], omittedReplies: 2 }],
      resolved: [],
      deferred: [],
      assignedToYou: [],
      mentionsYou: [{ threadId: 'r1', thread: null, mention: message }],
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data.counts).toEqual({
      newThreads: 1,
      newReplies: 3,
      threadsWithNewReplies: 1,
      resolved: 0,
      deferred: 0,
      assignedToYou: 0,
      mentionsYou: 1,
    });
    expect(r.data.newReplies[0]?.replies[0]).toEqual({ author: 'Ada', via: null, at: null, text: 'Done' });
  });

  it('review: null times, unknown status of a discussion, missing pages read as complete', () => {
    const r = readAnswer('review', {
      project: { id: 'p1', name: 'Site' },
      section: null,
      offset: 0,
      capped: false,
      counts: { threads: 3, resolved: 1, deferred: 1, open: 1, replies: 2, people: 2, mergedDuplicates: 0, retyped: 0 },
      span: { days: 2, firstAt: 1, lastAt: 2 },
      resolved: [{ ...row, resolvedAt: null, resolvedBy: null, lastWord: null }],
      deferred: [{ ...row, deferredAt: 0, deferredBy: 'Bo', reason: message }],
      open: [{ ...row, ageDays: 3, assignee: null }],
      discussions: [{ ...row, status: 'snoozed', opening: message, omittedReplies: 0, replies: [] }],
    });
    expect(r.ok && r.data.resolved?.[0]?.resolvedAt).toBeNull();
    expect(r.ok && r.data.deferred?.[0]?.deferredAt).toBeNull();
    expect(r.ok && r.data.discussions?.[0]?.status).toBe('snoozed');
    expect(r.ok && r.data.pages.resolved).toEqual({ total: 1, nextOffset: null });
  });

  it('decisions: null projectContext, unknown outcome, decidedAt 0', () => {
    const r = readAnswer('decisions', {
      project: { id: 'p1', name: 'Site' },
      capped: false,
      rules: { projectContext: null },
      decided: 1,
      offset: 0,
      nextOffset: null,
      decisions: [
        {
          ...row,
          outcome: 'escalated',
          decidedAt: 0,
          decidedBy: null,
          question: message,
          omittedReplies: 0,
          conversation: [],
        },
      ],
      corrections: [],
      recurring: [],
    });
    expect(r.ok && r.data.rules).toEqual({ projectContext: null, workspaceInstructions: null });
    expect(r.ok && r.data.decisions[0]).toMatchObject({ outcome: 'escalated', decidedAt: null });
  });

  it('source: hotspots and matches; similar candidates with unknown status', () => {
    const h = readAnswer('findBySource', {
      project: { id: 'p1', name: 'Site' },
      mode: 'hotspots',
      coverage: { threads: 4, stamped: 2 },
      totalFiles: 1,
      files: [{ file: 'a.tsx', open: 1, deferred: 0, resolved: 1 }],
    });
    expect(h.ok && h.data.files?.[0]).toEqual({ file: 'a.tsx', open: 1, deferred: 0, resolved: 1, components: [] });
    const m = readAnswer('findBySource', {
      mode: 'matches',
      query: { file: 'a.tsx' },
      matched: 1,
      summary: { open: 1, deferred: 0, resolved: 0 },
      items: [{ ...row, status: 'open' }],
    });
    expect(m.ok && m.data.items?.[0]?.id).toBe('r1');
    const s = readAnswer('findSimilar', {
      project: { id: 'p1', name: 'Site' },
      subject: null,
      compared: 10,
      candidates: [{ ...row, status: 'blocked', score: 0.7, reasons: ['same page'] }],
    });
    expect(s.ok && s.data.candidates[0]).toMatchObject({ status: 'blocked', score: 0.7 });
  });

  it('an answer that is not this API fails as a whole, naming what is missing', () => {
    expect(readAnswer('listItems', { hello: 1 })).toEqual({ ok: false, reason: 'items is missing' });
    expect(readAnswer('listWorkspaces', [])).toMatchObject({ ok: false });
    expect(readAnswer('getItem', '<html>')).toMatchObject({ ok: false });
  });
});
