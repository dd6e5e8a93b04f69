// Runs in a child process whose D-Bus address points nowhere: the real "no keychain" case.
import { createKeychainStore } from '../../../../src/main/services/credential-store.js';

const store = createKeychainStore({ service: process.argv[2] ?? 'triage-desk-test-unreachable' });

async function outcome(op: () => Promise<unknown>) {
  try {
    return { ok: true, value: await op() };
  } catch (e) {
    const err = e as Error & { detail?: string };
    return { ok: false, name: err.name, message: err.message, detail: err.detail };
  }
}

const result = {
  add: await outcome(() =>
    store.add({ baseUrl: 'https://feedback.example.com', token: 'tok-secret', label: 'x', userName: null, addedAt: 1 }),
  ),
  list: await outcome(() => store.list()),
  get: await outcome(() => store.get('some-id')),
  remove: await outcome(() => store.remove('some-id')),
};
process.stdout.write(JSON.stringify(result));
