import { describe, expect, it } from 'vitest';
import type { NetworkState } from '#shared/bridge/channels.js';
import type { BridgeError } from '#shared/bridge/errors.js';
import { SourcePath } from '#shared/reader/index.js';
import { countText, formatCount, itIs, plural, threadCount } from '../../../src/renderer/format/counts.js';
import { errorFromUnknown, explainError } from '../../../src/renderer/format/describe-error.js';
import { truncate, typeLabel } from '../../../src/renderer/format/labels.js';
import { networkLine } from '../../../src/renderer/format/network-text.js';
import {
  formatCountdown,
  formatRelativeTime,
  formatShortDate,
  relativeTimeShown,
} from '../../../src/renderer/format/relative-time.js';
import { fileLine, normalizeSourcePath } from '../../../src/renderer/format/source-path.js';
import { describeAvailability } from '../../../src/renderer/format/workspace-availability.js';

const NOW = new Date(2026, 10, 21, 12, 0, 0).getTime();
const MIN = 60_000;

describe('formatRelativeTime', () => {
  it.each([
    [NOW - 10_000, 'just now'],
    [NOW + 60_000, 'just now'],
    [NOW - 5 * MIN, '5 min ago'],
    [NOW - 3 * 60 * MIN, '3 h ago'],
    [NOW - 30 * 60 * MIN, 'yesterday'],
    [NOW - 4 * 24 * 60 * MIN, '4 days ago'],
    [new Date(2026, 2, 12).getTime(), '12 Mar'],
    [new Date(2025, 2, 12).getTime(), '12 Mar 2025'],
  ])('%s reads as %s', (ms, text) => {
    expect(formatRelativeTime(ms, NOW)).toBe(text);
  });

  it('shows a date for times far in the future instead of pretending they are now', () => {
    expect(formatRelativeTime(NOW + 3 * 24 * 60 * MIN, NOW)).toBe(formatShortDate(NOW + 3 * 24 * 60 * MIN, NOW));
  });

  it('comes with its exact local time and instant when known, alone when not', () => {
    const ms = new Date(2026, 10, 21, 9, 5).getTime();
    expect(relativeTimeShown(ms, NOW)).toEqual({
      text: '3 h ago',
      exact: { title: '21 Nov 2026, 09:05', dateTime: new Date(ms).toISOString() },
    });
    expect(relativeTimeShown(null, NOW)).toEqual({ text: 'unknown date' });
  });
});

describe('formatCountdown', () => {
  it('counts seconds, then minutes and seconds, never below zero', () => {
    expect(formatCountdown(NOW + 11_200, NOW)).toBe('12 s');
    expect(formatCountdown(NOW + 65_000, NOW)).toBe('1 min 5 s');
    expect(formatCountdown(NOW + 120_000, NOW)).toBe('2 min');
    expect(formatCountdown(NOW - 5_000, NOW)).toBe('0 s');
  });
});

describe('formatCount, plural and itIs', () => {
  it('groups thousands everywhere a count is shown, small counts as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(-1500)).toBe('-1,500');
    expect(formatCount(100_000)).toBe('100,000');
    expect(formatCount(2.5)).toBe('3');
  });

  it('agrees the noun with the count', () => {
    expect(plural(1, 'reply', 'replies')).toBe('1 reply');
    expect(plural(0, 'reply', 'replies')).toBe('0 replies');
    expect(plural(2000, 'thread', 'threads')).toBe('2,000 threads');
    expect(plural(0.6, 'day', 'days')).toBe('1 day');
    expect(threadCount(1)).toBe('1 thread');
    expect(itIs(1)).toBe('it is');
    expect(itIs(3)).toBe('they are');
  });
});

describe('countText', () => {
  it('keeps the digits bare and qualifies capped counts separately', () => {
    expect(countText(412, false, { one: 'thread', many: 'threads' })).toEqual({
      qualifier: null,
      digits: '412',
      phrase: '412 threads',
    });
    expect(countText(1999, true, { one: 'thread', many: 'threads' })).toEqual({
      qualifier: 'at least',
      digits: '1999',
      phrase: 'at least 1999 threads',
    });
    expect(countText(1, false, { one: 'thread', many: 'threads' }).phrase).toBe('1 thread');
  });
});

describe('explainError', () => {
  const err = (e: Partial<BridgeError>): BridgeError => ({
    kind: 'network',
    message: 'The service did not answer.',
    ...e,
  });
  const bare = (kind: BridgeError['kind'], extra: Partial<BridgeError> = {}) =>
    err({ kind, message: 'It failed.', ...extra });

  it('keeps the bridge sentence and adds the way out', () => {
    const text = explainError(err({}), 'Could not load projects');
    expect(text.title).toBe('Could not load projects');
    expect(text.detail).toBe('The service did not answer.');
    expect(text.hint).toMatch(/network or VPN/);
    expect(text.retryable).toBe(true);
  });

  it('sends auth failures to the connections screen', () => {
    const text = explainError(bare('auth'), 'Could not connect');
    expect(text.offerConnections).toBe(true);
    expect(text.retryable).toBe(false);
    expect(text.hint).toMatch(/new token/);
  });

  it('names who can fix a billing refusal', () => {
    expect(explainError(bare('billing', { reason: 'no_seat' }), 't').hint).toMatch(
      /owner or admin can change your role/,
    );
    expect(explainError(bare('billing', { reason: 'no_plan' }), 't').hint).toMatch(/organization owner can upgrade/);
    // A sentence that already names the fixer needs no second one.
    expect(
      explainError(bare('billing', { reason: 'no_plan', message: 'Ask the organization owner to upgrade.' }), 't').hint,
    ).toBeNull();
  });

  it('tells people an uncertain write may have happened and does not offer a blind retry', () => {
    const text = explainError(bare('network', { uncertain: true }), 'Could not move');
    expect(text.hint).toMatch(/may or may not have been saved/);
    expect(text.retryable).toBe(false);
  });

  it('adds no generic hint when the sentence already gives the way out', () => {
    expect(
      explainError(
        err({ message: "Can't reach the service: connection refused. Check the service URL, then try again." }),
        't',
      ).hint,
    ).toBeNull();
    expect(
      explainError(bare('auth', { message: 'The token is expired. Create a new token and reconnect.' }), 't').hint,
    ).toBeNull();
  });

  it('explains keychain trouble', () => {
    expect(explainError(bare('keychain'), 't').hint).toMatch(/Unlock the keychain/);
  });

  it('wraps anything thrown into a sentence', () => {
    expect(errorFromUnknown(new Error('boom')).message).toBe('Triage Desk hit an internal error: boom');
    expect(errorFromUnknown(42).message).toBe('Triage Desk hit an internal error: Unknown error');
  });
});

