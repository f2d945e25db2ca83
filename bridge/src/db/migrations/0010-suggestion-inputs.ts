import type { Migration } from './migration.js';

/**
 * The relevance model's inputs of each suggestion (float32, targetVector then anchorVector), so that editors'
 * decisions can adapt the project's model (engine/adaptation.ts); NULL for suggestions made before. The partial
 * index answers "how many decisions, and when was the last" from the index alone (a covering scan), on every
 * generation.
 */
export const migration: Migration = {
  version: 10,
  name: 'suggestion-inputs',
  up: `
ALTER TABLE suggestions ADD COLUMN inputs BLOB;
CREATE INDEX suggestions_decisions ON suggestions(project_id, status, updated_at) WHERE status <> 'pending';
`,
  postgres: `
ALTER TABLE suggestions ADD COLUMN inputs bytea;
CREATE INDEX suggestions_decisions ON suggestions(project_id, status, updated_at) WHERE status <> 'pending';
`,
};
