import type { Generated } from 'kysely';

/**
 * The bridge's tables as Kysely sees them, the same on SQLite and PostgreSQL (migrations/). Timestamps are ISO 8601
 * text, flags integers 0/1, lists JSON text and binary data bytes (BLOB / bytea): both backends give the same values
 * back. `Generated` marks a column with a default.
 */
export interface Schema {
  schema_migrations: SchemaMigrationsTable;
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  rate_limit_windows: RateLimitWindowsTable;
  idempotency_keys: IdempotencyKeysTable;
  projects: ProjectsTable;
  pages: PagesTable;
  page_contents: PageContentsTable;
  page_links: PageLinksTable;
  suggestions: SuggestionsTable;
  implementations: ImplementationsTable;
  implementation_items: ImplementationItemsTable;
  generation_queue: GenerationQueueTable;
  generation_runs: GenerationRunsTable;
  search_terms: SearchTermsTable;
  search_urls: SearchUrlsTable;
  search_documents: SearchDocumentsTable;
  search_texts: SearchTextsTable;
  search_stats: SearchStatsTable;
  search_snapshots: SearchSnapshotsTable;
  failed_auth_attempts: FailedAuthAttemptsTable;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: string;
}

export interface AccountsTable {
  /** Insertion order (SQLite's implicit rowid; an identity column on PostgreSQL). */
  rowid: Generated<number>;
  id: string;
  name: string;
  tier: 'free' | 'pro' | 'enterprise';
  rate_limit: number;
  created_at: string;
  max_projects: number | null;
  max_pages: number | null;
  max_content_bytes: number | null;
}

export interface ApiKeysTable {
  /** Insertion order (SQLite's implicit rowid; an identity column on PostgreSQL). */
  rowid: Generated<number>;
  id: string;
  account_id: string;
  name: Generated<string>;
  prefix: string;
  key_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface RateLimitWindowsTable {
  account_id: string;
  window_start: number;
  used: number;
}

export interface IdempotencyKeysTable {
  account_id: string;
  key_hash: string;
  request_hash: string;
  status: number;
  sealed_answer: Buffer;
  created_at: string;
  expires_at: string;
}

export interface ProjectsTable {
  /** Insertion order (SQLite's implicit rowid; an identity column on PostgreSQL). */
  rowid: Generated<number>;
  id: string;
  account_id: string;
  name: string;
  domain: string;
  preferred_sdk: string | null;
  include_paths: Generated<string>;
  exclude_paths: Generated<string>;
  created_at: string;
  updated_at: string;
  min_relevance_score: number | null;
  suggestions_per_page: Generated<number>;
  ignored_words: Generated<string>;
  page_count: Generated<number>;
  content_bytes: Generated<number>;
}

export interface PagesTable {
  /** Insertion order (SQLite's implicit rowid; an identity column on PostgreSQL). */
  rowid: Generated<number>;
  id: string;
  project_id: string;
  url: string;
  url_key: string;
  title: string;
  status_code: number;
  created_at: string;
  last_synced_at: string;
  path: Generated<string>;
  excluded: Generated<number>;
  content_hash: Buffer | null;
  keyphrases: Generated<string>;
  language: Generated<string>;
  published_at: string | null;
  modified_at: string | null;
}

export interface PageContentsTable {
  page_id: string;
  content: string;
}

export interface PageLinksTable {
  source_page_id: string;
  project_id: string;
  target_key: string;
  anchor_text: string;
  position: number;
}

export interface SuggestionsTable {
  /** Insertion order (SQLite's implicit rowid; an identity column on PostgreSQL). */
  rowid: Generated<number>;
  id: string;
  project_id: string;
  source_page_id: string;
  target_page_id: string;
  anchor_text: string;
  context: string;
  relevance_score: number;
  status: 'pending' | 'approved' | 'rejected' | 'implemented';
  created_at: string;
  updated_at: string;
  inputs: Buffer | null;
}

export interface ImplementationsTable {
  /** Insertion order (SQLite's implicit rowid; an identity column on PostgreSQL). */
  rowid: Generated<number>;
  id: string;
  project_id: string;
  platform: string;
  status: 'pending' | 'completed' | 'failed' | 'rolled_back';
  created_at: string;
  implemented_at: string | null;
  succeeded: number | null;
  failed: number | null;
  rolled_back_at: string | null;
  rollback_reason: string | null;
}

export interface ImplementationItemsTable {
  implementation_id: string;
  suggestion_id: string;
  position: number;
  succeeded: number | null;
  error: string | null;
  rolled_back_at: string | null;
  rollback_reason: string | null;
}

export interface GenerationQueueTable {
  /** Insertion order (SQLite's implicit rowid; an identity column on PostgreSQL). */
  rowid: Generated<number>;
  page_id: string;
  project_id: string;
  queued_at: string;
  generated_at: string | null;
}

export interface GenerationRunsTable {
  project_id: string;
  started_at: string;
  finished_at: string | null;
  suggestions_created: Generated<number>;
  last_queued_at: string;
}

export interface SearchTermsTable {
  project_id: string;
  term_id: number;
  stem: string;
}

export interface SearchUrlsTable {
  project_id: string;
  doc_no: number;
  url: string;
}

export interface SearchDocumentsTable {
  page_id: string;
  project_id: string;
  doc_no: number;
  status_code: number;
  length: number;
  title_terms: Buffer;
  posting_terms: Buffer;
  posting_counts: Buffer;
  phrases: Buffer;
  outlinks: Buffer;
  language: Generated<string>;
  average_length: number | null;
  vector_norm: number | null;
}

export interface SearchTextsTable {
  page_id: string;
  text: string;
  eligible: Buffer;
  term_ids: Buffer;
  word_term_ids: Buffer | null;
  analysis_version: Generated<number>;
}

export interface SearchStatsTable {
  project_id: string;
  revision: number;
  document_frequencies: Buffer;
  posting_counts: Buffer;
  document_count: number;
  total_length: number;
}

export interface SearchSnapshotsTable {
  project_id: string;
  revision: number;
  format: number;
  data: Buffer;
}

export interface FailedAuthAttemptsTable {
  address: string;
  failed_at: number;
}
