import { z } from 'zod';
import { ENDPOINTS, type EndpointInput, type EndpointName } from '../api/index.js';
import type { ReadOutput, Workspace, WorkspacesResponse } from '../reader/index.js';
import type { BridgeResult } from './errors.js';
import { ITEM_ID_MAX_CHARS, isSafeItemId } from './item-id.js';
import type { MenuCommand, OpenItemEvent } from './events.js';

/**
 * The one typed channel map shared by main, preload and renderer. Every channel's
 * arguments are validated in main with these schemas (the renderer is untrusted) and
 * every result is a BridgeResult, so failures keep their fields across IPC.
 */

export interface ConnectionSummary {
  id: string;
  label: string;
  baseUrl: string;
  /** Who the token belongs to, as the service said when the connection was added. */
  userName: string | null;
  addedAt: number;
  /** Kept in memory for this run only (the demo's built-in sign-in), never in the keychain. */
  ephemeral: boolean;
  /** 'browser': signed in with the browser (OAuth), so it can end and be renewed by signing in again; 'token': a personal token. */
  auth: 'token' | 'browser';
}

export interface ConnectResult {
  connection: ConnectionSummary;
  workspaces: Workspace[];
  /** null for a credential with no person behind it. */
  you: WorkspacesResponse['you'];
  /** What the person should know about the connection just made (the service moved to another address). */
  notes?: string[];
}

export type NetworkPhase = 'idle' | 'busy' | 'paced' | 'limited' | 'offline';

export interface NetworkState {
  phase: NetworkPhase;
  /** Requests waiting in the client's queue. */
  queued: number;
  /** While limited: when requests resume (ms since 1970). */
  until: number | null;
  /** A sentence for the status bar. */
  message: string;
}

const baseUrl = z
  .string({ error: 'Service URL must be text' })
  .trim()
  .min(1, { error: 'Enter the service URL, e.g. https://feedback.example.com' })
  .max(2000, { error: 'That URL is too long' })
  .refine(
    (u) => {
      try {
        const p = new URL(u).protocol;
        return p === 'http:' || p === 'https:';
      } catch {
        return false;
      }
    },
    { error: 'Service URL must start with http:// or https://' },
  );

/** Browser sign-in: the service's address; a connection ID to sign an ended sign-in in again. */
export const SignInArgs = z.object({
  baseUrl,
  label: z.string().trim().max(100, { error: 'A label is at most 100 characters' }).optional(),
  connectionId: z.string().trim().min(1).max(200).optional(),
});
export type SignInArgs = z.infer<typeof SignInArgs>;

/** Whether a service offers browser sign-in, and if not, why (a sentence). */
export interface SignInOptions {
  available: boolean;
  reason: string | null;
}

export interface SignInResult extends ConnectResult {
  /** Things the person should know (a port fallback, no refresh token). */
  notes: string[];
}

/** A token the hosted service's agent client keeps on this computer, offered on the connect screen (never the token itself). */
export interface FoundCredential {
  source: 'environment' | 'file';
  /** Where it was found, in words (the variable, or the file's path). */
  where: string;
  baseUrl: string;
  /** The token's first and last characters, to recognise it by. */
  tokenHint: string;
  /** Why it cannot be used (a workspace key, an unreadable file), or null. */
  unusable: string | null;
}

/** The main process's word that a browser sign-in ended (refresh refused): shown once, with a way to sign in again. */
export interface SignedOutEvent {
  connectionId: string;
  message: string;
}

