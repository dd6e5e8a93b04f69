import { ENDPOINT_NAMES, type EndpointInput, type EndpointName } from '#shared/api/index.js';
import type { ReadOutput } from '#shared/reader/index.js';
import {
  isChannel,
  parseChannelArgs,
  type AddConnectionArgs,
  type Channel,
  type ChannelArgs,
  type ChannelResult,
  type ConnectResult,
  type ConnectionSummary,
  type ExportCsvArgs,
  type ExportMarkdownArgs,
  type ExportPdfArgs,
  type ExportResult,
  type FoundCredential,
  type NetworkState,
  type NotifyArgs,
  type NotifyAvailability,
  type NotifyOutcome,
  type OpenItemEvent,
  type SignInArgs,
  type SignInOptions,
  type SignInResult,
} from '#shared/bridge/channels.js';
import type { BridgeResult } from '#shared/bridge/errors.js';
import { externalUrlOrNull } from './external-url.js';

/** What the handlers need from the main-process connection service. */
export interface ConnectionsPort {
  list(): Promise<BridgeResult<ConnectionSummary[]>>;
  add(args: AddConnectionArgs): Promise<BridgeResult<ConnectResult>>;
  remove(id: string): Promise<BridgeResult<null>>;
  activate(id: string): Promise<BridgeResult<ConnectResult>>;
  active(): Promise<BridgeResult<ConnectResult | null>>;
  signInOptions(baseUrl: string): Promise<BridgeResult<SignInOptions>>;
  signIn(args: SignInArgs): Promise<BridgeResult<SignInResult>>;
  cancelSignIn(): void;
  found(): Promise<BridgeResult<FoundCredential[]>>;
  useFound(source: FoundCredential['source']): Promise<BridgeResult<ConnectResult>>;
  call<N extends EndpointName>(name: N, input: EndpointInput<N>): Promise<BridgeResult<ReadOutput<N>>>;
  networkState(): NetworkState;
}

export type BridgeHandlers = { [C in Channel]: (...args: ChannelArgs<C>) => Promise<BridgeResult<ChannelResult<C>>> };

interface HandlerDeps {
  connections: ConnectionsPort;
  /** Opens an http(s) URL in the system browser; only ever given a checked URL. */
  openExternal(url: string): Promise<void>;
  /** Electron: writes text to the system clipboard. Browser mode has none (the tab copies itself). */
  copyText?: (text: string) => Promise<void>;
  /** Saves exports where the person chooses (Electron: save dialog). */
  exporter: {
    markdown(args: ExportMarkdownArgs): Promise<ExportResult>;
    pdf(args: ExportPdfArgs): Promise<ExportResult>;
    csv(args: ExportCsvArgs): Promise<ExportResult>;
  };
  /** Electron: shows a system notification; a click opens the thread. Browser mode has none (the tab notifies itself). */
  notify?: {
    show(args: NotifyArgs): Promise<NotifyOutcome>;
    availability(): Promise<NotifyAvailability>;
  };
  /** Electron: the thread link waiting for the page. Browser mode has none (the page's address is the link). */
  takeOpenItem?: () => OpenItemEvent | null;
}

export function createBridgeHandlers({
  connections,
  openExternal,
  copyText,
  exporter,
  takeOpenItem,
  notify,
}: HandlerDeps): BridgeHandlers {
  const api = Object.fromEntries(
    ENDPOINT_NAMES.map((n) => [`api:${n}`, (input: EndpointInput<typeof n>) => connections.call(n, input)]),
  ) as unknown as Pick<BridgeHandlers, `api:${EndpointName}`>;

  return {
    'connections:list': () => connections.list(),
    'connections:add': (args) => connections.add(args),
    'connections:remove': (id) => connections.remove(id),
    'connections:activate': (id) => connections.activate(id),
    'connections:active': () => connections.active(),
    'connections:signInOptions': (baseUrl) => connections.signInOptions(baseUrl),
    'connections:signIn': (args) => connections.signIn(args),
    'connections:cancelSignIn': async () => {
      connections.cancelSignIn();
      return { ok: true, data: null };
    },
    'connections:found': () => connections.found(),
    'connections:useFound': (source) => connections.useFound(source),
    'network:state': async () => ({ ok: true, data: connections.networkState() }),
    'shell:openExternal': async (url) => {
      const safe = externalUrlOrNull(url);
      if (!safe)
        return {
          ok: false,
          error: { kind: 'bad_request', message: 'Only web links (http or https) can be opened in the browser.' },
        };
      await openExternal(safe);
      return { ok: true, data: null };
    },
    'shell:copyText': async (text) => {
      if (!copyText)
        return {
          ok: false,
          error: { kind: 'bad_request', message: 'Copying goes through the browser here: use the address bar.' },
        };
      await copyText(text);
      return { ok: true, data: null };
    },
    'export:markdown': async (args) => ({ ok: true, data: await exporter.markdown(args) }),
    'export:pdf': async (args) => ({ ok: true, data: await exporter.pdf(args) }),
    'export:csv': async (args) => ({ ok: true, data: await exporter.csv(args) }),
    'app:takeOpenItem': async () => ({ ok: true, data: takeOpenItem?.() ?? null }),
    'notify:show': async (args) => {
      if (!notify)
        return {
          ok: false,
          error: { kind: 'bad_request', message: 'Notifications are shown by the browser tab here.' },
        };
      return { ok: true, data: await notify.show(args) };
    },
    'notify:availability': async () => {
      if (!notify)
        return {
          ok: false,
          error: { kind: 'bad_request', message: 'Notifications are shown by the browser tab here.' },
        };
      return { ok: true, data: await notify.availability() };
    },
    ...api,
  };
}

/**
 * The single entry point for untrusted calls from a renderer (IPC or HTTP): checks the
 * channel name and validates its arguments before any handler runs, and turns an
 * unexpected exception into an error result instead of a dropped promise.
 */
export async function dispatchBridgeCall(
  handlers: BridgeHandlers,
  channel: unknown,
  args: unknown,
): Promise<BridgeResult<unknown>> {
  if (!isChannel(channel))
    return {
      ok: false,
      error: { kind: 'bad_request', message: `Unknown bridge call "${String(channel).slice(0, 80)}".` },
    };
  const parsed = parseChannelArgs(channel, Array.isArray(args) ? args : [args]);
  if (!parsed.ok) return { ok: false, error: { kind: 'bad_request', message: parsed.message } };
  try {
    const handler = handlers[channel] as (...a: unknown[]) => Promise<BridgeResult<unknown>>;
    return await handler(...(parsed.args as unknown[]));
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    return {
      ok: false,
      error: {
        kind: 'server',
        message: `Triage Desk hit an unexpected problem (${detail}). Nothing was changed by this step; try again.`,
      },
    };
  }
}
