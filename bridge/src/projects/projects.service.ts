import type { Db } from '../db/connection.js';
import type { ListResult, PaginationQuery } from '../pagination.js';
import { NotFoundError } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { ProjectsRepository } from './projects.repository.js';
import { DEFAULT_SUGGESTIONS_PER_PAGE, distinctWords, type CreateProjectInput, type Project, type UpdateProjectInput } from './projects.schemas.js';

export interface ProjectHooks {
  /** Inside the deleting transaction (the search index drops its data). */
  deleted: (projectId: string) => void;
  /** Inside the updating transaction, when includePaths or excludePaths changed (stale suggestions go). */
  pathsChanged: (project: Project) => void;
  /**
   * Inside the updating transaction, when the paths or a generation setting (minRelevanceScore, suggestionsPerPage,
   * ignoredWords) changed: the project's eligible pages are generated again.
   */
  generationChanged: (project: Project, previous: Project) => void;
}

export class ProjectsService {
  constructor(
    private readonly db: Db,
    private readonly projects: ProjectsRepository,
    private readonly clock: Clock,
    private readonly hooks: ProjectHooks,
    /** The account's project quota (accounts/quotas.ts). */
    private readonly quotas?: { assertProjectAllowed: (accountId: string) => void },
  ) {}

  create(accountId: string, input: CreateProjectInput): Project {
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
    this.db.transaction(() => {
      this.quotas?.assertProjectAllowed(accountId);
      this.projects.insert(accountId, project);
    })();
    return project;
  }

  list(accountId: string, page: PaginationQuery): ListResult<Project> {
    return {
      items: this.projects.list(accountId, page.limit, page.offset),
      pagination: { ...page, total: this.projects.count(accountId) },
    };
  }

  /** The account's project, or 404 — also when it exists under another account. */
  require(accountId: string, projectId: string): Project {
    const project = this.projects.find(accountId, projectId);
    if (!project) throw new NotFoundError('Project');
    return project;
  }

  update(accountId: string, projectId: string, input: UpdateProjectInput): Project {
    const current = this.require(accountId, projectId);
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
    this.db.transaction(() => {
      this.projects.update(updated);
      if (pathsChanged) this.hooks.pathsChanged(updated);
      if (pathsChanged || settingsChanged) this.hooks.generationChanged(updated, current);
    })();
    return updated;
  }

  /** The project whoever owns it, for the bridge's own background work (never for a request: see `require`). */
  findForBackgroundWork(projectId: string): Project | undefined {
    return this.projects.findOfAnyAccount(projectId);
  }

  remove(accountId: string, projectId: string): void {
    this.db.transaction(() => {
      if (!this.projects.remove(accountId, projectId)) throw new NotFoundError('Project');
      this.hooks.deleted(projectId);
    })();
  }
}
