import type { Notification as ElectronNotification, NotificationConstructorOptions } from 'electron';
import type { NotifyArgs } from '#shared/bridge/channels.js';
import type { CodeSignature } from './code-signature.js';
import { deepLinkInArgv, itemLink } from './deep-link.js';

/**
 * System notifications for new assignments and mentions, saying only what is true: shown
 * means the system said it showed it. A click opens the thread, also on Windows after the
 * toast has timed out into the Action Center, where its JavaScript object is gone and only
 * Notification.handleActivation hears the click (with the toast's launch link).
 */
interface NotifyOutcome {
  shown: boolean;
  /** Why not, in words a person can act on. */
  reason?: string;
}

interface NotificationAvailability {
  available: boolean;
  reason: string | null;
}

type NotificationClass = {
  new (options: NotificationConstructorOptions): ElectronNotification;
  isSupported(): boolean;
  handleActivation?(callback: (details: { type: string; arguments: string }) => void): void;
};

interface NotifierOptions {
  platform: NodeJS.Platform;
  Notification: NotificationClass;
  /** Resolved once, lazily: macOS only shows notifications of signed apps. */
  codeSignature(): Promise<CodeSignature>;
  openLink(link: string): void;
  log(message: string, fields?: Record<string, string>): void;
  /** How long to wait for the system to say shown or failed. */
  answerTimeoutMs?: number;
}

export const UNSIGNED_MAC_REASON =
  'This copy of Triage Desk is not signed, and macOS shows notifications only from signed apps. Install a signed release to get them; new assignments and mentions still appear under For Me.';
const UNSUPPORTED_REASON =
  'This system has no desktop notifications (no notification service is running). New assignments and mentions still appear under For Me.';

const xml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Windows: the toast carries the thread link as its launch argument, for handleActivation. */
export function windowsToastXml(args: NotifyArgs): string {
  return (
    `<toast launch="${xml(itemLink(args.itemId))}" activationType="foreground"><visual><binding template="ToastGeneric">` +
    `<text>${xml(args.title)}</text>${args.body ? `<text>${xml(args.body)}</text>` : ''}</binding></visual></toast>`
  );
}

export function createNotifier(opts: NotifierOptions) {
  const held = new Set<ElectronNotification>();
  let signature: Promise<CodeSignature> | null = null;
  const win = opts.platform === 'win32';
  if (win) {
    opts.Notification.handleActivation?.((details) => {
      const link = deepLinkInArgv([details.arguments]);
      if (link) opts.openLink(link);
    });
  }

  async function availability(): Promise<NotificationAvailability> {
    if (!opts.Notification.isSupported()) return { available: false, reason: UNSUPPORTED_REASON };
    if (opts.platform === 'darwin') {
      signature ??= opts.codeSignature();
      const s = await signature;
      if (s === 'adhoc' || s === 'unsigned') return { available: false, reason: UNSIGNED_MAC_REASON };
    }
    return { available: true, reason: null };
  }

  async function show(args: NotifyArgs): Promise<NotifyOutcome> {
    const can = await availability();
    if (!can.available) return { shown: false, reason: can.reason! };
    const n = new opts.Notification(win ? { toastXml: windowsToastXml(args) } : { title: args.title, body: args.body });
    // Held until clicked or closed: a collected notification loses its click handler.
    held.add(n);
    n.on('close', () => held.delete(n));
    if (!win) {
      // Windows clicks arrive through handleActivation, which also hears a held toast's click.
      n.on('click', () => {
        held.delete(n);
        opts.openLink(itemLink(args.itemId));
      });
    }
    const outcome = await new Promise<NotifyOutcome>((done) => {
      const timer = setTimeout(
        () => done({ shown: false, reason: 'The system did not say whether it showed the notification.' }),
        opts.answerTimeoutMs ?? 5_000,
      );
      n.once('show', () => {
        clearTimeout(timer);
        done({ shown: true });
      });
      n.once('failed', (_e: unknown, error: string) => {
        clearTimeout(timer);
        held.delete(n);
        done({ shown: false, reason: `The system could not show the notification (${error}).` });
      });
      n.show();
    });
    opts.log(outcome.shown ? 'notification shown' : 'notification not shown', {
      itemId: args.itemId,
      ...(outcome.reason ? { reason: outcome.reason } : {}),
    });
    return outcome;
  }

  return { availability, show, held: () => held.size };
}
