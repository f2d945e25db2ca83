import type { Kysely } from 'kysely';
import type { Executor } from '../db/database.js';
import type { Schema } from '../db/schema.js';
import type { ListResult, PaginationQuery } from '../pagination.js';
import { NotFoundError } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { ProjectsRepository } from './projects.repository.js';
import { DEFAULT_SUGGESTIONS_PER_PAGE, distinctWords, type CreateProjectInput, type Project, type UpdateProjectInput } from './projects.schemas.js';

export interface ProjectHooks {
  /** After the deleting transaction committed (the search index in memory goes; its rows went with the project). */
  deleted: (projectId: string) => void;
  /** Inside the updating transaction, when includePaths or excludePaths changed (stale suggestions go). */
  pathsChanged: (trx: Executor, project: Project) => Promise<void>;
  /**
   * Inside the updating transaction, when the paths or a generation setting (minRelevanceScore, suggestionsPerPage,
   * ignoredWords) changed: the project's eligible pages are generated again.
   */
  generationChanged: (trx: Executor, project: Project, previous: Project) => Promise<void>;
}

export class ProjectsService {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly projects: ProjectsRepository,
    private readonly clock: Clock,
    private readonly hooks: ProjectHooks,
    /** The account's project quota (accounts/quotas.ts). */
    private readonly quotas?: { assertProjectAllowed: (accountId: string, executor: Executor) => Promise<void> },
  ) {}

  /** `executor`: the transaction of an idempotent request, which stores its answer with the project. */
  async create(accountId: string, input: CreateProjectInput, executor?: Executor): Promise<Project> {
    const now = this.clock.now().toISOString();
    const project: Project = {
      id: newId('prj'),
      name: input.name,
      domain: input.domain,
      preferredSdk: input.preferredSdk ?? null,
      includePaths: input.includePaths ?? [],
      excludePaths: input.excludePaths ?? [],
      minRelevanceScore: input.minRelevanceScore ?? null,
      suggestionsPerPage: input.suggestionsPerPage ?? DEFAULT_SUGGESTIONS_PER_PAGE,
      ignoredWords: distinctWords(input.ignoredWords ?? []),
      createdAt: now,
      updatedAt: now,
    };
    const insert = async (trx: Executor) => {
      await this.quotas?.assertProjectAllowed(accountId, trx);
      await this.projects.insert(trx, accountId, project);
    };
    await (executor ? insert(executor) : this.db.transaction().execute(insert));
    return project;
  }

  async list(accountId: string, page: PaginationQuery): Promise<ListResult<Project>> {
    return {
      items: await this.projects.list(accountId, page.limit, page.offset),
      pagination: { ...page, total: await this.projects.count(accountId) },
    };
  }

  /** The account's project, or 404 — also when it exists under another account. */
  async require(accountId: string, projectId: string, executor?: Executor): Promise<Project> {
    const project = await this.projects.find(accountId, projectId, executor);
    if (!project) throw new NotFoundError('Project');
    return project;
  }

  async update(accountId: string, projectId: string, input: UpdateProjectInput): Promise<Project> {
    const current = await this.require(accountId, projectId);
    const updated: Project = {
      ...current,
      name: input.name ?? current.name,
      domain: input.domain ?? current.domain,
      preferredSdk: input.preferredSdk === undefined ? current.preferredSdk : input.preferredSdk,
      includePaths: input.includePaths ?? current.includePaths,
      excludePaths: input.excludePaths ?? current.excludePaths,
      minRelevanceScore: input.minRelevanceScore === undefined ? current.minRelevanceScore : input.minRelevanceScore,
      suggestionsPerPage: input.suggestionsPerPage ?? current.suggestionsPerPage,
      ignoredWords: input.ignoredWords === undefined ? current.ignoredWords : distinctWords(input.ignoredWords),
      updatedAt: this.clock.now().toISOString(),
    };
    const pathsChanged =
      JSON.stringify([updated.includePaths, updated.excludePaths]) !== JSON.stringify([current.includePaths, current.excludePaths]);
    const settingsChanged =
      JSON.stringify([updated.minRelevanceScore, updated.suggestionsPerPage, updated.ignoredWords]) !==
      JSON.stringify([current.minRelevanceScore, current.suggestionsPerPage, current.ignoredWords]);
    await this.db.transaction().execute(async (trx) => {
      await this.projects.update(trx, updated);
      if (pathsChanged) await this.hooks.pathsChanged(trx, updated);
      if (pathsChanged || settingsChanged) await this.hooks.generationChanged(trx, updated, current);
    });
    return updated;
  }

  /** The project whoever owns it, for the bridge's own background work (never for a request: see `require`). */
  findForBackgroundWork(projectId: string): Promise<Project | undefined> {
    return this.projects.findOfAnyAccount(projectId);
  }

  async remove(accountId: string, projectId: string): Promise<void> {
    // The search index's rows cascade with the project.
    const removed = await this.db.transaction().execute((trx) => this.projects.remove(trx, accountId, projectId));
    if (!removed) throw new NotFoundError('Project');
    this.hooks.deleted(projectId);
  }
}