export const AddConnectionArgs = z.object({
  baseUrl,
  token: z
    .string({ error: 'Token must be text' })
    .trim()
    .min(1, { error: 'Paste your API token' })
    .max(4096, { error: 'That token is too long to be an API token' })
    .refine((t) => !/\s/.test(t), { error: 'A token has no spaces or line breaks: paste it again' }),
  label: z.string().trim().max(100, { error: 'Label must be at most 100 characters' }).optional(),
  /**
   * Keep the connection in memory for this run only, not in the keychain: the person's choice
   * on a computer without a keychain Triage Desk can use.
   */
  sessionOnly: z.boolean().optional(),
  /**
   * The person confirmed that an http:// address that is not this machine may carry the
   * token unencrypted (transport.ts). Main refuses such an address without it.
   */
  allowInsecure: z.boolean({ error: 'allowInsecure must be true or false' }).optional(),
});
export type AddConnectionArgs = z.infer<typeof AddConnectionArgs>;

const connectionId = z.string().min(1).max(200);

/** A file name to suggest in the save dialog: no folders, no control characters. */
const suggestedName = z
  .string()
  .trim()
  .min(1)
  .max(150)
  .refine((n) => !/[\\/]/.test(n) && ![...n].some((c) => c.charCodeAt(0) < 32), {
    error: 'A file name cannot contain slashes or control characters',
  });

export const ExportMarkdownArgs = z.object({
  suggestedName: suggestedName.refine((n) => n.endsWith('.md'), { error: 'A Markdown export ends in .md' }),
  content: z.string().max(5_000_000, { error: 'That export is larger than 5 MB' }),
});
export type ExportMarkdownArgs = z.infer<typeof ExportMarkdownArgs>;

/** The items table as a spreadsheet (features/table/csv-export.ts). */
export const ExportCsvArgs = z.object({
  suggestedName: suggestedName.refine((n) => n.endsWith('.csv'), { error: 'A spreadsheet export ends in .csv' }),
  content: z.string().max(20_000_000, { error: 'That export is larger than 20 MB' }),
});
export type ExportCsvArgs = z.infer<typeof ExportCsvArgs>;

export const ExportPdfArgs = z.object({
  suggestedName: suggestedName.refine((n) => n.endsWith('.pdf'), { error: 'A PDF export ends in .pdf' }),
});
export type ExportPdfArgs = z.infer<typeof ExportPdfArgs>;

/** A desktop notification about a thread; clicking it opens the thread. */
export const NotifyArgs = z.object({
  itemId: z.string().trim().min(1).max(200),
  title: z.string().trim().min(1).max(200, { error: 'A notification title is at most 200 characters' }),
  body: z.string().max(500, { error: 'A notification text is at most 500 characters' }),
});
export type NotifyArgs = z.infer<typeof NotifyArgs>;

/** Whether a shown notification will reach the person; `reason` says why not, in words to act on. */
export interface NotifyAvailability {
  available: boolean;
  reason: string | null;
}

export interface NotifyOutcome {
  shown: boolean;
  reason?: string;
}

export interface ExportResult {
  /** False when the person cancelled the save dialog. */
  saved: boolean;
  path: string | null;
}

/** Channels that are not API calls. */
const CONTROL_CHANNELS = {
  'connections:list': { args: z.tuple([]) },
  'connections:add': { args: z.tuple([AddConnectionArgs]) },
  'connections:remove': { args: z.tuple([connectionId]) },
  'connections:activate': { args: z.tuple([connectionId]) },
  'connections:active': { args: z.tuple([]) },
  'connections:signInOptions': { args: z.tuple([baseUrl]) },
  'connections:signIn': { args: z.tuple([SignInArgs]) },
  'connections:cancelSignIn': { args: z.tuple([]) },
  'connections:found': { args: z.tuple([]) },
  'connections:useFound': {
    args: z.tuple([z.enum(['environment', 'file'], { error: 'Choose the environment or the file' })]),
  },
  'network:state': { args: z.tuple([]) },
  'shell:openExternal': { args: z.tuple([z.string().max(8000)]) },
  'shell:copyText': { args: z.tuple([z.string().max(8000, { error: 'That is too much text to copy' })]) },
  'export:markdown': { args: z.tuple([ExportMarkdownArgs]) },
  'export:pdf': { args: z.tuple([ExportPdfArgs]) },
  'export:csv': { args: z.tuple([ExportCsvArgs]) },
  'app:takeOpenItem': { args: z.tuple([]) },
  'notify:show': { args: z.tuple([NotifyArgs]) },
  'notify:availability': { args: z.tuple([]) },
} as const;

