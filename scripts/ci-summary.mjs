#!/usr/bin/env node
/* global process, console */
// Sums the JSON reports of every test runner into the one closing line CI reads:
// "N passed, N failed, N skipped". A missing or unreadable report counts as one failure,
// so a runner that crashed before reporting can never look green.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const notes = [];

function read(path) {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

function vitest(path) {
  const r = read(path);
  if (!r) return ((failed += 1), notes.push(`vitest: no report at ${path}`));
  passed += r.numPassedTests ?? 0;
  failed += (r.numFailedTests ?? 0) + (r.numRuntimeErrorTests ?? 0);
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // A test file that failed to load has no tests in it but must still fail the run.
  for (const f of r.testResults ?? [])
    if (f.status === 'failed' && (f.assertionResults ?? []).length === 0) failed += 1;
}

function playwright(path) {
  const r = read(path);
  if (!r) return ((failed += 1), notes.push(`playwright: no report at ${path}`));
  const s = r.stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
  if ((r.errors ?? []).length) failed += r.errors.length;
}

const [, , ...args] = process.argv;
for (const arg of args) {
  const [kind, path] = arg.split('=');
  if (kind === 'vitest') vitest(path);
  else if (kind === 'playwright') playwright(path);
  else if (kind === 'step-failures') failed += Number(path) || 0;
}
for (const n of notes) console.log(n);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
