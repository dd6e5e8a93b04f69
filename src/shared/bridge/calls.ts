import { ENDPOINT_NAMES, type EndpointName } from '../api/endpoint-names.js';
import type { Channel, ChannelArgs, ChannelResult, NetworkState, TriageBridge } from './channels.js';
import type { BridgeResult } from './errors.js';

export type Invoke = <C extends Channel>(
  channel: C,
  ...args: ChannelArgs<C>
) => Promise<BridgeResult<ChannelResult<C>>>;

type BridgeCalls = Omit<TriageBridge, 'network' | 'mode' | 'app' | 'connections'> & {
  connections: Omit<TriageBridge['connections'], 'onSignedOut' | 'onSignInPage'>;
  networkState(): Promise<BridgeResult<NetworkState>>;
  takeOpenItem: TriageBridge['app']['takeOpenItem'];
};

/**
 * Builds the bridge's named calls from one invoke function, so the preload (IPC) and the
 * browser-mode client (HTTP) expose the identical surface. Kept free of zod: the
 * sandboxed preload bundles this file.
 */
export function createBridgeCalls(invoke: Invoke): BridgeCalls {
  const api = Object.fromEntries(
    ENDPOINT_NAMES.map((n: EndpointName) => [n, (input: unknown) => invoke(`api:${n}`, input as never)]),
  ) as unknown as TriageBridge['api'];
  return {
    connections: {
      list: () => invoke('connections:list'),
      add: (args) => invoke('connections:add', args),
      remove: (id) => invoke('connections:remove', id),
      activate: (id) => invoke('connections:activate', id),
      active: () => invoke('connections:active'),
      signInOptions: (baseUrl) => invoke('connections:signInOptions', baseUrl),
      signIn: (args) => invoke('connections:signIn', args),
      cancelSignIn: () => invoke('connections:cancelSignIn'),
      found: () => invoke('connections:found'),
      useFound: (source) => invoke('connections:useFound', source),
    },
    api,
    shell: {
      openExternal: (url) => invoke('shell:openExternal', url),
      copyText: (text) => invoke('shell:copyText', text),
    },
    exporter: {
      markdown: (args) => invoke('export:markdown', args),
      pdf: (args) => invoke('export:pdf', args),
      csv: (args) => invoke('export:csv', args),
    },
    networkState: () => invoke('network:state'),
    takeOpenItem: () => invoke('app:takeOpenItem'),
    notify: { show: (args) => invoke('notify:show', args), availability: () => invoke('notify:availability') },
  };
}
