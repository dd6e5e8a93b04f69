import { writeFileSync } from 'node:fs';

/**
 * `--smoke-test`: what the release run does with every packaged build before it is
 * uploaded. The app starts as a person's would (fuses, app.asar, the app:// page, the
 * preload, the native keychain binding loaded from app.asar.unpacked), then checks that the
 * window's page rendered, that one bridge call goes through IPC and back, and that the
 * keychain saves, reads and deletes an entry; writes the result and exits 0, or non-zero
 * with the reason, within a minute. It never connects to a service and keeps its data in a
 * throwaway folder.
 */
const SMOKE_FLAG = '--smoke-test';
const RESULT_FLAG = '--smoke-result=';
const SMOKE_TIMEOUT_MS = 60_000;

interface SmokeRequest {
  /** Where to write the JSON result, when asked for one. */
  resultFile: string | null;
}

export function smokeRequest(argv: readonly string[]): SmokeRequest | null {
  if (!argv.includes(SMOKE_FLAG)) return null;
  const result = argv.find((a) => a.startsWith(RESULT_FLAG))?.slice(RESULT_FLAG.length);
  return { resultFile: result ? result : null };
}

interface SmokeResult {
  ok: boolean;
  steps: string[];
  reason?: string;
}

export interface SmokePage {
  /** Resolves when the page has loaded; rejects with the load failure's words. */
  loaded(): Promise<void>;
  evaluate(code: string): Promise<unknown>;
}

interface SmokeDeps {
  page: SmokePage;
  /** Saves, reads back and deletes one throwaway keychain entry. */
  keychainRoundTrip(): Promise<void>;
  timeoutMs?: number;
  /** Between checks of the page's rendering. */
  pollMs?: number;
}

const RENDERED = "document.getElementById('root')?.childElementCount ?? 0";
// The page's own bridge, exactly as the app uses it: preload → IPC → main → back.
const BRIDGE_CALL = 'window.triage.networkState().then((r) => JSON.stringify(r))';

export async function runSmokeTest(deps: SmokeDeps): Promise<SmokeResult> {
  const steps: string[] = [];
  let current = 'the window loads the page';
  const pollMs = deps.pollMs ?? 100;
  const checks = (async (): Promise<void> => {
    await deps.page.loaded();
    steps.push('the window loaded app://triage-desk/index.html');

    current = 'the page renders';
    for (;;) {
      const children = Number(await deps.page.evaluate(RENDERED));
      if (children > 0) break;
      await new Promise((r) => setTimeout(r, pollMs));
    }
    steps.push('the page rendered');

    current = 'a bridge call goes to the main process and back';
    const answer = JSON.parse(String(await deps.page.evaluate(BRIDGE_CALL))) as {
      ok?: boolean;
      data?: { phase?: string };
      error?: { message?: string };
    };
    if (answer.ok !== true) throw new Error(`the bridge answered ${answer.error?.message ?? JSON.stringify(answer)}`);
    steps.push(`a bridge call answered (network phase ${answer.data?.phase ?? 'unknown'})`);

    current = 'the keychain saves, reads and deletes an entry';
    await deps.keychainRoundTrip();
    steps.push('the keychain saved, read and deleted an entry');
  })();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(
      () => fail(new Error(`no answer within ${Math.round((deps.timeoutMs ?? SMOKE_TIMEOUT_MS) / 1000)} s`)),
      deps.timeoutMs ?? SMOKE_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([checks, timeout]);
    return { ok: true, steps };
  } catch (e) {
    return { ok: false, steps, reason: `${current}: ${e instanceof Error ? e.message : String(e)}` };
  } finally {
    clearTimeout(timer);
  }
}

/** The line on stdout and the file the release run reads. */
export function reportSmokeResult(result: SmokeResult, request: SmokeRequest, out: (line: string) => void): void {
  out(
    `Triage Desk smoke test: ${result.ok ? 'passed' : `FAILED: ${result.reason}`} (${result.steps.length} steps: ${result.steps.join('; ')})`,
  );
  if (request.resultFile) writeFileSync(request.resultFile, `${JSON.stringify(result, null, 2)}\n`, 'utf8');
}
