import type { TriageBridge } from '#shared/bridge/channels.js';
import { createHttpBridge } from './http-bridge.js';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in browser mode. */
    triage?: TriageBridge;
  }
}

let bridge: TriageBridge | undefined;

/** The one bridge the renderer talks through: the preload's in Electron, HTTP in browser mode. */
export function getBridge(): TriageBridge {
  bridge ??= window.triage ?? createHttpBridge();
  return bridge;
}
