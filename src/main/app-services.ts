import { createConnectionService, type ConnectionService } from './services/connections.js';
import { createKeychainStore, DEFAULT_KEYCHAIN_SERVICE, type CredentialStore } from './services/credential-store.js';

export interface AppServices {
  connections: ConnectionService;
  /** The keychain itself, for the desktop shell's "Check the keychain" help. */
  keychain: CredentialStore;
}

/**
 * Composes the main-process services the same way for Electron, the browser-mode gateway
 * and the end-to-end stack, so every mode runs the code the tests run.
 */
export async function createAppServices(
  opts: { keychainService?: string; warn?: (m: string) => void } = {},
): Promise<AppServices> {
  const warn = opts.warn ?? ((m: string) => console.warn(`[keychain] ${m}`));
  const keychain = createKeychainStore({ service: opts.keychainService ?? DEFAULT_KEYCHAIN_SERVICE, warn });
  return { connections: createConnectionService({ store: keychain }), keychain };
}
