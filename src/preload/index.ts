import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { createBridgeCalls, type Invoke } from '#shared/bridge/calls.js';
import type { NetworkState, TriageBridge } from '#shared/bridge/channels.js';
import {
  EVENTS,
  isMenuCommand,
  isNetworkState,
  isOpenItemEvent,
  isSignedOutEvent,
  isSignInPage,
  type MenuCommand,
  type OpenItemEvent,
} from '#shared/bridge/events.js';

// Only these named calls reach the page; ipcRenderer itself never does.
const invoke: Invoke = (channel, ...args) => ipcRenderer.invoke(channel, ...args);
const calls = createBridgeCalls(invoke);

/** Subscribes to one main → renderer event, passing on only payloads of the expected shape. */
function subscribe<T>(event: string, accept: (v: unknown) => v is T, listener: (v: T) => void): () => void {
  const handler = (_e: IpcRendererEvent, value: unknown) => {
    if (accept(value)) listener(value);
  };
  ipcRenderer.on(event, handler);
  return () => {
    ipcRenderer.removeListener(event, handler);
  };
}

const bridge = {
  ...calls,
  mode: 'electron',
  connections: {
    ...calls.connections,
    onSignedOut: (listener) => subscribe(EVENTS.signedOut, isSignedOutEvent, listener),
    onSignInPage: (listener) => subscribe(EVENTS.signInPage, isSignInPage, listener),
  },
  network: {
    state: calls.networkState,
    subscribe: (listener: (s: NetworkState) => void) =>
      subscribe(EVENTS.networkState, (v): v is NetworkState => isNetworkState(v), listener),
  },
  app: {
    takeOpenItem: calls.takeOpenItem,
    onOpenItem: (listener: (e: OpenItemEvent) => void) => subscribe(EVENTS.openItem, isOpenItemEvent, listener),
    onMenuCommand: (listener: (c: MenuCommand) => void) => subscribe(EVENTS.menuCommand, isMenuCommand, listener),
  },
} satisfies TriageBridge;

contextBridge.exposeInMainWorld('triage', bridge);
