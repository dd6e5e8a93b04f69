import { sql, type Kysely } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';

/** Each statement runs separately: SQLite's prepare() takes one statement at a time. */
function statements(...ddl: string[]): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const s of ddl) await sql.raw(s).execute(db);
    },
  };
}

const initial = statements(
  `CREATE TABLE orgs (id TEXT PRIMARY KEY, name TEXT NOT NULL, plan TEXT NOT NULL, agent_tools INTEGER NOT NULL)`,
  `CREATE TABLE users (id TEXT PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL)`,
  `CREATE TABLE tokens (token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id), kind TEXT NOT NULL,
     label TEXT, expires_at INTEGER, revoked_at INTEGER)`,
  `CREATE TABLE workspaces (id TEXT PRIMARY KEY, org_id TEXT NOT NULL REFERENCES orgs(id), name TEXT NOT NULL,
     slug TEXT NOT NULL, retention_days INTEGER NOT NULL, instructions TEXT)`,
  `CREATE TABLE memberships (workspace_id TEXT NOT NULL REFERENCES workspaces(id), user_id TEXT NOT NULL REFERENCES users(id),
     role TEXT NOT NULL, PRIMARY KEY (workspace_id, user_id))`,
  `CREATE INDEX memberships_user ON memberships(user_id)`,
  `CREATE TABLE projects (id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL REFERENCES workspaces(id), name TEXT NOT NULL,
     slug TEXT NOT NULL, repo TEXT, archived INTEGER NOT NULL, site_url TEXT NOT NULL, context TEXT NOT NULL,
     created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, last_activity_at INTEGER NOT NULL)`,
  `CREATE INDEX projects_workspace ON projects(workspace_id)`,
  `CREATE TABLE images (id TEXT PRIMARY KEY, url_token TEXT NOT NULL UNIQUE, spec_json TEXT NOT NULL, png BLOB,
     expires_at INTEGER)`,
  `CREATE TABLE items (id TEXT PRIMARY KEY, project_id TEXT NOT NULL REFERENCES projects(id), url TEXT NOT NULL,
     page TEXT NOT NULL, page_title TEXT NOT NULL, type TEXT NOT NULL, type_source TEXT NOT NULL, status TEXT NOT NULL,
     resolved_at INTEGER, agent_task TEXT, assignee_id TEXT REFERENCES users(id), assignee_mode TEXT, summary TEXT,
     duplicate_of TEXT REFERENCES items(id), author_id TEXT NOT NULL REFERENCES users(id), created_at INTEGER NOT NULL,
     selector TEXT, element_text TEXT, selected_text TEXT, stamp_id TEXT, stamp_key TEXT, viewport_json TEXT NOT NULL,
     source_file TEXT, source_line INTEGER, source_build TEXT, source_branch TEXT, source_component TEXT,
     source_path_json TEXT, moved_at INTEGER, screenshot_image_id TEXT REFERENCES images(id), dom_context TEXT,
     captured_at INTEGER NOT NULL)`,
  `CREATE INDEX items_project_created ON items(project_id, created_at DESC)`,
  `CREATE INDEX items_duplicate_of ON items(duplicate_of)`,
  `CREATE TABLE messages (id TEXT PRIMARY KEY, item_id TEXT NOT NULL REFERENCES items(id), is_root INTEGER NOT NULL,
     position INTEGER NOT NULL, author_id TEXT NOT NULL REFERENCES users(id), body TEXT NOT NULL,
     created_at INTEGER NOT NULL, edited_at INTEGER, via TEXT)`,
  `CREATE INDEX messages_item ON messages(item_id, position)`,
  `CREATE TABLE item_events (id INTEGER PRIMARY KEY AUTOINCREMENT, item_id TEXT NOT NULL REFERENCES items(id),
     kind TEXT NOT NULL, at INTEGER NOT NULL, by_user_id TEXT REFERENCES users(id), from_value TEXT, to_value TEXT)`,
  `CREATE INDEX item_events_item ON item_events(item_id, at)`,
  `CREATE TABLE mentions (message_id TEXT NOT NULL REFERENCES messages(id), item_id TEXT NOT NULL REFERENCES items(id),
     user_id TEXT NOT NULL REFERENCES users(id), PRIMARY KEY (message_id, user_id))`,
  `CREATE INDEX mentions_user ON mentions(user_id)`,
  `CREATE TABLE reactions (item_id TEXT NOT NULL REFERENCES items(id), emoji TEXT NOT NULL, count INTEGER NOT NULL,
     PRIMARY KEY (item_id, emoji))`,
  `CREATE TABLE attachments (id INTEGER PRIMARY KEY AUTOINCREMENT, item_id TEXT NOT NULL REFERENCES items(id),
     author_id TEXT NOT NULL REFERENCES users(id), location TEXT NOT NULL, image_id TEXT NOT NULL REFERENCES images(id))`,
  `CREATE INDEX attachments_item ON attachments(item_id)`,
  `CREATE TABLE linear_entries (item_id TEXT NOT NULL REFERENCES items(id), position INTEGER NOT NULL,
     identifier TEXT NOT NULL, url TEXT NOT NULL, delegate_name TEXT, delegated_mode TEXT, PRIMARY KEY (item_id, position))`,
  `CREATE TABLE rules (id INTEGER PRIMARY KEY AUTOINCREMENT, project_id TEXT NOT NULL REFERENCES projects(id),
     text TEXT NOT NULL, added_by TEXT NOT NULL REFERENCES users(id), added_at INTEGER NOT NULL,
     source_item_ids_json TEXT NOT NULL)`,
  `CREATE INDEX rules_project ON rules(project_id)`,
  `CREATE TABLE notifications (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT NOT NULL REFERENCES users(id),
     kind TEXT NOT NULL, item_id TEXT NOT NULL REFERENCES items(id), message_id TEXT, actor_id TEXT REFERENCES users(id),
     created_at INTEGER NOT NULL, read_at INTEGER)`,
  `CREATE INDEX notifications_user ON notifications(user_id, created_at)`,
  `CREATE TABLE whats_new_bookmarks (user_id TEXT NOT NULL REFERENCES users(id), project_id TEXT NOT NULL REFERENCES projects(id),
     at INTEGER NOT NULL, PRIMARY KEY (user_id, project_id))`,
);

