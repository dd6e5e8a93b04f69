/**
 * What the bench runs inside the page, installed before the app's own scripts. Plain
 * JavaScript in a string: functions handed to page.evaluate from TypeScript would be
 * rewritten by the loader (tsx adds name helpers the page does not have).
 *
 * Times are performance.now() / timeStamp values of the page (one clock):
 *  - "painted" is the start of the second animation frame after the commit (double rAF): the
 *    first frame is the one that paints the commit, the second begins once it is painted.
 *  - a commit is seen through a stand-in React DevTools hook: React calls its
 *    onCommitFiberRoot once the commit has written the DOM (production builds too). It
 *    only takes the time: nothing observes the DOM, so the page does no extra work.
 */
export const PROBE_SCRIPT = String.raw`
(() => {
  performance.setResourceTimingBufferSize(100000);
  const eventTimings = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) eventTimings.push({ name: e.name, start: e.startTime, duration: e.duration, processing: e.processingEnd - e.processingStart });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch {}
  const longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}

  const commitListeners = [];
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    isDisabled: false,
    inject(renderer) {
      const id = this.renderers.size + 1;
      this.renderers.set(id, renderer);
      return id;
    },
    onCommitFiberRoot(_id, root) {
      const t = performance.now();
      for (const listener of commitListeners) listener(t, root);
    },
  };
  window.__rbCommitListeners = commitListeners;

  const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
  const doubleRaf = () => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame((t) => ok(performance.now()))));
  let armed = null;

  window.__rb = {
    reset() {
      performance.clearMarks();
      performance.clearResourceTimings();
      eventTimings.length = 0;
      longTasks.length = 0;
    },

    /** Waits for the painted mark of a load, and says how long each step took. */
    async loadFigures(paintedMark, timeoutMs) {
      const until = performance.now() + timeoutMs;
      for (;;) {
        const loaded = performance.getEntriesByName('triage:items-loaded').at(-1);
        const painted = loaded && performance.getEntriesByName(paintedMark).filter((m) => m.startTime >= loaded.startTime)[0];
        if (loaded && painted) {
          const responses = performance
            .getEntriesByType('resource')
            .filter((r) => r.name.includes('/bridge/api%3AlistItems') && r.responseEnd <= loaded.startTime);
          if (responses.length === 0) return { error: 'no items response before the load completed' };
          const lastResponse = Math.max(...responses.map((r) => r.responseEnd));
          const firstRequest = Math.min(...responses.map((r) => r.startTime));
          return {
            requests: responses.length,
            firstRequest,
            lastResponse,
            loaded: loaded.startTime,
            painted: painted.startTime,
            cards: document.querySelectorAll('[data-testid="card"]').length,
            tableRows: document.querySelectorAll('[data-testid="table-row"]').length,
            countText: document.querySelector('[data-testid="shown-count"]')?.textContent ?? '',
            longTasks: longTasks.filter((t) => t.start + t.duration >= lastResponse).map((t) => t.duration),
          };
        }
        if (performance.now() > until) return { error: 'timed out waiting for ' + paintedMark };
        await sleep(20);
      }
    },

    /**
     * Arms a measurement of the next key press: its event time, the first React commit after
     * it, and the frame that painted that commit. Call before pressing the key.
     */
    arm() {
      const count = () => document.querySelector('[data-testid="shown-count"]')?.textContent ?? '';
      const state = { start: null, commit: null, painted: null, countBefore: count(), countAfter: null };
      const onKey = (e) => {
        if (state.start === null) state.start = e.timeStamp;
      };
      document.addEventListener('keydown', onKey, { capture: true });
      let resolve;
      const done = new Promise((ok) => (resolve = ok));
      const stop = () => {
        document.removeEventListener('keydown', onKey, { capture: true });
        const i = commitListeners.indexOf(onCommit);
        if (i >= 0) commitListeners.splice(i, 1);
      };
      const onCommit = (t) => {
        if (state.start === null || state.commit !== null) return;
        state.commit = t;
        stop();
        doubleRaf().then((painted) => {
          state.painted = painted;
          state.countAfter = count();
          resolve(state);
        });
      };
      commitListeners.push(onCommit);
      armed = { done, cancel: stop };
    },

    async measured(timeoutMs) {
      const current = armed;
      armed = null;
      const result = await Promise.race([current.done, sleep(timeoutMs).then(() => null)]);
      if (!result) {
        current.cancel();
        return { error: 'no update within ' + timeoutMs + ' ms' };
      }
      return result;
    },

    /** Resolves at the start of the second frame from now (the double rAF "painted" waits for). */
    frames() {
      return doubleRaf();
    },

    /** The browser's own Event Timing entries since a time (it reports events of 16 ms or more). */
    eventTimings(since) {
      return eventTimings.filter((e) => e.start >= since);
    },

    /**
     * Scrolls an element by pxPerFrame every animation frame (turning at the ends) for ms,
     * and records each frame's interval (rAF deltas) and main-thread time (from the frame's
     * start to just after it was painted: a message posted from rAF runs after the paint).
     */
    scroll(selector, pxPerFrame, ms) {
      const el = document.querySelector(selector);
      if (!el) throw new Error('no ' + selector);
      return new Promise((ok) => {
        const intervals = [];
        const work = [];
        const channel = new MessageChannel();
        let frameStart = null;
        channel.port1.onmessage = () => {
          if (frameStart !== null) work.push(performance.now() - frameStart);
          frameStart = null;
        };
        let first = null;
        let last = null;
        let dir = 1;
        let travelled = 0;
        // Read once: reading layout in the frame would force an extra layout of what React just rendered.
        const end = el.scrollHeight - el.clientHeight;
        let pos = el.scrollTop;
        const frame = (t) => {
          if (first === null) first = t;
          if (last !== null) intervals.push(t - last);
          last = t;
          let next = pos + dir * pxPerFrame;
          if (next >= end) { next = end; dir = -1; }
          if (next <= 0) { next = 0; dir = 1; }
          travelled += Math.abs(next - pos);
          pos = next;
          el.scrollTop = next;
          frameStart = t;
          channel.port2.postMessage(0);
          if (t - first < ms) requestAnimationFrame(frame);
          else setTimeout(() => ok({ intervals, work, travelled, scrollHeight: el.scrollHeight }), 100);
        };
        requestAnimationFrame(frame);
      });
    },

    heap() {
      const m = performance.memory;
      return m ? { used: m.usedJSHeapSize, total: m.totalJSHeapSize } : null;
    },
  };
})();
`;

