import type { AppServices } from './app-services.js';
import { createBridgeHandlers } from './bridge/handlers.js';
import { startGateway, type Gateway } from './gateway/gateway.js';

/**
 * Browser mode: the real main-process services behind the HTTP gateway instead of IPC.
 * Links open in a new browser tab (the renderer's HTTP bridge does that itself), so the
 * gateway never launches programs on the machine.
 */
export async function startBrowserMode(opts: {
  services: Pick<AppServices, 'connections'>;
  rendererDir: string;
  port?: number;
  secret?: string;
}): Promise<Gateway> {
  const handlers = createBridgeHandlers({
    connections: opts.services.connections,
    openExternal: async () => {
      throw new Error('links open in a browser tab in browser mode');
    },
    exporter: {
      markdown: async () => {
        throw new Error('exports download in the browser tab in browser mode');
      },
      pdf: async () => {
        throw new Error('PDF export uses the browser print dialog in browser mode');
      },
      csv: async () => {
        throw new Error('exports download in the browser tab in browser mode');
      },
    },
  });
  return startGateway({
    handlers,
    rendererDir: opts.rendererDir,
    onNetworkState: (l) => opts.services.connections.onNetworkState(l),
    onSignedOut: (l) => opts.services.connections.onSignedOut(l),
    onSignInPage: (l) => opts.services.connections.onSignInPage(l),
    ...(opts.port !== undefined ? { port: opts.port } : {}),
    ...(opts.secret !== undefined ? { secret: opts.secret } : {}),
  });
}
