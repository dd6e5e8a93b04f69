import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { createBridgeCalls, type Invoke } from '../shared/bridge/calls.js';
import type { NetworkState, TriageBridge } from '../shared/bridge/channels.js';
import { EVENTS } from '../shared/bridge/events.js';

// Only these named calls reach the page; ipcRenderer itself never does.
const invoke: Invoke = (channel, ...args) => ipcRenderer.invoke(channel, ...args);
const calls = createBridgeCalls(invoke);

const bridge = {
  ...calls,
  mode: 'electron',
  network: {
    state: calls.networkState,
    subscribe(listener: (s: NetworkState) => void) {
      const handler = (_e: IpcRendererEvent, s: NetworkState) => listener(s);
      ipcRenderer.on(EVENTS.networkState, handler);
      return () => {
        ipcRenderer.removeListener(EVENTS.networkState, handler);
      };
    },
  },
} satisfies TriageBridge;

contextBridge.exposeInMainWorld('triage', bridge);
