import type { Migration } from './migration.js';

/**
 * Background generation (A), its settings on the project, and single-link rollback (C).
 *
 * generation_queue: a row per source page of the project's current (or last) generation run. `generated_at` NULL:
 * waiting; set: generated in this run (kept until the next run starts, for the run's progress). generation_runs: one
 * row per project, the run in progress or the last one; `last_queued_at` is when pages were last queued (a sync
 * batch, a settings change): queued pages wait until that is quiet (background-generator.ts).
 *
 * Pages stored before this version are queued once here, so that sites synced before get suggestions as well.
 */
export const migration: Migration = {
  version: 15,
  name: 'background-generation',
  up: `
ALTER TABLE projects ADD COLUMN min_relevance_score REAL;
ALTER TABLE projects ADD COLUMN suggestions_per_page INTEGER NOT NULL DEFAULT 10;
ALTER TABLE projects ADD COLUMN ignored_words TEXT NOT NULL DEFAULT '[]';

CREATE TABLE generation_queue (
  page_id TEXT PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  queued_at TEXT NOT NULL,
  generated_at TEXT
);
CREATE INDEX generation_queue_project ON generation_queue(project_id, generated_at, queued_at);

CREATE TABLE generation_runs (
  project_id TEXT PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  started_at TEXT NOT NULL,
  finished_at TEXT,
  suggestions_created INTEGER NOT NULL DEFAULT 0,
  last_queued_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX generation_runs_waiting ON generation_runs(finished_at, project_id);

ALTER TABLE implementation_items ADD COLUMN rolled_back_at TEXT;
ALTER TABLE implementation_items ADD COLUMN rollback_reason TEXT;
UPDATE implementation_items SET rolled_back_at = (SELECT rolled_back_at FROM implementations m WHERE m.id = implementation_id),
  rollback_reason = (SELECT rollback_reason FROM implementations m WHERE m.id = implementation_id)
WHERE succeeded = 1 AND implementation_id IN (SELECT id FROM implementations WHERE status = 'rolled_back');

INSERT INTO generation_queue (page_id, project_id, queued_at)
SELECT p.id, p.project_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM pages p JOIN projects pr ON pr.id = p.project_id
WHERE p.excluded = 0 AND p.status_code BETWEEN 200 AND 299
  AND (json_array_length(pr.include_paths) = 0 OR EXISTS (SELECT 1 FROM json_each(pr.include_paths) WHERE substr(p.path, 1, length(value)) = value))
  AND NOT EXISTS (SELECT 1 FROM json_each(pr.exclude_paths) WHERE substr(p.path, 1, length(value)) = value);
INSERT INTO generation_runs (project_id, started_at, last_queued_at)
SELECT DISTINCT project_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM generation_queue;
`,
  postgres: `
ALTER TABLE projects ADD COLUMN min_relevance_score double precision;
ALTER TABLE projects ADD COLUMN suggestions_per_page integer NOT NULL DEFAULT 10;
ALTER TABLE projects ADD COLUMN ignored_words text NOT NULL DEFAULT '[]';

CREATE TABLE generation_queue (
  -- SQLite's implicit rowid, made explicit: the order of insertion that breaks ties of created_at.
  rowid bigint GENERATED ALWAYS AS IDENTITY,
  page_id text PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  queued_at text NOT NULL,
  generated_at text
);
CREATE INDEX generation_queue_project ON generation_queue(project_id, generated_at, queued_at);

CREATE TABLE generation_runs (
  project_id text PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  started_at text NOT NULL,
  finished_at text,
  suggestions_created integer NOT NULL DEFAULT 0,
  last_queued_at text NOT NULL
);
CREATE INDEX generation_runs_waiting ON generation_runs(finished_at, project_id);

ALTER TABLE implementation_items ADD COLUMN rolled_back_at text;
ALTER TABLE implementation_items ADD COLUMN rollback_reason text;
`,
};
