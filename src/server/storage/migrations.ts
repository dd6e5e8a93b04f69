import { sql, type ColumnDataType, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';
import { isPostgres } from './engine.js';

/**
 * The schema, written once with Kysely's schema builder for both engines. Types that differ:
 * times are milliseconds since 1970, past 2^31, so PostgreSQL needs `bigint` (read back as
 * numbers, see open.ts) where SQLite's `integer` holds 64 bits anyway; images are `bytea`
 * there and `blob` here; generated keys are `bigserial` there and `integer ... autoincrement`
 * here. Booleans stay 0/1 integers on both, so rows read the same.
 *
 * The names and order of the migrations are those of the SQL the first databases were made
 * with: a database made before keeps its schema and runs only what is new.
 */
interface Types {
  /** Milliseconds since 1970, or any other number that may pass 2^31. */
  time: ColumnDataType;
  bytes: ColumnDataType;
}

function typesOf(db: Kysely<unknown>): Types {
  const pg = isPostgres(db);
  return { time: pg ? 'bigint' : 'integer', bytes: pg ? 'bytea' : 'blob' };
}

/** A generated whole-number key on either engine. */
function withGeneratedId<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const initial: Migration = {
  async up(db: Kysely<unknown>) {
    const { time, bytes } = typesOf(db);
    const s = db.schema;
    await s
      .createTable('orgs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('plan', 'text', (c) => c.notNull())
      .addColumn('agent_tools', 'integer', (c) => c.notNull())
      .execute();
    await s
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .execute();
    await s
      .createTable('tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('label', 'text')
      .addColumn('expires_at', time)
      .addColumn('revoked_at', time)
      .execute();
    await s
      .createTable('workspaces')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('org_id', 'text', (c) => c.notNull().references('orgs.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('retention_days', 'integer', (c) => c.notNull())
      .addColumn('instructions', 'text')
      .execute();
    await s
      .createTable('memberships')
      .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('memberships_pk', ['workspace_id', 'user_id'])
      .execute();
    await s.createIndex('memberships_user').on('memberships').column('user_id').execute();
    await s
      .createTable('projects')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('repo', 'text')
      .addColumn('archived', 'integer', (c) => c.notNull())
      .addColumn('site_url', 'text', (c) => c.notNull())
      .addColumn('context', 'text', (c) => c.notNull())
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('updated_at', time, (c) => c.notNull())
      .addColumn('last_activity_at', time, (c) => c.notNull())
      .execute();
    await s.createIndex('projects_workspace').on('projects').column('workspace_id').execute();
    await s
      .createTable('images')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('url_token', 'text', (c) => c.notNull().unique())
      .addColumn('spec_json', 'text', (c) => c.notNull())
      .addColumn('png', bytes)
      .addColumn('expires_at', time)
      .execute();
    await s
      .createTable('items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('page', 'text', (c) => c.notNull())
      .addColumn('page_title', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('type_source', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('resolved_at', time)
      .addColumn('agent_task', 'text')
      .addColumn('assignee_id', 'text', (c) => c.references('users.id'))
      .addColumn('assignee_mode', 'text')
      .addColumn('summary', 'text')
      .addColumn('duplicate_of', 'text', (c) => c.references('items.id'))
      .addColumn('author_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('selector', 'text')
      .addColumn('element_text', 'text')
      .addColumn('selected_text', 'text')
      .addColumn('stamp_id', 'text')
      .addColumn('stamp_key', 'text')
      .addColumn('viewport_json', 'text', (c) => c.notNull())
      .addColumn('source_file', 'text')
      .addColumn('source_line', 'integer')
      .addColumn('source_build', 'text')
      .addColumn('source_branch', 'text')
      .addColumn('source_component', 'text')
      .addColumn('source_path_json', 'text')
      .addColumn('moved_at', time)
      .addColumn('screenshot_image_id', 'text', (c) => c.references('images.id'))
      .addColumn('dom_context', 'text')
      .addColumn('captured_at', time, (c) => c.notNull())
      .execute();
    await s.createIndex('items_project_created').on('items').columns(['project_id', 'created_at desc']).execute();
    await s.createIndex('items_duplicate_of').on('items').column('duplicate_of').execute();
    await s
      .createTable('messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('item_id', 'text', (c) => c.notNull().references('items.id'))
      .addColumn('is_root', 'integer', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('author_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('edited_at', time)
      .addColumn('via', 'text')
      .execute();
    await s.createIndex('messages_item').on('messages').columns(['item_id', 'position']).execute();
    await withGeneratedId(db, s.createTable('item_events'))
      .addColumn('item_id', 'text', (c) => c.notNull().references('items.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('at', time, (c) => c.notNull())
      .addColumn('by_user_id', 'text', (c) => c.references('users.id'))
      .addColumn('from_value', 'text')
      .addColumn('to_value', 'text')
      .execute();
    await s.createIndex('item_events_item').on('item_events').columns(['item_id', 'at']).execute();
    await s
      .createTable('mentions')
      .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id'))
      .addColumn('item_id', 'text', (c) => c.notNull().references('items.id'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addPrimaryKeyConstraint('mentions_pk', ['message_id', 'user_id'])
      .execute();
    await s.createIndex('mentions_user').on('mentions').column('user_id').execute();
    await s
      .createTable('reactions')
      .addColumn('item_id', 'text', (c) => c.notNull().references('items.id'))
      .addColumn('emoji', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('reactions_pk', ['item_id', 'emoji'])
      .execute();
    await withGeneratedId(db, s.createTable('attachments'))
      .addColumn('item_id', 'text', (c) => c.notNull().references('items.id'))
      .addColumn('author_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('location', 'text', (c) => c.notNull())
      .addColumn('image_id', 'text', (c) => c.notNull().references('images.id'))
      .execute();
    await s.createIndex('attachments_item').on('attachments').column('item_id').execute();
    await s
      .createTable('linear_entries')
      .addColumn('item_id', 'text', (c) => c.notNull().references('items.id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('identifier', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('delegate_name', 'text')
      .addColumn('delegated_mode', 'text')
      .addPrimaryKeyConstraint('linear_entries_pk', ['item_id', 'position'])
      .execute();
    await withGeneratedId(db, s.createTable('rules'))
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('added_by', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('added_at', time, (c) => c.notNull())
      .addColumn('source_item_ids_json', 'text', (c) => c.notNull())
      .execute();
    await s.createIndex('rules_project').on('rules').column('project_id').execute();
    await withGeneratedId(db, s.createTable('notifications'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull().references('items.id'))
      .addColumn('message_id', 'text')
      .addColumn('actor_id', 'text', (c) => c.references('users.id'))
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('read_at', time)
      .execute();
    await s.createIndex('notifications_user').on('notifications').columns(['user_id', 'created_at']).execute();
    await s
      .createTable('whats_new_bookmarks')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
      .addColumn('at', time, (c) => c.notNull())
      .addPrimaryKeyConstraint('whats_new_bookmarks_pk', ['user_id', 'project_id'])
      .execute();
  },
};

/**
 * Indexes for the reads every request makes, so none of them grows with a project's size:
 * the scan window (live threads of a project, newest first, ID breaking ties) is one walk
 * down `items_project_live` with no sort; the creation limit counts a person's recent
 * threads; whats-new looks up the caller's mentions among the window's threads.
 */
const readIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s
      .createIndex('items_project_live')
      .on('items')
      .columns(['project_id', 'duplicate_of', 'created_at desc', 'id desc'])
      .execute();
    // Superseded by items_project_live, which leads with the same column.
    await s.dropIndex('items_project_created').execute();
    await s.createIndex('items_author_created').on('items').columns(['author_id', 'created_at']).execute();
    await s.createIndex('mentions_user_item').on('mentions').columns(['user_id', 'item_id']).execute();
    await s.dropIndex('mentions_user').execute();
  },
};

/**
 * The authorization server's state (oidc-provider's models: clients, grants, sessions,
 * interactions, codes, tokens) as JSON per record, with the columns it is looked up or
 * pruned by; and the secrets it signs with, made once. Opaque access tokens are also
 * written to `tokens` (kind 'oauth', hashed), which is what the API checks.
 */
const oauth: Migration = {
  async up(db: Kysely<unknown>) {
    const { time } = typesOf(db);
    const s = db.schema;
    await s
      .createTable('oauth_records')
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('grant_id', 'text')
      .addColumn('uid', 'text')
      .addColumn('account_id', 'text')
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('expires_at', time)
      .addColumn('consumed_at', time)
      .addPrimaryKeyConstraint('oauth_records_pk', ['model', 'id'])
      .execute();
    const notNull = (column: string) => sql<boolean>`${sql.ref(column)} is not null`;
    await s
      .createIndex('oauth_records_grant')
      .on('oauth_records')
      .column('grant_id')
      .where(notNull('grant_id'))
      .execute();
    await s.createIndex('oauth_records_uid').on('oauth_records').column('uid').where(notNull('uid')).execute();
    await s
      .createIndex('oauth_records_account')
      .on('oauth_records')
      .columns(['model', 'account_id'])
      .where(notNull('account_id'))
      .execute();
    await s
      .createIndex('oauth_records_expires')
      .on('oauth_records')
      .column('expires_at')
      .where(notNull('expires_at'))
      .execute();
    await s
      .createTable('oauth_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', time, (c) => c.notNull())
      .execute();
  },
};

/**
 * A reply's position is read as max(position) + 1 inside its write; the index makes two
 * writers that read the same maximum fail rather than share a position.
 */
const messagePositions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('messages_item_position')
      .on('messages')
      .columns(['item_id', 'position'])
      .unique()
      .execute();
    // Superseded by the unique index on the same columns.
    await db.schema.dropIndex('messages_item').execute();
  },
};

/**
 * Request limits' token buckets, where every instance sharing the database sees them (used
 * on PostgreSQL; one SQLite process keeps its buckets in memory). `took` says whether the
 * last take found a token, as an update's RETURNING shows only the new row.
 */
const rateBuckets: Migration = {
  async up(db: Kysely<unknown>) {
    const { time } = typesOf(db);
    await db.schema
      .createTable('rate_buckets')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('tokens', 'double precision', (c) => c.notNull())
      .addColumn('at', time, (c) => c.notNull())
      .addColumn('took', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_buckets_at').on('rate_buckets').column('at').execute();
  },
};

/**
 * Versions that caches of reads compare against (storage/versions.ts), held in the database so
 * that every instance on it sees every write: one per project, moved by each write within it,
 * and one for the tables every project reads (people, tokens, memberships, workspaces, orgs).
 * Moving a version is a write transaction's first statement, so it is also the lock that
 * serialises writes to one project.
 */
const cacheVersions: Migration = {
  async up(db: Kysely<unknown>) {
    const { time } = typesOf(db);
    await db.schema
      .alterTable('projects')
      .addColumn('cache_version', time, (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('cache_versions')
      .addColumn('scope', 'text', (c) => c.primaryKey())
      .addColumn('version', time, (c) => c.notNull())
      .execute();
    await (db as Kysely<{ cache_versions: { scope: string; version: number } }>)
      .insertInto('cache_versions')
      .values({ scope: 'shared', version: 0 })
      .execute();
  },
};

/** Migrations live in code (not files on disk) so the service runs the same from tsx, a bundle or tests. */
export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return {
      '0001_initial': initial,
      '0002_read_indexes': readIndexes,
      '0003_oauth': oauth,
      '0004_message_positions': messagePositions,
      '0005_rate_buckets': rateBuckets,
      '0006_cache_versions': cacheVersions,
    };
  },
};
