import { randomUUID } from 'node:crypto';
import { AsyncEntry, findCredentialsAsync } from '@napi-rs/keyring';

export const ENTRY_OPTIONS = { linux: { store: 'secret-service' } } as const;

/** A service name no other run or person uses, so tests never touch real connections. */
export const uniqueService = (what: string) => `triage-desk-test-${what}-${process.pid}-${randomUUID().slice(0, 8)}`;

/** Fails with the way to run these tests when no Secret Service is reachable. */
export async function requireKeyring(): Promise<void> {
  try {
    await findCredentialsAsync(uniqueService('probe'));
  } catch (e) {
    throw new Error(
      `These tests need a Secret Service keyring. Run them as: scripts/with-keyring.sh npx vitest run tests/unit/main (${(e as Error).message})`,
      { cause: e },
    );
  }
}

/** Removes every entry a test left under its service name. */
export async function wipeService(service: string): Promise<void> {
  const creds = await findCredentialsAsync(service);
  for (const c of creds) await new AsyncEntry(service, c.account, ENTRY_OPTIONS).deleteCredential();
}
