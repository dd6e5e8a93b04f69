import { createConnectionService, type ConnectionService } from './services/connections.js';
import { createKeychainStore, DEFAULT_KEYCHAIN_SERVICE } from './services/credential-store.js';

export interface AppServices {
  connections: ConnectionService;
}

/**
 * Composes the main-process services the same way for Electron, the browser-mode gateway
 * and the end-to-end stack, so every mode runs the code the tests run.
 */
export async function createAppServices(opts: { keychainService?: string } = {}): Promise<AppServices> {
  const store = createKeychainStore({
    service: opts.keychainService ?? DEFAULT_KEYCHAIN_SERVICE,
    warn: (m) => console.warn(`[keychain] ${m}`),
  });
  return { connections: createConnectionService({ store }) };
}