export interface ControlResults {
  'connections:list': ConnectionSummary[];
  'connections:add': ConnectResult;
  'connections:remove': null;
  'connections:activate': ConnectResult;
  'connections:active': ConnectResult | null;
  'connections:signInOptions': SignInOptions;
  'connections:signIn': SignInResult;
  'connections:cancelSignIn': null;
  'connections:found': FoundCredential[];
  'connections:useFound': ConnectResult;
  'network:state': NetworkState;
  'shell:openExternal': null;
  'shell:copyText': null;
  'export:markdown': ExportResult;
  'export:pdf': ExportResult;
  'export:csv': ExportResult;
  'app:takeOpenItem': OpenItemEvent | null;
  'notify:show': NotifyOutcome;
  'notify:availability': NotifyAvailability;
}

type ApiChannel = `api:${EndpointName}`;
const apiChannel = <N extends EndpointName>(name: N) => `api:${name}` as const;

type ApiArgsSchema = z.ZodTuple<[z.ZodType]>;
const itemIdInput = z.object({
  itemId: z
    .string({ error: 'itemId must be text' })
    .trim()
    .min(1, { error: 'itemId must not be empty' })
    .max(ITEM_ID_MAX_CHARS, { error: `itemId must be at most ${ITEM_ID_MAX_CHARS} characters` })
    .refine(isSafeItemId, { error: 'That is not an item ID: it cannot be "." or "..", or hold control characters' }),
});

function apiArgs(name: EndpointName): ApiArgsSchema {
  const e = ENDPOINTS[name];
  if (name === 'getItem') return z.tuple([itemIdInput]);
  const schema = 'body' in e ? e.body : 'query' in e ? e.query : z.object({});
  return z.tuple([schema as z.ZodType]);
}

const API_CHANNELS = Object.fromEntries(
  (Object.keys(ENDPOINTS) as EndpointName[]).map((n) => [apiChannel(n), { args: apiArgs(n) }]),
) as Record<ApiChannel, { args: ApiArgsSchema }>;

export const CHANNELS = { ...CONTROL_CHANNELS, ...API_CHANNELS };
export type Channel = keyof typeof CHANNELS;
export const CHANNEL_NAMES = Object.keys(CHANNELS) as Channel[];
export const isChannel = (c: unknown): c is Channel => typeof c === 'string' && Object.hasOwn(CHANNELS, c);

type ControlArgs<C extends keyof typeof CONTROL_CHANNELS> = z.input<(typeof CONTROL_CHANNELS)[C]['args']>;

export type ChannelArgs<C extends Channel> = C extends keyof typeof CONTROL_CHANNELS
  ? ControlArgs<C>
  : C extends `api:${infer N extends EndpointName}`
    ? [EndpointInput<N>]
    : never;

export type ChannelResult<C extends Channel> = C extends keyof ControlResults
  ? ControlResults[C]
  : C extends `api:${infer N extends EndpointName}`
    ? ReadOutput<N>
    : never;

export { type MenuCommand, type OpenItemEvent } from './events.js';

/** Validates a channel's arguments; the message names what was wrong. */
export function parseChannelArgs<C extends Channel>(
  channel: C,
  args: unknown,
): { ok: true; args: ChannelArgs<C> } | { ok: false; message: string } {
  const r = CHANNELS[channel].args.safeParse(args);
  if (r.success) return { ok: true, args: r.data as ChannelArgs<C> };
  const issue = r.error.issues[0];
  return { ok: false, message: issue ? issue.message : 'Invalid arguments' };
}

/**
 * The bridge as the renderer sees it: narrow named calls, identical in Electron (preload)
 * and browser mode (HTTP gateway client).
 */
