import { MutationObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../support/bridge-results.js';
import { asBridge, fakeBridge, type FakeBridge } from '../../support/fake-bridge.js';
import { memoryStorage } from '../../support/memory-storage.js';

let bridge: FakeBridge;
const storage = memoryStorage();
vi.stubGlobal('localStorage', storage);
vi.mock('../../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const { briefingMutation, newThreadDetailsQuery } =
  await import('../../../../src/renderer/features/reports/stores/whats-new-query.js');
const { useWhatsNew } = await import('../../../../src/renderer/features/reports/stores/whats-new-store.js');
const { queryClient, bridgeErrorOf } = await import('../../../../src/renderer/server-state/query-client.js');
const { useSession } = await import('../../../../src/renderer/stores/session-store.js');
const { readLastBriefed } = await import('../../../../src/renderer/features/reports/model/briefing-memory.js');

let project = 0;
const connectionId = () => `conn-${project}`;
beforeEach(() => {
  bridge = fakeBridge();
  project++;
  useWhatsNew.setState(useWhatsNew.getInitialState());
  useSession.setState({ active: { connection: { id: connectionId() } } } as never);
});
afterEach(() => queryClient.clear());

const briefingAnswer = (until: number, newThreads: Array<{ id: string; status: string }> = []) =>
  ok({ since: 1, until, newThreads, counts: {} });

/** Asks for the briefing the chosen preset describes, as the tab's button does. */
async function brief(now?: number) {
  const ask = useWhatsNew.getState().ask(now);
  if (!ask) return null;
  return new MutationObserver(queryClient, briefingMutation(connectionId(), `p${project}`)).mutate(ask);
}
const lastBriefing = () => queryClient.getQueryData(['connection', connectionId(), 'reports-whats-new', `p${project}`]);

describe('briefing query', () => {
  it('since my last briefing: the service’s bookmark the first time, then where the last briefing read here ended', async () => {
    bridge.api.whatsNew!.mockResolvedValue(briefingAnswer(5_000));
    useWhatsNew.getState().enter(`p${project}`);
    expect(useWhatsNew.getState().lastBriefedUntil).toBeNull();
    await brief(6_000);
    expect(bridge.api.whatsNew).toHaveBeenLastCalledWith({ projectId: `p${project}` });
    expect(lastBriefing()).toMatchObject({ preset: 'last-briefing' });
    expect(useWhatsNew.getState().lastBriefedUntil).toBe(5_000);
    // Kept per connection and project: coming back (another store life) starts there.
    expect(readLastBriefed(connectionId(), `p${project}`)).toBe(5_000);
    useWhatsNew.getState().enter(`other-${project}`);
    expect(useWhatsNew.getState().lastBriefedUntil).toBeNull();
    useWhatsNew.getState().enter(`p${project}`);
    expect(useWhatsNew.getState().lastBriefedUntil).toBe(5_000);
    bridge.api.whatsNew!.mockResolvedValue(briefingAnswer(9_000));
    await brief(9_500);
    expect(bridge.api.whatsNew).toHaveBeenLastCalledWith({ projectId: `p${project}`, since: '5000' });
    expect(readLastBriefed(connectionId(), `p${project}`)).toBe(9_000);
  });

  it('last 7 days and since a date send their start; any briefing read moves where the next “since my last” starts', async () => {
    bridge.api.whatsNew!.mockResolvedValue(briefingAnswer(new Date(2026, 2, 10).getTime()));
    useWhatsNew.getState().enter(`p${project}`);
    const now = new Date(2026, 2, 10, 12).getTime();
    useWhatsNew.getState().setPreset('last-days');
    await brief(now);
    expect(bridge.api.whatsNew).toHaveBeenLastCalledWith({
      projectId: `p${project}`,
      since: String(now - 7 * 86_400_000),
    });
    useWhatsNew.getState().setPreset('date');
    useWhatsNew.getState().setDate('2026-03-01');
    await brief(now);
    expect(bridge.api.whatsNew).toHaveBeenLastCalledWith({
      projectId: `p${project}`,
      since: String(new Date(2026, 2, 1).getTime()),
    });
    expect(lastBriefing()).toMatchObject({ preset: 'date' });
    expect(useWhatsNew.getState().lastBriefedUntil).toBe(new Date(2026, 2, 10).getTime());
  });

  it('a briefing it could not get keeps the last one and moves no bookmark', async () => {
    bridge.api.whatsNew!.mockResolvedValueOnce(briefingAnswer(5_000));
    useWhatsNew.getState().enter(`p${project}`);
    await brief(6_000);
    bridge.api.whatsNew!.mockResolvedValueOnce(fail({ kind: 'network', message: 'The service did not answer.' }));
    const error = await brief(7_000).catch((e: unknown) => e);
    expect(bridgeErrorOf(error)).toMatchObject({ kind: 'network' });
    expect(lastBriefing()).toMatchObject({ data: { until: 5_000 } });
    expect(useWhatsNew.getState().lastBriefedUntil).toBe(5_000);
  });

  it('explains a bad or future date instead of calling', async () => {
    useWhatsNew.getState().enter(`p${project}`);
    useWhatsNew.getState().setPreset('date');
    useWhatsNew.getState().setDate('');
    expect(await brief()).toBeNull();
    expect(useWhatsNew.getState().dateProblem).toMatch(/Choose the date/);
    useWhatsNew.getState().setDate('2999-01-01');
    expect(await brief()).toBeNull();
    expect(useWhatsNew.getState().dateProblem).toMatch(/in the future/);
    expect(bridge.api.whatsNew).not.toHaveBeenCalled();
  });

  it('reads who opened the new threads from one list request, and pages each section 25 at a time', async () => {
    const newThreads = Array.from({ length: 60 }, (_, i) => ({ id: `n${i}`, status: 'open' }));
    bridge.api.whatsNew!.mockResolvedValue(briefingAnswer(10, newThreads));
    bridge.api.listItems!.mockResolvedValue(
      ok({ items: newThreads.map((t, i) => ({ id: t.id, author: `Person ${i}`, createdAt: 1_000 + i })) }),
    );
    useWhatsNew.getState().enter(`p${project}`);
    useWhatsNew.getState().setPreset('last-days');
    useWhatsNew.getState().showMore('newThreads');
    const briefing = await brief(20);
    // A new briefing starts every section at one step.
    expect(useWhatsNew.getState().shown.newThreads).toBeUndefined();
    const details = await queryClient.fetchQuery(newThreadDetailsQuery(connectionId(), `p${project}`, briefing!.data));
    expect(bridge.api.listItems).toHaveBeenCalledTimes(1);
    expect(bridge.api.listItems).toHaveBeenLastCalledWith({ projectId: `p${project}`, limit: 60 });
    expect(details.get('n7')).toEqual({ author: 'Person 7', createdAt: 1_007 });
    useWhatsNew.getState().showMore('newThreads');
    expect(useWhatsNew.getState().shown.newThreads).toBe(50);
  });

  it('says why the authors cannot be read', async () => {
    const answer = briefingAnswer(10, [{ id: 'n1', status: 'open' }]);
    bridge.api.listItems!.mockResolvedValue(fail({ kind: 'network', message: 'The service did not answer.' }));
    const error = await queryClient
      .fetchQuery(newThreadDetailsQuery(connectionId(), `p${project}`, answer.data as never))
      .catch((e: unknown) => e);
    expect(bridgeErrorOf(error)).toMatchObject({ kind: 'network', message: 'The service did not answer.' });
  });
});
