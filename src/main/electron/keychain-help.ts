/**
 * What Help → "Check the keychain" says: whether the keychain answered and, when it did not,
 * what to do on this system. Tokens live only in the OS keychain, so a locked or missing one
 * is the one failure a person must fix outside the app.
 */
interface KeychainCheck {
  ok: boolean;
  title: string;
  detail: string;
}

const FIX: Partial<Record<NodeJS.Platform, string>> = {
  linux:
    'Triage Desk keeps tokens in the Secret Service (GNOME Keyring or KWallet). Log in to a desktop session that unlocks it, or install and start one: ' +
    '`sudo apt install gnome-keyring libsecret-1-0`, then log out and in again. A locked keyring asks for your login password when Triage Desk next needs it.',
  darwin:
    'Triage Desk keeps tokens in your login keychain. Open Keychain Access, unlock the "login" keychain, and try again.',
  win32:
    'Triage Desk keeps tokens in Windows Credential Manager. Make sure you are signed in to Windows with your own account (not a temporary profile) and try again.',
};

export function describeKeychainCheck(
  platform: NodeJS.Platform,
  outcome: { ok: true; saved: number } | { ok: false; message: string },
): KeychainCheck {
  if (outcome.ok) {
    return {
      ok: true,
      title: 'The keychain is reachable.',
      detail: `Triage Desk can read and save tokens. Saved connections: ${outcome.saved}.`,
    };
  }
  return {
    ok: false,
    title: 'Triage Desk cannot use the keychain.',
    detail: `${outcome.message}\n\n${FIX[platform] ?? 'Triage Desk keeps tokens in the operating system keychain; make sure one is installed and unlocked.'}`,
  };
}
