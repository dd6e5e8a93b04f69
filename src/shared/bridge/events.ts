/** Main → renderer push events (zod-free: the preload bundles this). */
export const EVENTS = {
  networkState: 'event:network-state',
  /** A triage-desk://item/<id> link was opened (or could not be read). */
  openItem: 'event:open-item',
  /** A command picked from the native menu. */
  menuCommand: 'event:menu-command',
  /** A browser sign-in ended: the service refused to refresh it. */
  signedOut: 'event:signed-out',
  /** The sign-in page of a browser sign-in under way. */
  signInPage: 'event:sign-in-page',
} as const;

export const isNetworkState = (v: unknown): v is { phase: string } =>
  typeof v === 'object' && v !== null && 'phase' in v;

export const isSignInPage = (u: unknown): u is string => typeof u === 'string' && /^https?:\/\//i.test(u);

export function isSignedOutEvent(e: unknown): e is { connectionId: string; message: string } {
  if (typeof e !== 'object' || e === null) return false;
  const r = e as Record<string, unknown>;
  return typeof r['connectionId'] === 'string' && typeof r['message'] === 'string';
}

/** What the shell sends when a thread link arrives: the thread to open, or why it cannot be. */
export type OpenItemEvent = { itemId: string } | { problem: string };

/** The renderer's commands the native menus offer (the rest of the menus are the OS's own roles). */
export const MENU_COMMANDS = [
  'thread.create',
  'thread.copyLink',
  'view.board',
  'view.table',
  'view.elements',
  'view.evidence',
  'view.refresh',
  'search.focus',
  'palette.open',
  'shortcuts.show',
  'go.projects',
  'go.inbox',
  'go.reports',
  'go.dedupe',
  'go.connections',
] as const;
export type MenuCommand = (typeof MENU_COMMANDS)[number];

export const isMenuCommand = (c: unknown): c is MenuCommand =>
  typeof c === 'string' && (MENU_COMMANDS as readonly string[]).includes(c);

export function isOpenItemEvent(e: unknown): e is OpenItemEvent {
  if (typeof e !== 'object' || e === null) return false;
  const r = e as Record<string, unknown>;
  return (typeof r['itemId'] === 'string' && r['itemId'].length > 0) || typeof r['problem'] === 'string';
}
