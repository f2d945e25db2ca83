import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 1,
  name: 'core',
  up: `
CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  tier TEXT NOT NULL CHECK (tier IN ('free', 'pro', 'enterprise')),
  rate_limit INTEGER NOT NULL CHECK (rate_limit > 0),
  created_at TEXT NOT NULL
);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL DEFAULT '',
  prefix TEXT NOT NULL,
  key_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT
);
CREATE INDEX api_keys_account ON api_keys(account_id);

CREATE TABLE rate_limit_windows (
  account_id TEXT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  window_start INTEGER NOT NULL,
  used INTEGER NOT NULL
);

CREATE TABLE projects (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  domain TEXT NOT NULL,
  preferred_sdk TEXT,
  include_paths TEXT NOT NULL DEFAULT '[]',
  exclude_paths TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX projects_account ON projects(account_id, created_at DESC);

CREATE TABLE pages (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  url_key TEXT NOT NULL,
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  status_code INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  last_synced_at TEXT NOT NULL,
  UNIQUE (project_id, url_key)
);
CREATE INDEX pages_project_order ON pages(project_id, created_at DESC);

-- Internal links found in a page's synced content; target_key is the normalised target URL (it may name a page
-- that was never synced: analytics counts those as pending pages).
CREATE TABLE page_links (
  source_page_id TEXT NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  target_key TEXT NOT NULL,
  anchor_text TEXT NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (source_page_id, position)
);
CREATE INDEX page_links_target ON page_links(project_id, target_key);

CREATE TABLE suggestions (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  source_page_id TEXT NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
  target_page_id TEXT NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
  anchor_text TEXT NOT NULL,
  context TEXT NOT NULL,
  relevance_score REAL NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'implemented')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (source_page_id, target_page_id)
);
CREATE INDEX suggestions_project_order ON suggestions(project_id, created_at DESC);
CREATE INDEX suggestions_project_status ON suggestions(project_id, status, created_at DESC);
CREATE INDEX suggestions_target ON suggestions(target_page_id);

CREATE TABLE implementations (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  platform TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'completed', 'failed', 'rolled_back')),
  created_at TEXT NOT NULL,
  implemented_at TEXT,
  succeeded INTEGER,
  failed INTEGER,
  rolled_back_at TEXT,
  rollback_reason TEXT
);
CREATE INDEX implementations_project_order ON implementations(project_id, created_at DESC);

CREATE TABLE implementation_items (
  implementation_id TEXT NOT NULL REFERENCES implementations(id) ON DELETE CASCADE,
  -- No foreign key: an implementation keeps its history even when a rolled-back suggestion is deleted later.
  suggestion_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  succeeded INTEGER,
  error TEXT,
  PRIMARY KEY (implementation_id, suggestion_id)
);
CREATE INDEX implementation_items_suggestion ON implementation_items(suggestion_id);
`,
  postgres: `
CREATE TABLE accounts (
  -- SQLite's implicit rowid, made explicit: the order of insertion that breaks ties of created_at.
  rowid bigint GENERATED ALWAYS AS IDENTITY,
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  tier text NOT NULL CHECK (tier IN ('free', 'pro', 'enterprise')),
  rate_limit integer NOT NULL CHECK (rate_limit > 0),
  created_at text NOT NULL
);

CREATE TABLE api_keys (
  -- SQLite's implicit rowid, made explicit: the order of insertion that breaks ties of created_at.
  rowid bigint GENERATED ALWAYS AS IDENTITY,
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL DEFAULT '',
  prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  created_at text NOT NULL,
  last_used_at text,
  revoked_at text
);
CREATE INDEX api_keys_account ON api_keys(account_id);

CREATE TABLE rate_limit_windows (
  account_id text PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  window_start bigint NOT NULL,
  used integer NOT NULL
);

CREATE TABLE projects (
  -- SQLite's implicit rowid, made explicit: the order of insertion that breaks ties of created_at.
  rowid bigint GENERATED ALWAYS AS IDENTITY,
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  domain text NOT NULL,
  preferred_sdk text,
  include_paths text NOT NULL DEFAULT '[]',
  exclude_paths text NOT NULL DEFAULT '[]',
  created_at text NOT NULL,
  updated_at text NOT NULL
);
CREATE INDEX projects_account ON projects(account_id, created_at DESC);

CREATE TABLE pages (
  -- SQLite's implicit rowid, made explicit: the order of insertion that breaks ties of created_at.
  rowid bigint GENERATED ALWAYS AS IDENTITY,
  id text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  url text NOT NULL,
  url_key text NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  status_code integer NOT NULL,
  created_at text NOT NULL,
  last_synced_at text NOT NULL,
  UNIQUE (project_id, url_key)
);
CREATE INDEX pages_project_order ON pages(project_id, created_at DESC);

CREATE TABLE page_links (
  source_page_id text NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  target_key text NOT NULL,
  anchor_text text NOT NULL,
  position integer NOT NULL,
  PRIMARY KEY (source_page_id, position)
);
CREATE INDEX page_links_target ON page_links(project_id, target_key);

CREATE TABLE suggestions (
  -- SQLite's implicit rowid, made explicit: the order of insertion that breaks ties of created_at.
  rowid bigint GENERATED ALWAYS AS IDENTITY,
  id text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  source_page_id text NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
  target_page_id text NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
  anchor_text text NOT NULL,
  context text NOT NULL,
  relevance_score double precision NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'implemented')),
  created_at text NOT NULL,
  updated_at text NOT NULL,
  UNIQUE (source_page_id, target_page_id)
);
CREATE INDEX suggestions_project_order ON suggestions(project_id, created_at DESC);
CREATE INDEX suggestions_project_status ON suggestions(project_id, status, created_at DESC);
CREATE INDEX suggestions_target ON suggestions(target_page_id);

CREATE TABLE implementations (
  -- SQLite's implicit rowid, made explicit: the order of insertion that breaks ties of created_at.
  rowid bigint GENERATED ALWAYS AS IDENTITY,
  id text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  platform text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'completed', 'failed', 'rolled_back')),
  created_at text NOT NULL,
  implemented_at text,
  succeeded integer,
  failed integer,
  rolled_back_at text,
  rollback_reason text
);
CREATE INDEX implementations_project_order ON implementations(project_id, created_at DESC);

CREATE TABLE implementation_items (
  implementation_id text NOT NULL REFERENCES implementations(id) ON DELETE CASCADE,
  suggestion_id text NOT NULL,
  position integer NOT NULL,
  succeeded integer,
  error text,
  PRIMARY KEY (implementation_id, suggestion_id)
);
CREATE INDEX implementation_items_suggestion ON implementation_items(suggestion_id);
`,
};
