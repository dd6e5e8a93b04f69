import { randomUUID } from 'node:crypto';
import type * as Keyring from '@napi-rs/keyring';
import { z } from 'zod';
import type { ConnectionSummary } from '#shared/bridge/index.js';
import { KeychainUnavailableError, toKeychainError } from './keychain-errors.js';

export {
  KeychainError,
  KeychainUnavailableError,
  KEYCHAIN_UNAVAILABLE_MESSAGE,
  toKeychainError,
} from './keychain-errors.js';

export const DEFAULT_KEYCHAIN_SERVICE = 'triage-desk';

/**
 * What a browser sign-in keeps beside its access token (in `token`): what refreshing and
 * revoking it need. Absent for a personal token.
 */
const StoredSignIn = z.object({
  refreshToken: z.string().min(1).nullable(),
  expiresAt: z.number().nullable(),
  scope: z.string().nullable(),
  issuer: z.string().min(1),
  clientId: z.string().min(1),
  resource: z.string().nullable(),
  tokenEndpoint: z.string().min(1),
  revocationEndpoint: z.string().nullable(),
});
export type StoredSignIn = z.infer<typeof StoredSignIn>;

/** The JSON kept as the keychain password; the account is the connection id. */
const StoredSecret = z.object({
  baseUrl: z.string().min(1),
  token: z.string().min(1),
  label: z.string(),
  userName: z.string().nullable(),
  addedAt: z.number(),
  signIn: StoredSignIn.optional(),
});
type StoredSecret = z.infer<typeof StoredSecret>;

export interface NewConnection {
  /** Generated when absent. */
  id?: string;
  baseUrl: string;
  token: string;
  label: string;
  userName: string | null;
  addedAt: number;
  /** A browser sign-in's refresh and revocation details; absent for a personal token. */
  signIn?: StoredSignIn;
}

/** A saved connection with its token: for the main process only, never sent to the renderer. */
export interface StoredConnection {
  summary: ConnectionSummary;
  token: string;
  signIn?: StoredSignIn;
}

export interface CredentialStore {
  /** Saved connections without tokens, oldest first. */
  list(): Promise<ConnectionSummary[]>;
  get(id: string): Promise<StoredConnection | null>;
  add(connection: NewConnection): Promise<ConnectionSummary>;
  /** True when something was removed. */
  remove(id: string): Promise<boolean>;
}

export interface KeychainStoreOptions {
  /** Keychain service name; tests pass a unique one. */
  service?: string;
  /** Where skipped-entry warnings go (never with secrets in them). */
  warn?: (message: string) => void;
  /** The native binding; tests pass one that fails to load. */
  binding?: () => Promise<KeyringBinding>;
}

export type KeyringBinding = typeof Keyring;

/**
 * Loads the native keychain binding on first use: a build missing its platform's binary
 * (or a system library it needs) then says "keychain unavailable" where a token is asked
 * for, instead of stopping the whole main process at startup. A failed load is tried again
 * at the next use.
 */
export function createBindingLoader(
  load: () => Promise<KeyringBinding> = () => import('@napi-rs/keyring'),
): () => Promise<KeyringBinding> {
  let binding: Promise<KeyringBinding> | null = null;
  return () =>
    (binding ??= load().catch((e: unknown) => {
      binding = null;
      throw new KeychainUnavailableError(
        `the keychain binding could not be loaded: ${e instanceof Error ? e.message : String(e)}`,
        { cause: e },
      );
    }));
}

const loadKeyringBinding = createBindingLoader();

// Pinned to the Secret Service: the binding's default would silently fall back to the
// kernel keyring, which forgets everything on reboot.
const ENTRY_OPTIONS = { linux: { store: 'secret-service' } } as const;

function summaryOf(id: string, s: StoredSecret): ConnectionSummary {
  return {
    id,
    label: s.label,
    baseUrl: s.baseUrl,
    userName: s.userName,
    addedAt: s.addedAt,
    ephemeral: false,
    auth: s.signIn ? 'browser' : 'token',
  };
}

/**
 * Saved connections in the OS keychain, one entry per connection. Throws
 * KeychainUnavailableError / KeychainError; there is deliberately no file fallback.
 */
export function createKeychainStore(options: KeychainStoreOptions = {}): CredentialStore {
  const service = options.service ?? DEFAULT_KEYCHAIN_SERVICE;
  const warn = options.warn ?? ((m: string) => console.warn(m));

  const binding = options.binding ?? loadKeyringBinding;
  const entry = async (id: string) => new (await binding()).AsyncEntry(service, id, ENTRY_OPTIONS);

  function decode(account: string, password: string): StoredSecret | null {
    let json: unknown;
    try {
      json = JSON.parse(password);
    } catch {
      warn(
        `Skipping keychain entry "${account}" of service "${service}": its value is not JSON, so it is not a Triage Desk connection.`,
      );
      return null;
    }
    const parsed = StoredSecret.safeParse(json);
    if (!parsed.success) {
      warn(
        `Skipping keychain entry "${account}" of service "${service}": it does not look like a Triage Desk connection.`,
      );
      return null;
    }
    return parsed.data;
  }

  async function keychain<T>(op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (e) {
      throw toKeychainError(e);
    }
  }

  return {
    async list() {
      const creds = await keychain(async () => (await binding()).findCredentialsAsync(service));
      const out: ConnectionSummary[] = [];
      for (const c of creds) {
        const s = decode(c.account, c.password);
        if (s) out.push(summaryOf(c.account, s));
      }
      return out.sort((a, b) => a.addedAt - b.addedAt || a.id.localeCompare(b.id));
    },

    async get(id) {
      const password = await keychain(async () => (await entry(id)).getPassword());
      if (password === null) return null;
      const s = decode(id, password);
      return s ? { summary: summaryOf(id, s), token: s.token, ...(s.signIn ? { signIn: s.signIn } : {}) } : null;
    },

    async add(connection) {
      const id = connection.id ?? randomUUID();
      const secret: StoredSecret = {
        baseUrl: connection.baseUrl,
        token: connection.token,
        label: connection.label,
        userName: connection.userName,
        addedAt: connection.addedAt,
        ...(connection.signIn ? { signIn: connection.signIn } : {}),
      };
      await keychain(async () => (await entry(id)).setPassword(JSON.stringify(secret)));
      return summaryOf(id, secret);
    },

    async remove(id) {
      return keychain(async () => (await entry(id)).deleteCredential());
    },
  };
}