export interface TriageBridge {
  connections: {
    list(): Promise<BridgeResult<ConnectionSummary[]>>;
    add(args: AddConnectionArgs): Promise<BridgeResult<ConnectResult>>;
    remove(id: string): Promise<BridgeResult<null>>;
    activate(id: string): Promise<BridgeResult<ConnectResult>>;
    active(): Promise<BridgeResult<ConnectResult | null>>;
    /** Whether the service offers "Sign in with your browser" (asked before showing the button). */
    signInOptions(baseUrl: string): Promise<BridgeResult<SignInOptions>>;
    /** Signs in with the browser and saves the sign-in in the keychain; resolves when the browser came back (or not). */
    signIn(args: SignInArgs): Promise<BridgeResult<SignInResult>>;
    /** The Cancel button while the browser is open. */
    cancelSignIn(): Promise<BridgeResult<null>>;
    /** Tokens the hosted service's agent client keeps on this computer (without the tokens). */
    found(): Promise<BridgeResult<FoundCredential[]>>;
    /** Copies one of them into the keychain as a connection, after checking it with the service. */
    useFound(source: FoundCredential['source']): Promise<BridgeResult<ConnectResult>>;
    /** A browser sign-in ended (refresh refused); returns an unsubscribe function. */
    onSignedOut(listener: (event: SignedOutEvent) => void): () => void;
    /**
     * The sign-in page the person's browser must open for the sign-in under way. The desktop
     * app has already opened it; a page in a browser tab offers it as a link (a click, so no
     * pop-up blocker stands in the way).
     */
    onSignInPage(listener: (url: string) => void): () => void;
  };
  api: { [N in EndpointName]: (input: EndpointInput<N>) => Promise<BridgeResult<ReadOutput<N>>> };
  network: {
    state(): Promise<BridgeResult<NetworkState>>;
    /** Returns an unsubscribe function. */
    subscribe(listener: (state: NetworkState) => void): () => void;
  };
  shell: {
    openExternal(url: string): Promise<BridgeResult<null>>;
    /** Puts text (a thread's link) on the clipboard. */
    copyText(text: string): Promise<BridgeResult<null>>;
  };
  /**
   * Saves reports for the weekly meeting. Electron: a save dialog (PDF via printToPDF of
   * the window, styled by the print stylesheet). Browser mode: a download, and the
   * browser's print dialog for PDF.
   */
  exporter: {
    markdown(args: ExportMarkdownArgs): Promise<BridgeResult<ExportResult>>;
    pdf(args: ExportPdfArgs): Promise<BridgeResult<ExportResult>>;
    csv(args: ExportCsvArgs): Promise<BridgeResult<ExportResult>>;
  };
  /**
   * The desktop shell's pushes: thread links (triage-desk://item/<id>) and native menu
   * commands. Browser mode has neither (its links are the page's own address); there the
   * subscriptions never fire. Each returns an unsubscribe function.
   */
  app: {
    /**
     * A thread link that arrived before the page could listen (the one the app was launched
     * with); null when there is none. Taking it also tells the shell the page now listens.
     */
    takeOpenItem(): Promise<BridgeResult<OpenItemEvent | null>>;
    onOpenItem(listener: (event: OpenItemEvent) => void): () => void;
    onMenuCommand(listener: (command: MenuCommand) => void): () => void;
  };
  /**
   * Desktop notifications (new assignments and mentions). Electron: the system's
   * notifications through the main process. Browser mode: the browser's Notification API.
   * A click opens the thread through app.onOpenItem.
   */
  notify: {
    show(args: NotifyArgs): Promise<BridgeResult<NotifyOutcome>>;
    /** Asked before notifications are turned on, so the person hears at once when they cannot work. */
    availability(): Promise<BridgeResult<NotifyAvailability>>;
  };
  /** 'electron' or 'browser': the UI words some hints differently. */
  mode: 'electron' | 'browser';
}
