import type { Generated } from 'kysely';

/**
 * Row types of the SQLite schema created by ./migrations.ts. Times are ms since 1970;
 * booleans are 0/1 because SQLite has no boolean type; *_json columns hold JSON text.
 */
export interface OrgsTable {
  id: string;
  name: string;
  plan: string;
  agent_tools: number;
}

export interface UsersTable {
  id: string;
  name: string;
  email: string;
}

export interface TokensTable {
  /** sha256 of the token: a leaked database file does not leak usable tokens. */
  token_hash: string;
  user_id: string;
  kind: string;
  label: string | null;
  expires_at: number | null;
  revoked_at: number | null;
}

export interface WorkspacesTable {
  id: string;
  org_id: string;
  name: string;
  slug: string;
  retention_days: number;
  instructions: string | null;
}

export interface MembershipsTable {
  workspace_id: string;
  user_id: string;
  role: string;
}

export interface ProjectsTable {
  id: string;
  workspace_id: string;
  name: string;
  slug: string;
  repo: string | null;
  archived: number;
  site_url: string;
  context: string;
  created_at: number;
  updated_at: number;
  last_activity_at: number;
  /** Moved by every write within the project (storage/versions.ts). */
  cache_version: Generated<number>;
}

export interface ItemsTable {
  id: string;
  project_id: string;
  url: string;
  page: string;
  page_title: string;
  type: string;
  type_source: string;
  status: string;
  resolved_at: number | null;
  agent_task: string | null;
  assignee_id: string | null;
  assignee_mode: string | null;
  summary: string | null;
  duplicate_of: string | null;
  author_id: string;
  created_at: number;
  selector: string | null;
  element_text: string | null;
  selected_text: string | null;
  stamp_id: string | null;
  stamp_key: string | null;
  viewport_json: string;
  source_file: string | null;
  source_line: number | null;
  source_build: string | null;
  source_branch: string | null;
  source_component: string | null;
  source_path_json: string | null;
  moved_at: number | null;
  screenshot_image_id: string | null;
  dom_context: string | null;
  captured_at: number;
}

export interface MessagesTable {
  /** A root message shares its item's ID; a reply's ID is its own pinId. */
  id: string;
  item_id: string;
  is_root: number;
  /** Order inside the thread (0 is the root). */
  position: number;
  author_id: string;
  body: string;
  created_at: number;
  edited_at: number | null;
  via: string | null;
}

export interface ItemEventsTable {
  id: Generated<number>;
  item_id: string;
  kind: string;
  at: number;
  by_user_id: string | null;
  from_value: string | null;
  to_value: string | null;
}

export interface MentionsTable {
  message_id: string;
  item_id: string;
  user_id: string;
}

export interface ReactionsTable {
  item_id: string;
  emoji: string;
  count: number;
}

export interface AttachmentsTable {
  id: Generated<number>;
  item_id: string;
  author_id: string;
  location: string;
  image_id: string;
}

export interface LinearEntriesTable {
  item_id: string;
  position: number;
  identifier: string;
  url: string;
  delegate_name: string | null;
  delegated_mode: string | null;
}

export interface RulesTable {
  id: Generated<number>;
  project_id: string;
  text: string;
  added_by: string;
  added_at: number;
  source_item_ids_json: string;
}

export interface ImagesTable {
  id: string;
  /** 128-bit random hex: the URL is its own credential, so it must be unguessable. */
  url_token: string;
  spec_json: string;
  png: Uint8Array | ArrayBuffer | null;
  /** Screenshots stop being served once the workspace retention has passed. */
  expires_at: number | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: string;
  kind: string;
  item_id: string;
  message_id: string | null;
  actor_id: string | null;
  created_at: number;
  read_at: number | null;
}

export interface WhatsNewBookmarksTable {
  user_id: string;
  project_id: string;
  at: number;
}

/** One oidc-provider record (see storage/oauth.ts); times in ms since 1970 by the system clock. */
export interface OAuthRecordsTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  /** A Session's fixed uid (its id changes on sign-in). */
  uid: string | null;
  account_id: string | null;
  created_at: number;
  expires_at: number | null;
  consumed_at: number | null;
}

/** Signing keys (JWKS) and cookie keys of the authorization server, made on first use. */
export interface OAuthSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

/** A request limit's token bucket, shared by every instance on one database (http/shared-rate-limit.ts). */
export interface RateBucketsTable {
  key: string;
  tokens: number;
  at: number;
  /** 1 when the last take found a token. */
  took: number;
}

/** Versions of what caches read that is not one project's (storage/versions.ts); one row, 'shared'. */
export interface CacheVersionsTable {
  scope: string;
  version: number;
}

export interface Database {
  orgs: OrgsTable;
  users: UsersTable;
  tokens: TokensTable;
  workspaces: WorkspacesTable;
  memberships: MembershipsTable;
  projects: ProjectsTable;
  items: ItemsTable;
  messages: MessagesTable;
  item_events: ItemEventsTable;
  mentions: MentionsTable;
  reactions: ReactionsTable;
  attachments: AttachmentsTable;
  linear_entries: LinearEntriesTable;
  rules: RulesTable;
  images: ImagesTable;
  notifications: NotificationsTable;
  whats_new_bookmarks: WhatsNewBookmarksTable;
  oauth_records: OAuthRecordsTable;
  oauth_secrets: OAuthSecretsTable;
  rate_buckets: RateBucketsTable;
  cache_versions: CacheVersionsTable;
}
