import { randomBytes } from 'node:crypto';
import { secretMatches } from './guard.js';

export const NO_SESSION =
  'This page has no session with the Triage Desk gateway. Open a launch link the demo printed (each works once, for one tab); in the terminal running the demo, press Enter for a new one.';

const USED =
  'This launch link was already used: each link works once, for the one browser tab that opened it first. In the terminal running the demo, press Enter for a new link.';

/**
 * Launch secrets and tab sessions of browser mode. A launch secret (in the printed link's
 * fragment) is exchanged once for a session of the tab that opened it; the secret is then
 * refused, so a link copied from the terminal, history or a screen share cannot open a
 * second bridge. The session lives in that tab's sessionStorage (reloads keep it).
 */
export class SessionBook {
  private readonly launch = new Map<string, boolean>();
  private readonly sessions = new Set<string>();

  constructor(firstSecret: string) {
    this.launch.set(firstSecret, false);
  }

  newLaunchSecret(): string {
    const s = randomBytes(24).toString('base64url');
    this.launch.set(s, false);
    return s;
  }

  exchange(given: string | undefined | null): { ok: true; session: string } | { ok: false; message: string } {
    for (const [secret, used] of this.launch) {
      if (!secretMatches(given, secret)) continue;
      if (used) return { ok: false, message: USED };
      this.launch.set(secret, true);
      const session = randomBytes(32).toString('base64url');
      this.sessions.add(session);
      return { ok: true, session };
    }
    return {
      ok: false,
      message: 'That launch link is not one this gateway printed. Open the address the demo printed.',
    };
  }

  holds(given: string | undefined | null): boolean {
    for (const s of this.sessions) if (secretMatches(given, s)) return true;
    return false;
  }
}
