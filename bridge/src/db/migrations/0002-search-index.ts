import type { Migration } from './migration.js';

/**
 * The suggestion engine's per-project search index (bridge/src/indexing). Rows mirror what the in-memory indexes
 * hold, so a restart rebuilds them by reading these tables alone; the vectors are BLOBs of little-endian
 * typed arrays. Pages and projects cascade, so deleting either removes its index data.
 */
export const migration: Migration = {
  version: 2,
  name: 'search-index',
  up: `
-- Vocabulary: dense term ids per project, in order of first use.
CREATE TABLE search_terms (
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  term_id INTEGER NOT NULL,
  stem TEXT NOT NULL,
  PRIMARY KEY (project_id, term_id)
) WITHOUT ROWID;

-- Every URL the index knows (synced pages and link targets not synced yet) gets a dense document number.
CREATE TABLE search_urls (
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  doc_no INTEGER NOT NULL,
  url TEXT NOT NULL,
  PRIMARY KEY (project_id, doc_no)
) WITHOUT ROWID;

-- What the indexes need of each synced page; read in full at start.
CREATE TABLE search_documents (
  page_id TEXT PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  doc_no INTEGER NOT NULL,
  status_code INTEGER NOT NULL,
  length INTEGER NOT NULL,
  title_terms BLOB NOT NULL,
  posting_terms BLOB NOT NULL,
  posting_counts BLOB NOT NULL,
  phrases BLOB NOT NULL,
  outlinks BLOB NOT NULL
);
CREATE INDEX search_documents_project ON search_documents(project_id, doc_no);

-- Read only for a page that is the source of a generation, or that is synced again.
CREATE TABLE search_texts (
  page_id TEXT PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
  text TEXT NOT NULL,
  eligible BLOB NOT NULL,
  term_ids BLOB NOT NULL
);

-- Document frequencies and postings per term (Int32 per term id) and BM25 totals, rewritten after each sync batch;
-- the posting counts let a restart allocate the inverted index exactly before streaming the documents in. The
-- revision counts batches: memory whose revision differs from the row's (a rolled-back sync) is reloaded.
CREATE TABLE search_stats (
  project_id TEXT PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  revision INTEGER NOT NULL,
  document_frequencies BLOB NOT NULL,
  posting_counts BLOB NOT NULL,
  document_count INTEGER NOT NULL,
  total_length INTEGER NOT NULL
);
`,
  postgres: `
CREATE TABLE search_terms (
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  term_id integer NOT NULL,
  stem text NOT NULL,
  PRIMARY KEY (project_id, term_id)
);

CREATE TABLE search_urls (
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  doc_no integer NOT NULL,
  url text NOT NULL,
  PRIMARY KEY (project_id, doc_no)
);

CREATE TABLE search_documents (
  page_id text PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  doc_no integer NOT NULL,
  status_code integer NOT NULL,
  length integer NOT NULL,
  title_terms bytea NOT NULL,
  posting_terms bytea NOT NULL,
  posting_counts bytea NOT NULL,
  phrases bytea NOT NULL,
  outlinks bytea NOT NULL
);
CREATE INDEX search_documents_project ON search_documents(project_id, doc_no);

CREATE TABLE search_texts (
  page_id text PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
  text text NOT NULL,
  eligible bytea NOT NULL,
  term_ids bytea NOT NULL
);

CREATE TABLE search_stats (
  project_id text PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  revision integer NOT NULL,
  document_frequencies bytea NOT NULL,
  posting_counts bytea NOT NULL,
  document_count integer NOT NULL,
  total_length bigint NOT NULL
);
`,
};