export interface LoadFigures {
  error?: string;
  requests: number;
  firstRequest: number;
  lastResponse: number;
  loaded: number;
  painted: number;
  cards: number;
  tableRows: number;
  countText: string;
  /** Long tasks (50 ms or more) from the last response on. */
  longTasks: number[];
}

export interface KeyFigures {
  error?: string;
  start: number;
  commit: number;
  painted: number;
  countBefore: string;
  countAfter: string;
  /** Main-thread CPU time from just before the press to the next one (CDP ThreadTime), set by the bench. */
  cpu?: number;
}

export interface ScrollFigures {
  intervals: number[];
  work: number[];
  travelled: number;
  scrollHeight: number;
}

export interface EventTiming {
  name: string;
  start: number;
  duration: number;
  processing: number;
}

/**
 * Only when profiling (installed after PROBE_SCRIPT): counts React commits and which
 * components rendered in them. It walks the committed tree, which costs time, so figures of
 * a profiling run are not the ones to report.
 */
export const REACT_COMMITS_SCRIPT = String.raw`
(() => {
  const stats = { commits: 0, rendered: new Map() };
  const nameOf = (f) => {
    const t = f.type;
    if (!t || typeof t === 'string') return null;
    return t.displayName || t.name || (t.type && (t.type.displayName || t.type.name)) || (t.render && (t.render.displayName || t.render.name)) || null;
  };
  const count = (f) => {
    const name = nameOf(f);
    if (name) stats.rendered.set(name, (stats.rendered.get(name) || 0) + 1);
  };
  // As React DevTools tells what rendered: a new fiber mounted its whole subtree; an updated
  // one rendered when it carries PerformedWork, and its children changed only when the child
  // pointer did (a bailed-out subtree keeps the previous children).
  const mounted = (f) => {
    for (let c = f; c; c = c.sibling) {
      count(c);
      if (c.child) mounted(c.child);
    }
  };
  const updated = (next, prev) => {
    if (next.flags & 1) count(next);
    if (next.child === prev.child) return;
    for (let c = next.child; c; c = c.sibling) {
      if (c.alternate) updated(c, c.alternate);
      else {
        count(c);
        if (c.child) mounted(c.child);
      }
    }
  };
  const walk = (root) => (root.alternate ? updated(root, root.alternate) : mounted(root));
  window.__rbCommitListeners.push((_t, root) => {
    stats.commits++;
    walk(root.current);
  });
  window.__rbCommits = {
    reset() { stats.commits = 0; stats.rendered.clear(); },
    read() { return { commits: stats.commits, rendered: [...stats.rendered].sort((a, b) => b[1] - a[1]).slice(0, 12) }; },
  };
})();
`;

export interface CommitStats {
  commits: number;
  rendered: Array<[string, number]>;
}
