import type { Db } from '../db/connection.js';
import type { Project } from './projects.schemas.js';

interface ProjectRow {
  id: string;
  account_id: string;
  name: string;
  domain: string;
  preferred_sdk: string | null;
  include_paths: string;
  exclude_paths: string;
  min_relevance_score: number | null;
  suggestions_per_page: number;
  ignored_words: string;
  created_at: string;
  updated_at: string;
}

function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    preferredSdk: row.preferred_sdk,
    includePaths: JSON.parse(row.include_paths) as string[],
    excludePaths: JSON.parse(row.exclude_paths) as string[],
    minRelevanceScore: row.min_relevance_score,
    suggestionsPerPage: row.suggestions_per_page,
    ignoredWords: JSON.parse(row.ignored_words) as string[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The columns an insert and an update both write. */
function toRow(project: Project) {
  return {
    id: project.id,
    name: project.name,
    domain: project.domain,
    preferred_sdk: project.preferredSdk,
    include_paths: JSON.stringify(project.includePaths),
    exclude_paths: JSON.stringify(project.excludePaths),
    min_relevance_score: project.minRelevanceScore,
    suggestions_per_page: project.suggestionsPerPage,
    ignored_words: JSON.stringify(project.ignoredWords),
    updated_at: project.updatedAt,
  };
}

export class ProjectsRepository {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      insert: db.prepare(
        `INSERT INTO projects (id, account_id, name, domain, preferred_sdk, include_paths, exclude_paths, min_relevance_score,
           suggestions_per_page, ignored_words, created_at, updated_at)
         VALUES (@id, @account_id, @name, @domain, @preferred_sdk, @include_paths, @exclude_paths, @min_relevance_score,
           @suggestions_per_page, @ignored_words, @created_at, @updated_at)`,
      ),
      byId: db.prepare('SELECT * FROM projects WHERE id = ? AND account_id = ?'),
      byIdOfAnyAccount: db.prepare('SELECT * FROM projects WHERE id = ?'),
      list: db.prepare('SELECT * FROM projects WHERE account_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?'),
      count: db.prepare('SELECT COUNT(*) FROM projects WHERE account_id = ?').pluck(),
      update: db.prepare(
        `UPDATE projects SET name = @name, domain = @domain, preferred_sdk = @preferred_sdk, include_paths = @include_paths,
         exclude_paths = @exclude_paths, min_relevance_score = @min_relevance_score,
         suggestions_per_page = @suggestions_per_page, ignored_words = @ignored_words, updated_at = @updated_at WHERE id = @id`,
      ),
      remove: db.prepare('DELETE FROM projects WHERE id = ? AND account_id = ?'),
    };
  }

  insert(accountId: string, project: Project): void {
    this.statements.insert.run({ ...toRow(project), account_id: accountId, created_at: project.createdAt });
  }

  /** The project if it exists AND belongs to the account; other accounts' projects do not exist for this one. */
  find(accountId: string, projectId: string): Project | undefined {
    const row = this.statements.byId.get(projectId, accountId) as ProjectRow | undefined;
    return row ? toProject(row) : undefined;
  }

  /** The project whoever owns it: for work the bridge does on its own (background generation), never for a request. */
  findOfAnyAccount(projectId: string): Project | undefined {
    const row = this.statements.byIdOfAnyAccount.get(projectId) as ProjectRow | undefined;
    return row ? toProject(row) : undefined;
  }

  list(accountId: string, limit: number, offset: number): Project[] {
    return (this.statements.list.all(accountId, limit, offset) as ProjectRow[]).map(toProject);
  }

  count(accountId: string): number {
    return this.statements.count.get(accountId) as number;
  }

  update(project: Project): void {
    this.statements.update.run(toRow(project));
  }

  remove(accountId: string, projectId: string): boolean {
    return this.statements.remove.run(projectId, accountId).changes > 0;
  }
}
