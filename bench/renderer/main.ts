/**
 * Standalone entry: `node --import tsx bench/renderer/main.ts [--only workspace,merge] [--profile DIR] [--renderer-dir DIR] [--json]`.
 * Builds the current renderer, runs the benchmark in Chromium against a stack of its own,
 * prints the table and exits non-zero when a target is not met or the run failed.
 */
import { parseArgs } from 'node:util';
import { formatRendererTable, runRendererBench } from './index.js';

const { values } = parseArgs({
  options: {
    profile: { type: 'string' },
    'renderer-dir': { type: 'string' },
    json: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const only = values.only?.split(',').map((p) => p.trim());
if (only?.some((p) => p !== 'workspace' && p !== 'merge'))
  throw new Error('--only takes workspace, merge or both (comma-separated)');

// Ctrl+C stops the run through its cleanup, so no service or browser is left behind.
const interrupt = new AbortController();
process.once('SIGINT', () => interrupt.abort());
process.once('SIGTERM', () => interrupt.abort());

try {
  const results = await runRendererBench({
    signal: interrupt.signal,
    ...(only ? { only: only as Array<'workspace' | 'merge'> } : {}),
    ...(values.profile ? { profileDir: values.profile } : {}),
    ...(values['renderer-dir'] ? { rendererDir: values['renderer-dir'] } : {}),
  });
  process.stdout.write(`\n${formatRendererTable(results)}\n`);
  if (values.json) process.stdout.write(`\n${JSON.stringify(results, null, 2)}\n`);
  process.exitCode = results.every((r) => r.met) ? 0 : 1;
} catch (e) {
  const why = e instanceof Error ? (interrupt.signal.aborted ? e.message : (e.stack ?? e.message)) : String(e);
  process.stderr.write(`\nThe renderer bench failed: ${why}\n`);
  process.exitCode = 2;
}
