import { describe, expect, it } from 'vitest';
import { createWriteTracker, holdQuitForWrites } from '../../../src/main/electron/write-tracker.js';

function quittingApp() {
  const listeners: ((e: { preventDefault(): void }) => void)[] = [];
  const app = {
    quitted: false,
    prevented: 0,
    on(_event: 'before-quit', l: (e: { preventDefault(): void }) => void) {
      listeners.push(l);
    },
    quit() {
      let prevented = false;
      for (const l of listeners) l({ preventDefault: () => (prevented = true) });
      if (prevented) app.prevented += 1;
      else app.quitted = true;
    },
  };
  return app;
}

describe('quitting while writes are in flight', () => {
  it('waits for every write, also ones started while waiting, then quits', async () => {
    const writes = createWriteTracker();
    const app = quittingApp();
    const logged: string[] = [];
    holdQuitForWrites(app, writes, { timeoutMs: 5_000, log: (m, n) => logged.push(`${m} ${n}`) });
    let finish!: () => void;
    void writes.track(new Promise<void>((r) => (finish = r)));
    app.quit();
    app.quit(); // a second Cmd+Q while waiting is held too, not a second wait
    expect(app).toMatchObject({ quitted: false, prevented: 2 });
    let finishLate!: () => void;
    void writes.track(new Promise<void>((r) => (finishLate = r)));
    finish();
    await new Promise((r) => setTimeout(r, 10));
    expect(app.quitted).toBe(false);
    finishLate();
    await new Promise((r) => setTimeout(r, 10));
    expect(app.quitted).toBe(true);
    expect(logged).toEqual(['quit waits for writes in flight 1']);
  });

  it('gives up after its limit and says so in the log', async () => {
    const writes = createWriteTracker();
    const app = quittingApp();
    const logged: string[] = [];
    holdQuitForWrites(app, writes, { timeoutMs: 30, log: (m, n) => logged.push(`${m} ${n}`) });
    void writes.track(new Promise(() => {}));
    app.quit();
    await new Promise((r) => setTimeout(r, 80));
    expect(app.quitted).toBe(true);
    expect(logged).toEqual(['quit waits for writes in flight 1', 'quit with writes still unanswered 1']);
  });

  it('a failed write counts as answered, and the caller still sees its failure', async () => {
    const writes = createWriteTracker();
    await expect(writes.track(Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(writes.pending()).toBe(0);
    expect(await writes.settled(10)).toBe(true);
  });
});
