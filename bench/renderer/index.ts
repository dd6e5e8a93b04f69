/** The renderer benchmark: `runRendererBench()` and how to print its results. */
export { runRendererBench } from './bench.js';
export { formatRendererTable } from './report.js';
export type { RendererBenchOptions, RendererBenchResult } from './types.js';
