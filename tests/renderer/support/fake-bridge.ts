import { vi, type Mock } from 'vitest';
import type { TriageBridge } from '#shared/bridge/channels.js';

/**
 * A bridge whose calls are vi.fn()s; each test sets what the calls it cares about
 * return. Anything a test did not set fails loudly instead of hanging.
 */
/** Args typed `never[]` so a test may implement a call with whatever parameter shape it expects. */
type BridgeCallMock = Mock<(...args: never[]) => Promise<unknown>>;

export function fakeBridge() {
  const unexpected = (name: string): BridgeCallMock =>
    vi.fn(async () => {
      throw new Error(`unexpected bridge call: ${name}`);
    });
  const api = new Proxy({} as Record<string, BridgeCallMock>, {
    get(target, name: string) {
      target[name] ??= unexpected(`api.${name}`);
      return target[name];
    },
  });
  return {
    connections: {
      list: unexpected('connections.list'),
      add: unexpected('connections.add'),
      remove: unexpected('connections.remove'),
      activate: unexpected('connections.activate'),
      active: unexpected('connections.active'),
      signInOptions: unexpected('connections.signInOptions'),
      signIn: unexpected('connections.signIn'),
      cancelSignIn: unexpected('connections.cancelSignIn'),
      found: vi.fn(async () => ({ ok: true as const, data: [] })),
      useFound: unexpected('connections.useFound'),
      onSignedOut: vi.fn(() => () => undefined),
      onSignInPage: vi.fn(() => () => undefined),
    },
    api,
    network: { state: unexpected('network.state'), subscribe: vi.fn(() => () => undefined) },
    shell: { openExternal: unexpected('shell.openExternal'), copyText: unexpected('shell.copyText') },
    notify: { show: unexpected('notify.show'), availability: unexpected('notify.availability') },
    app: {
      takeOpenItem: vi.fn(async () => ({ ok: true as const, data: null })),
      onOpenItem: vi.fn(() => () => undefined),
      onMenuCommand: vi.fn(() => () => undefined),
    },
    mode: 'browser' as const,
  };
}

export type FakeBridge = ReturnType<typeof fakeBridge>;
export const asBridge = (b: FakeBridge) => b as unknown as TriageBridge;
