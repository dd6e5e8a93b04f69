import { useEffect } from 'react';
import { afterNextPaint } from '../after-paint.js';
import { useThread } from '../stores/thread-store.js';
import { useWorkspace } from '../stores/workspace-store.js';
import { openItemLink } from '../features/links/item-link.js';
import { useReportTab } from '../features/reports/stores/tab-store.js';
import { useNavigation, type Screen } from '../stores/navigation-store.js';
import { parseRoute, routeToHash, type Route } from './route.js';
import { showRoute } from './use-cases/show-route.js';

/**
 * Mirrors where the app is into the URL hash, and follows the hash on back/forward, so a
 * reload or a step back lands on the same project, view and filters.
 */

function routeOf(screen: Screen): Route | null {
  switch (screen.name) {
    case 'starting':
      return null;
    case 'connect':
      return { screen: 'connect' };
    case 'projects':
      return { screen: 'projects' };
    case 'inbox':
      return { screen: 'inbox' };
    case 'reports':
      return { screen: 'reports', projectId: screen.projectId, tab: useReportTab.getState().tab };
    case 'dedupe':
      return { screen: screen.name, projectId: screen.projectId };
    case 'board': {
      const ws = useWorkspace.getState();
      const mine = ws.projectId === screen.projectId;
      const threadId = openThreadOf(screen.projectId);
      return {
        screen: 'project',
        projectId: screen.projectId,
        view: ws.view,
        filters: mine ? ws.filters : {},
        ...(threadId ? { threadId } : {}),
      };
    }
  }
}

/** The thread open beside a project's list (the one shown, once loaded: a reply's ID shows its thread). */
function openThreadOf(projectId: string): string | null {
  const { item, itemId } = useThread.getState();
  if (item && item.id === itemId) return (item.project?.id ?? projectId) === projectId ? item.id : null;
  return itemId;
}

/**
 * Shows what a route describes; a project route needs an active connection. A thread's own
 * address goes to the link opener, which finds the connection that can see it.
 */
export function applyRoute(route: Route | null): void {
  if (route?.screen === 'item') void openItemLink(route.itemId);
  else showRoute(route);
}

/** The route in the address bar when the app started (after the gateway secret was taken out of it). */
export function initialRoute(): Route | null {
  return parseRoute(window.location.hash);
}

function screenKey(screen: Screen): string {
  // Each report tab is a step of its own, so Back returns to the tab before.
  if (screen.name === 'reports') return `reports:${screen.projectId}:${useReportTab.getState().tab}`;
  return 'projectId' in screen ? `${screen.name}:${screen.projectId}` : screen.name;
}

function threadKey(route: Route): string | null {
  return route.screen === 'project' ? (route.threadId ?? null) : null;
}

/**
 * Filter changes come a few a second while someone arrows through a menu or types: the address
 * follows once they pause, as one history entry (Back undoes the burst, not each arrow step),
 * and the per-key work stays off the key press (a history write costs Chromium ~5 ms).
 */
const FILTERS_SETTLE_MS = 400;

export function useUrlSync(): void {
  useEffect(() => {
    let scheduled = false;
    let settleTimer: ReturnType<typeof setTimeout> | undefined;
    // Any change of the pending burst that was a step (not a refinement) makes the entry a step.
    let burstPushes = false;
    let lastScreen: string | null = null;
    let lastThread: string | null = null;
    const write = () => {
      scheduled = false;
      clearTimeout(settleTimer);
      settleTimer = undefined;
      const stepped = burstPushes || useWorkspace.getState().historyMode === 'push';
      burstPushes = false;
      const screen = useNavigation.getState().screen;
      const route = routeOf(screen);
      if (!route) return;
      const key = screenKey(screen);
      const thread = threadKey(route);
      // The first screen after start replaces the entry it started on; later screens, and
      // opening or closing a thread, are steps (so Back closes the thread).
      const push = lastScreen !== null && (key !== lastScreen || thread !== lastThread || stepped);
      lastScreen = key;
      lastThread = thread;
      const hash = routeToHash(route);
      if (hash === window.location.hash) return;
      if (push) history.pushState(null, '', hash);
      else history.replaceState(null, '', hash);
    };
    // Several store updates in one go (view and filters, screen and project) become one entry.
    // Written after the next paint: writing a history entry makes Chromium bring the page's style
    // up to date on the spot, which right after a filter change meant restyling the freshly
    // rendered list inside the key press (5–15 ms, bench/renderer); after the paint it is cheap.
    const schedule = () => {
      if (scheduled) return;
      scheduled = true;
      afterNextPaint(write);
    };
    const settle = () => {
      if (useWorkspace.getState().historyMode === 'push') burstPushes = true;
      if (scheduled) return;
      clearTimeout(settleTimer);
      settleTimer = setTimeout(write, FILTERS_SETTLE_MS);
    };
    const unsubscribeNavigation = useNavigation.subscribe(schedule);
    // Only filters settle: a view switch or another project is a step of its own, written at once.
    const unsubscribeWorkspace = useWorkspace.subscribe((s, prev) =>
      s.view === prev.view && s.projectId === prev.projectId ? settle() : schedule(),
    );
    const unsubscribeTab = useReportTab.subscribe(schedule);
    const unsubscribeThread = useThread.subscribe((s, prev) => {
      if (s.itemId !== prev.itemId || s.item?.id !== prev.item?.id) schedule();
    });
    const follow = () => {
      if (useNavigation.getState().screen.name === 'starting') return;
      const route = parseRoute(window.location.hash);
      lastScreen = null;
      applyRoute(route);
    };
    // A reload or close inside the pause still leaves with the address up to date.
    const flush = () => {
      if (settleTimer !== undefined) write();
    };
    window.addEventListener('popstate', follow);
    window.addEventListener('hashchange', follow);
    // The start may have shown its first screen before this view listened (main.tsx): write it now.
    if (useNavigation.getState().screen.name !== 'starting') schedule();
    window.addEventListener('beforeunload', flush);
    window.addEventListener('pagehide', flush);
    return () => {
      clearTimeout(settleTimer);
      window.removeEventListener('beforeunload', flush);
      window.removeEventListener('pagehide', flush);
      unsubscribeNavigation();
      unsubscribeWorkspace();
      unsubscribeTab();
      unsubscribeThread();
      window.removeEventListener('popstate', follow);
      window.removeEventListener('hashchange', follow);
    };
  }, []);
}
