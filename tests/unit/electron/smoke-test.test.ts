import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  reportSmokeResult,
  runSmokeTest,
  smokeRequest,
  type SmokePage,
} from '../../../src/main/electron/smoke-test.js';

const page = (o: Partial<SmokePage> & { rendersAfter?: number; bridge?: string } = {}): SmokePage => {
  let asked = 0;
  return {
    loaded: o.loaded ?? (async () => {}),
    evaluate:
      o.evaluate ??
      (async (code) => {
        if (code.includes('childElementCount')) return ++asked > (o.rendersAfter ?? 0) ? 1 : 0;
        return o.bridge ?? JSON.stringify({ ok: true, data: { phase: 'no-connection' } });
      }),
  };
};
const keychainOk = async () => {};

describe('the smoke test', () => {
  it('is asked for with --smoke-test, the result file with --smoke-result=', () => {
    expect(smokeRequest(['triage-desk'])).toBeNull();
    expect(smokeRequest(['triage-desk', '--smoke-test'])).toEqual({ resultFile: null });
    expect(smokeRequest(['triage-desk', '--smoke-result=/tmp/r.json', '--smoke-test'])).toEqual({
      resultFile: '/tmp/r.json',
    });
  });

  it('passes when the page loads and renders, the bridge answers and the keychain round trip works', async () => {
    const result = await runSmokeTest({ page: page({ rendersAfter: 3 }), keychainRoundTrip: keychainOk, pollMs: 1 });
    expect(result).toEqual({
      ok: true,
      steps: [
        'the window loaded app://triage-desk/index.html',
        'the page rendered',
        'a bridge call answered (network phase no-connection)',
        'the keychain saved, read and deleted an entry',
      ],
    });
  });

  it('fails with the step and the reason: a page that never renders, a refused bridge call, a keychain error', async () => {
    expect(
      await runSmokeTest({
        page: page({ rendersAfter: Infinity }),
        keychainRoundTrip: keychainOk,
        pollMs: 5,
        timeoutMs: 60,
      }),
    ).toEqual({
      ok: false,
      steps: ['the window loaded app://triage-desk/index.html'],
      reason: 'the page renders: no answer within 0 s',
    });
    const refused = JSON.stringify({
      ok: false,
      error: { kind: 'bad_request', message: 'Refused: this call did not come from the Triage Desk window.' },
    });
    expect(await runSmokeTest({ page: page({ bridge: refused }), keychainRoundTrip: keychainOk })).toMatchObject({
      ok: false,
      reason:
        'a bridge call goes to the main process and back: the bridge answered Refused: this call did not come from the Triage Desk window.',
    });
    expect(
      await runSmokeTest({
        page: page(),
        keychainRoundTrip: async () => {
          throw new Error('No OS keychain is reachable');
        },
      }),
    ).toMatchObject({
      ok: false,
      steps: expect.arrayContaining(['the page rendered']),
      reason: 'the keychain saves, reads and deletes an entry: No OS keychain is reachable',
    });
    expect(
      await runSmokeTest({
        page: page({
          evaluate: async () => {
            throw new Error("Cannot read properties of undefined (reading 'networkState')");
          },
        }),
        keychainRoundTrip: keychainOk,
      }),
    ).toMatchObject({
      ok: false,
      reason: "the page renders: Cannot read properties of undefined (reading 'networkState')",
    });
  });

  it('writes its result where asked and one line for the log', () => {
    const resultFile = join(mkdtempSync(join(tmpdir(), 'triage-smoke-')), 'r.json');
    const lines: string[] = [];
    reportSmokeResult({ ok: false, steps: ['a'], reason: 'b: c' }, { resultFile }, (l) => lines.push(l));
    expect(JSON.parse(readFileSync(resultFile, 'utf8'))).toEqual({ ok: false, steps: ['a'], reason: 'b: c' });
    expect(lines).toEqual(['Triage Desk smoke test: FAILED: b: c (1 steps: a)']);
  });
});
