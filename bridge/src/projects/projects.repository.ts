import type { Kysely } from 'kysely';
import type { Executor } from '../db/database.js';
import type { Schema } from '../db/schema.js';
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
  constructor(private readonly db: Kysely<Schema>) {}

  private rows(executor: Executor) {
    return executor
      .selectFrom('projects')
      .select(['id', 'account_id', 'name', 'domain', 'preferred_sdk', 'include_paths', 'exclude_paths', 'min_relevance_score', 'suggestions_per_page', 'ignored_words', 'created_at', 'updated_at']);
  }

  async insert(executor: Executor, accountId: string, project: Project): Promise<void> {
    await executor.insertInto('projects').values({ ...toRow(project), account_id: accountId, created_at: project.createdAt }).execute();
  }

  /** The project if it exists AND belongs to the account; other accounts' projects do not exist for this one. */
  async find(accountId: string, projectId: string, executor: Executor = this.db): Promise<Project | undefined> {
    const row = await this.rows(executor).where('id', '=', projectId).where('account_id', '=', accountId).executeTakeFirst();
    return row ? toProject(row) : undefined;
  }

  /** The project whoever owns it: for work the bridge does on its own (background generation), never for a request. */
  async findOfAnyAccount(projectId: string, executor: Executor = this.db): Promise<Project | undefined> {
    const row = await this.rows(executor).where('id', '=', projectId).executeTakeFirst();
    return row ? toProject(row) : undefined;
  }

  async list(accountId: string, limit: number, offset: number): Promise<Project[]> {
    const rows = await this.rows(this.db)
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('rowid', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map(toProject);
  }

  async count(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async update(executor: Executor, project: Project): Promise<void> {
    const { id, ...changes } = toRow(project);
    await executor.updateTable('projects').set(changes).where('id', '=', id).execute();
  }

  async remove(executor: Executor, accountId: string, projectId: string): Promise<boolean> {
    const result = await executor.deleteFrom('projects').where('id', '=', projectId).where('account_id', '=', accountId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
