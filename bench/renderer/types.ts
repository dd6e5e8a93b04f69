/**
 * One line of the renderer benchmark: what was measured, how, and whether its
 * target is met. `bench/run.ts` prints these next to the server figures.
 */
export interface RendererBenchResult {
  /** What was measured, e.g. "Data received → board painted (first open)". */
  metric: string;
  unit: 'ms' | 'MB' | 'requests';
  /** How many samples the figures summarise (1 for a single measurement). */
  samples: number;
  /** Median and 95th percentile (nearest rank); null where one figure is all there is. */
  p50: number | null;
  p95: number | null;
  /** The figure compared with the target (the p95 for latencies, the maximum for the heap, the count for requests). */
  value: number;
  /** The target in words, e.g. "< 150 ms (p95)". */
  target: string;
  met: boolean;
  /** How it was measured and the breakdown worth knowing. */
  note: string;
}

export interface RendererBenchOptions {
  /** Progress lines (default: stdout). */
  log?: (line: string) => void;
  /** Built renderer to serve; by default a fresh build of the current sources goes to a temp dir. */
  rendererDir?: string;
  /** Debian's Chromium (default /usr/bin/chromium). */
  chromiumPath?: string;
  /** Hard limit for the whole run (default 170 s): past it the bench stops, cleans up and fails. */
  deadlineMs?: number;
  /** Run only these parts (default both): the workspace figures (1–9) and the merge (10). */
  only?: Array<'workspace' | 'merge'>;
  /** Stops the run (and cleans up) when aborted, e.g. on Ctrl+C. */
  signal?: AbortSignal;
  /**
   * Profiling run: writes a CPU profile (.cpuprofile, opens in DevTools) of each filter and
   * scroll phase here and logs React commit counts. The hooks cost time: figures of such a
   * run are not the ones to report.
   */
  profileDir?: string;
}
