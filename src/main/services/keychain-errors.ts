/** Any failure of the OS keychain; `detail` keeps the platform's own words for logs. */
export class KeychainError extends Error {
  override readonly name: string = 'KeychainError';
  readonly detail: string;

  constructor(message: string, detail: string, options?: { cause?: unknown }) {
    super(message, options);
    this.detail = detail;
  }
}

export const KEYCHAIN_UNAVAILABLE_MESSAGE =
  'No OS keychain is reachable, so Triage Desk cannot store your token safely. On Linux, install and unlock a Secret Service keyring (GNOME Keyring or KWallet) and sign in to your desktop session, then try again.';

/**
 * No keychain to talk to (no D-Bus session, no Secret Service, locked or missing
 * collection). Tokens are then refused, never written anywhere in plain text.
 */
export class KeychainUnavailableError extends KeychainError {
  override readonly name: string = 'KeychainUnavailableError';

  constructor(detail: string, options?: { cause?: unknown }) {
    super(KEYCHAIN_UNAVAILABLE_MESSAGE, detail, options);
  }
}

// Words the keyring binding uses when the platform store itself cannot be used, e.g.
// "Platform failure: DBus error: Failed to connect to socket ...",
// "Couldn't access platform storage: Secret Service: no result found",
// "zbus error: Failed to connect to address ...".
const UNAVAILABLE =
  /platform|storage|d-?bus|zbus|secret service|connect|no such file|locked|prompt|not available|unavailable/i;

/** Wraps whatever the keyring binding threw into one of the typed errors above. */
export function toKeychainError(e: unknown): KeychainError {
  if (e instanceof KeychainError) return e;
  const detail = e instanceof Error ? e.message : String(e);
  if (UNAVAILABLE.test(detail)) return new KeychainUnavailableError(detail, { cause: e });
  return new KeychainError(
    `The OS keychain refused the request (${detail}). Try again, or remove and re-add the connection.`,
    detail,
    {
      cause: e,
    },
  );
}
