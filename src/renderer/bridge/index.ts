import type { TriageBridge } from '#shared/bridge/channels.js';
import { answeringBootCalls, startBootCalls } from './boot-calls.js';
import { createHttpBridge } from './http-bridge.js';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in browser mode. */
    triage?: TriageBridge;
  }
}

let raw: TriageBridge | undefined;
let bridge: TriageBridge | undefined;

const rawBridge = (): TriageBridge => (raw ??= window.triage ?? createHttpBridge());

/** The one bridge the renderer talks through: the preload's in Electron, HTTP in browser mode. */
export function getBridge(): TriageBridge {
  bridge ??= answeringBootCalls(rawBridge());
  return bridge;
}

/**
 * Sends the calls every start makes first (boot-calls.ts), for the address the page opened
 * on; resolves once they are all answered.
 */
export function startBoot(): Promise<void> {
  // The HTTP bridge takes a launch secret out of the address as it starts: read the address after.
  const sending = rawBridge();
  return startBootCalls(sending, window.location.hash);
}
