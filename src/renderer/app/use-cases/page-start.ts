import { subscribeSignInEvents } from '../../features/connect/sign-in-store.js';
import { startNotifier } from '../../features/inbox/notifier.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import { useNavigation } from '../../stores/navigation-store.js';
import { useSession } from '../../stores/session-store.js';
import { subscribeMenuCommands } from '../menu-commands.js';
import { subscribeOpenItem, takeLaunchLink } from '../shell-events.js';
import { applyRoute, initialRoute } from '../use-url-sync.js';

/**
 * The page's start: what it listens to for its whole life, and the screen it opens on.
 */

/** The shell's pushes (thread links, menu commands, sign-in events) and the inbox notifier, for the page's life. */
export function listenForTheShell(): () => void {
  const offLinks = subscribeOpenItem();
  const offMenu = subscribeMenuCommands();
  const offSignIn = subscribeSignInEvents();
  const notifier = startNotifier();
  return () => {
    offLinks();
    offMenu();
    offSignIn();
    notifier.stop();
  };
}

/**
 * Asks the bridge for the active connection, then shows what the address asked for (a
 * reloaded project view) or the project picker; the connect screen without a connection.
 * The shell must be listened to first: taking the launch link tells it to send later ones.
 */
export async function openFirstScreen(): Promise<void> {
  const hasActive = await useSession.getState().start();
  // A failed start stays on the starting screen, which explains it and offers a retry.
  if (useSession.getState().problem) return;
  // Launched by a thread link (desktop), or the address is one (#/item/<id>): it finds its connection.
  if (await takeLaunchLink()) return;
  const route = initialRoute();
  if (hasActive || route?.screen === 'item') applyRoute(route);
  else useNavigation.getState().go({ name: 'connect' });
  // A project's rows are asked for now rather than once its workspace is drawn: the first slice,
  // often in hand already (boot-calls.ts), then reaches the store before the first render. The
  // workspace, entering the project, joins this load.
  const screen = useNavigation.getState().screen;
  if (screen.name === 'board') void useProjectItems.getState().load(screen.projectId);
}