/**
 * Indexes for the reads every request makes, so none of them grows with a project's size:
 * the scan window (live threads of a project, newest first, ID breaking ties) is one walk
 * down `items_project_live` with no sort; the creation limit counts a person's recent
 * threads; whats-new looks up the caller's mentions among the window's threads.
 */
const readIndexes = statements(
  `CREATE INDEX items_project_live ON items(project_id, duplicate_of, created_at DESC, id DESC)`,
  // Superseded by items_project_live, which leads with the same column.
  `DROP INDEX items_project_created`,
  `CREATE INDEX items_author_created ON items(author_id, created_at)`,
  `CREATE INDEX mentions_user_item ON mentions(user_id, item_id)`,
  `DROP INDEX mentions_user`,
);

/**
 * The authorization server's state (oidc-provider's models: clients, grants, sessions,
 * interactions, codes, tokens) as JSON per record, with the columns it is looked up or
 * pruned by; and the secrets it signs with, made once. Opaque access tokens are also
 * written to `tokens` (kind 'oauth', hashed), which is what the API checks.
 */
const oauth = statements(
  `CREATE TABLE oauth_records (model TEXT NOT NULL, id TEXT NOT NULL, payload TEXT NOT NULL, grant_id TEXT, uid TEXT,
     account_id TEXT, created_at INTEGER NOT NULL, expires_at INTEGER, consumed_at INTEGER, PRIMARY KEY (model, id))`,
  `CREATE INDEX oauth_records_grant ON oauth_records(grant_id) WHERE grant_id IS NOT NULL`,
  `CREATE INDEX oauth_records_uid ON oauth_records(uid) WHERE uid IS NOT NULL`,
  `CREATE INDEX oauth_records_account ON oauth_records(model, account_id) WHERE account_id IS NOT NULL`,
  `CREATE INDEX oauth_records_expires ON oauth_records(expires_at) WHERE expires_at IS NOT NULL`,
  `CREATE TABLE oauth_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL, created_at INTEGER NOT NULL)`,
);

/** Migrations live in code (not files on disk) so the service runs the same from tsx, a bundle or tests. */
export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return { '0001_initial': initial, '0002_read_indexes': readIndexes, '0003_oauth': oauth };
  },
};