describe('describeAvailability', () => {
  it('reads available workspaces as available', () => {
    expect(describeAvailability({ available: true, unavailableReason: null, role: 'owner' })).toEqual({
      available: true,
      reason: null,
      fix: null,
    });
  });

  it('explains a reviewer seat and who fixes it', () => {
    const a = describeAvailability({
      available: false,
      unavailableReason: 'Reviewers cannot use agent tools',
      role: 'reviewer',
      unavailableKind: 'no_seat',
    });
    expect(a.reason).toMatch(/reviewer seat/);
    expect(a.fix).toMatch(/owner or admin/);
  });

  it('explains a plan without agent tools', () => {
    const a = describeAvailability({
      available: false,
      unavailableReason: 'x',
      role: 'admin',
      unavailableKind: 'no_plan',
    });
    expect(a.reason).toMatch(/plan does not include agent tools/);
    expect(a.fix).toMatch(/organization owner/);
  });

  it('falls back to the service sentence when the kind is unknown', () => {
    const a = describeAvailability({
      available: false,
      unavailableReason: 'Suspended for unpaid invoices',
      role: 'owner',
    });
    expect(a.reason).toBe('Suspended for unpaid invoices');
    expect(a.fix).toBeTruthy();
  });
});

describe('normalizeSourcePath', () => {
  it('accepts the object shape', () => {
    const p = normalizeSourcePath({
      target: { component: 'Button', file: 'src/Button.tsx', line: 12, tag: 'button' },
      above: [{ component: 'App', file: 'src/App.tsx', line: 3, tag: 'div' }],
      below: [{ depth: 1, tag: 'span', component: null, file: null, line: null, text: 'Pay' }],
    });
    expect(p?.target?.component).toBe('Button');
    expect(p?.above).toHaveLength(1);
    expect(p?.below[0]).toMatchObject({ tag: 'span', text: 'Pay', depth: 1 });
  });

  it('accepts the array shape, of strings or steps', () => {
    const p = normalizeSourcePath(SourcePath.parse(['src/App.tsx', { file: 'src/Button.tsx', line: 4 }]));
    expect(p?.target).toBeNull();
    expect(p?.below.map((s) => fileLine(s.file, s.line))).toEqual(['src/App.tsx', 'src/Button.tsx:4']);
  });

  it('treats null and empty as nothing to show', () => {
    expect(normalizeSourcePath(null)).toBeNull();
    expect(normalizeSourcePath([])).toBeNull();
    expect(normalizeSourcePath(SourcePath.parse({ target: {}, above: [], below: [] }))).toMatchObject({
      above: [],
      below: [],
    });
  });
});

describe('typeLabel', () => {
  it('turns type keys into words', () => {
    expect(typeLabel('copy-change')).toBe('Copy change');
    expect(typeLabel('bug')).toBe('Bug');
    expect(typeLabel(null)).toBe('Unclassified');
  });
});

describe('networkLine', () => {
  const state = (s: Partial<NetworkState>): NetworkState => ({
    phase: 'idle',
    queued: 0,
    until: null,
    message: '',
    ...s,
  });

  it('counts down to the end of a rate-limit pause', () => {
    expect(networkLine(state({ phase: 'limited', until: NOW + 12_000 }), NOW)).toBe(
      "Paused by the service's rate limit — resuming in 12 s",
    );
    expect(networkLine(state({ phase: 'limited', until: NOW - 1 }), NOW)).toBe(
      "Paused by the service's rate limit — resuming shortly",
    );
  });

  it('words pacing, offline and idle', () => {
    expect(networkLine(state({ phase: 'paced' }), NOW)).toBe('Pacing requests to stay under the rate limit');
    expect(networkLine(state({ phase: 'paced', queued: 4 }), NOW)).toBe(
      'Pacing requests to stay under the rate limit (4 waiting)',
    );
    expect(networkLine(state({ phase: 'offline', message: 'No network.' }), NOW)).toBe('Offline — No network.');
    expect(networkLine(state({}), NOW)).toBe('Connected');
  });

  it('words the queue behind a request in agreement with its count', () => {
    expect(networkLine(state({ phase: 'busy' }), NOW)).toBe('Working…');
    expect(networkLine(state({ phase: 'busy', queued: 1 }), NOW)).toBe('Working — 1 request waiting');
    expect(networkLine(state({ phase: 'busy', queued: 3 }), NOW)).toBe('Working — 3 requests waiting');
  });
});

describe('truncate', () => {
  it('keeps short text and cuts long text with an ellipsis within the limit', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('a sentence that is long', 10)).toBe('a sentenc…');
    expect(truncate('a sentence that is long', 10).length).toBeLessThanOrEqual(10);
  });
});
