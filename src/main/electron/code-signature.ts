import { execFile } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * Whether this macOS build is signed with a real identity. macOS delivers notifications
 * only to signed apps; an ad-hoc signature (what an unsigned electron-builder build keeps so
 * it runs on Apple silicon) does not count, so the app must not claim it showed one.
 */
export type CodeSignature = 'signed' | 'adhoc' | 'unsigned' | 'unknown';

/** Reads `codesign --display --verbose=2` output (it writes to stderr). */
export function parseCodesignDisplay(output: string, exitCode: number | null): CodeSignature {
  if (/code object is not signed at all/i.test(output)) return 'unsigned';
  if (exitCode !== 0) return 'unknown';
  if (/^Signature=adhoc$/im.test(output)) return 'adhoc';
  if (/^Authority=/m.test(output)) return 'signed';
  return 'unknown';
}

/** The signature of the .app bundle that holds `execPath` (…/Name.app/Contents/MacOS/Name). */
export function readCodeSignature(execPath: string): Promise<CodeSignature> {
  const bundle = resolve(execPath, '../../..');
  return new Promise((done) => {
    execFile('/usr/bin/codesign', ['--display', '--verbose=2', bundle], { timeout: 5_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      done(parseCodesignDisplay(`${stdout}\n${stderr}`, code));
    });
  });
}
