import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../support/bridge-results.js';
import { asBridge, fakeBridge, type FakeBridge } from '../../support/fake-bridge.js';

let bridge: FakeBridge;
const stored = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => stored.get(k) ?? null,
  setItem: (k: string, v: string) => void stored.set(k, v),
});
vi.mock('../../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { useWhatsNew } = await import('../../../../src/renderer/features/reports/stores/whats-new-store.js');
const { useSession } = await import('../../../../src/renderer/stores/session-store.js');
const { readLastBriefed } = await import('../../../../src/renderer/features/reports/model/briefing-memory.js');

let project = 0;
beforeEach(() => {
  bridge = fakeBridge();
  project++;
});

describe('what’s new store', () => {
  const briefingAnswer = (until: number, newThreads: Array<{ id: string; status: string }> = []) => ({
    ok: true as const,
    data: { since: 1, until, newThreads, counts: {} },
  });
  const connectionId = () => `conn-${project}`;
  const signedIn = () => useSession.setState({ active: { connection: { id: connectionId() } } as never });

  it('since my last briefing: the service’s bookmark the first time, then where the last briefing read here ended', async () => {
    signedIn();
    bridge.api.whatsNew!.mockResolvedValue(briefingAnswer(5_000));
    useWhatsNew.getState().enter(`p${project}`);
    expect(useWhatsNew.getState().lastBriefedUntil).toBeNull();
    await useWhatsNew.getState().brief(6_000);
    expect(bridge.api.whatsNew).toHaveBeenLastCalledWith({ projectId: `p${project}` });
    expect(useWhatsNew.getState().briefing?.preset).toBe('last-briefing');
    expect(useWhatsNew.getState().lastBriefedUntil).toBe(5_000);
    // Kept per connection and project: coming back (another store life) starts there.
    expect(readLastBriefed(connectionId(), `p${project}`)).toBe(5_000);
    useWhatsNew.getState().enter(`other-${project}`);
    expect(useWhatsNew.getState().lastBriefedUntil).toBeNull();
    useWhatsNew.getState().enter(`p${project}`);
    expect(useWhatsNew.getState().lastBriefedUntil).toBe(5_000);
    bridge.api.whatsNew!.mockResolvedValue(briefingAnswer(9_000));
    await useWhatsNew.getState().brief(9_500);
    expect(bridge.api.whatsNew).toHaveBeenLastCalledWith({ projectId: `p${project}`, since: '5000' });
    expect(readLastBriefed(connectionId(), `p${project}`)).toBe(9_000);
  });

  it('last 7 days and since a date send their start; any briefing read moves where the next “since my last” starts', async () => {
    signedIn();
    bridge.api.whatsNew!.mockResolvedValue(briefingAnswer(new Date(2026, 2, 10).getTime()));
    useWhatsNew.getState().enter(`p${project}`);
    const now = new Date(2026, 2, 10, 12).getTime();
    useWhatsNew.getState().setPreset('last-days');
    await useWhatsNew.getState().brief(now);
    expect(bridge.api.whatsNew).toHaveBeenLastCalledWith({
      projectId: `p${project}`,
      since: String(now - 7 * 86_400_000),
    });
    useWhatsNew.getState().setPreset('date');
    useWhatsNew.getState().setDate('2026-03-01');
    await useWhatsNew.getState().brief(now);
    expect(bridge.api.whatsNew).toHaveBeenLastCalledWith({
      projectId: `p${project}`,
      since: String(new Date(2026, 2, 1).getTime()),
    });
    expect(useWhatsNew.getState().briefing?.preset).toBe('date');
    expect(useWhatsNew.getState().lastBriefedUntil).toBe(new Date(2026, 2, 10).getTime());
  });

  it('names the window of a briefing it could not get', async () => {
    signedIn();
    useWhatsNew.getState().enter(`p${project}`);
    useWhatsNew.getState().setPreset('last-days');
    bridge.api.whatsNew!.mockResolvedValueOnce(fail({ kind: 'network', message: 'The service did not answer.' }));
    await useWhatsNew.getState().brief(new Date(2026, 2, 10, 12).getTime());
    expect(useWhatsNew.getState().problem?.title).toBe('Could not get the briefing (in the last 7 days)');
    useWhatsNew.getState().setPreset('last-briefing');
    bridge.api.whatsNew!.mockResolvedValueOnce(fail({ kind: 'network' }));
    await useWhatsNew.getState().brief();
    expect(useWhatsNew.getState().problem?.title).toBe('Could not get the briefing (since your last briefing)');
    expect(useWhatsNew.getState().loading).toBeNull();
  });

  it('explains a bad or future date instead of calling', async () => {
    useWhatsNew.getState().enter(`p${project}`);
    useWhatsNew.getState().setPreset('date');
    useWhatsNew.getState().setDate('');
    await useWhatsNew.getState().brief();
    expect(useWhatsNew.getState().dateProblem).toMatch(/Choose the date/);
    useWhatsNew.getState().setDate('2999-01-01');
    await useWhatsNew.getState().brief();
    expect(useWhatsNew.getState().dateProblem).toMatch(/in the future/);
    expect(bridge.api.whatsNew).not.toHaveBeenCalled();
  });

  it('reads who opened the new threads from one list request, and pages each section 25 at a time', async () => {
    signedIn();
    const newThreads = Array.from({ length: 60 }, (_, i) => ({ id: `n${i}`, status: 'open' }));
    bridge.api.whatsNew!.mockResolvedValue(briefingAnswer(10, newThreads));
    bridge.api.listItems!.mockResolvedValue(
      ok({ items: newThreads.map((t, i) => ({ id: t.id, author: `Person ${i}`, createdAt: 1_000 + i })) }),
    );
    useWhatsNew.getState().enter(`p${project}`);
    useWhatsNew.getState().setPreset('last-days');
    await useWhatsNew.getState().brief(20);
    expect(bridge.api.listItems).toHaveBeenCalledTimes(1);
    expect(bridge.api.listItems).toHaveBeenLastCalledWith({ projectId: `p${project}`, limit: 60 });
    const details = useWhatsNew.getState().details;
    expect(details?.kind === 'ready' && details.byId.get('n7')).toEqual({ author: 'Person 7', createdAt: 1_007 });
    expect(useWhatsNew.getState().shown.newThreads).toBeUndefined();
    useWhatsNew.getState().showMore('newThreads');
    expect(useWhatsNew.getState().shown.newThreads).toBe(50);
  });

  it('keeps the briefing and says why when the authors cannot be read', async () => {
    signedIn();
    bridge.api.whatsNew!.mockResolvedValue(briefingAnswer(10, [{ id: 'n1', status: 'open' }]));
    bridge.api.listItems!.mockResolvedValue(fail({ kind: 'network', message: 'The service did not answer.' }));
    useWhatsNew.getState().enter(`p${project}`);
    await useWhatsNew.getState().brief(20);
    expect(useWhatsNew.getState().briefing?.data.newThreads).toHaveLength(1);
    expect(useWhatsNew.getState().details).toMatchObject({
      kind: 'failed',
      problem: { title: 'Could not read who opened the new threads, and when' },
    });
  });
});
