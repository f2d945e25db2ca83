import type { Kysely } from 'kysely';
import type { Executor } from '../db/database.js';
import type { Schema } from '../db/schema.js';
import type { RelevanceModel } from '../engine/relevance.js';
import type { EngineSuggestion, GenerateRequest } from '../engine/types.js';
import type { ListResult } from '../pagination.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import { isPathAllowed, normalizePageUrl } from '../lib/url.js';
import type { PageRecord, PagesRepository } from '../pages/pages.repository.js';
import type { Project } from '../projects/projects.schemas.js';
import { DEFAULT_MIN_RELEVANCE_SCORE } from '../engine/relevance.js';
import { anchorRule } from './ignored-words.js';
import { storePending, type PairProposal, type StoredPending } from './pending-suggestions.js';
import type { ProjectRelevance } from './project-relevance.js';
import type { SuggestionsRepository } from './suggestions.repository.js';
import type { GenerateInput, ListSuggestionsQuery, RelevanceSummary, Suggestion, SuggestionStatus } from './suggestions.schemas.js';

export interface SuggestionGenerator {
  generate: (request: GenerateRequest, relevance: RelevanceModel) => Promise<EngineSuggestion[]>;
  /** One project's generation at a time, with its transaction (ProjectIndexes.serialized). */
  serialized: <T>(projectId: string, work: () => Promise<T>) => Promise<T>;
}

const LOCKED_MESSAGE =
  'This suggestion was applied by a completed implementation: roll that implementation back instead.';

export class SuggestionsService {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly suggestions: SuggestionsRepository,
    private readonly pages: PagesRepository,
    private readonly generator: SuggestionGenerator,
    private readonly relevance: ProjectRelevance,
    private readonly clock: Clock,
  ) {}

  /**
   * Generates suggestions for a stored source page (contract §4). Pairs an editor has acted on are never suggested
   * again; a pending suggestion for a pair is refreshed in place. limit and minRelevanceScore default to the project's
   * suggestionsPerPage and minRelevanceScore, and the project's ignored words hold, as in background generation.
   */
  async generate(project: Project, input: GenerateInput): Promise<Suggestion[]> {
    const sourceKey = normalizePageUrl(input.sourcePageUrl);
    const source = sourceKey ? await this.pages.findByUrlKey(project.id, sourceKey) : undefined;
    if (!source) throw new NotFoundError('Source page');
    if (!isPathAllowed(source.url, project.includePaths, project.excludePaths)) {
      throw new ValidationError([
        { field: 'sourcePageUrl', message: "The page is outside the project's includePaths / excludePaths." },
      ]);
    }
    if (source.excluded) {
      throw new ValidationError([{ field: 'sourcePageUrl', message: 'The page was synced as excluded from suggestions.' }]);
    }
    const settings = {
      limit: input.limit ?? project.suggestionsPerPage,
      minRelevanceScore: input.minRelevanceScore ?? project.minRelevanceScore ?? DEFAULT_MIN_RELEVANCE_SCORE,
    };
    const { ids } = await this.generator.serialized(project.id, async () => {
      const proposals = await this.propose(project, source, settings);
      return this.db.transaction().execute((trx) => this.store(trx, project, proposals));
    });
    return (await this.suggestions.findMany(project.id, ids)).sort((a, b) => b.relevanceScore - a.relevanceScore);
  }

  /**
   * Background generation of one queued page, with the project's settings: the same work as `generate` (same engine
   * request, same storePending). Undefined when the page is no longer a source (gone, excluded, outside the paths).
   * `alongside` writes the queue's own state in the transaction that stores the suggestions. Call inside
   * ProjectIndexes.serialized.
   */
  async generateQueued(
    project: Project,
    sourcePageId: string,
    alongside: (trx: Executor, result: { created: number } | undefined) => Promise<void>,
  ): Promise<void> {
    const source = await this.pages.findById(sourcePageId);
    const isSource =
      source !== undefined &&
      source.projectId === project.id &&
      !source.excluded &&
      source.statusCode >= 200 &&
      source.statusCode <= 299 &&
      isPathAllowed(source.url, project.includePaths, project.excludePaths);
    if (!isSource) {
      await this.db.transaction().execute((trx) => alongside(trx, undefined));
      return;
    }
    const proposals = await this.propose(project, source, {
      limit: project.suggestionsPerPage,
      minRelevanceScore: project.minRelevanceScore ?? DEFAULT_MIN_RELEVANCE_SCORE,
    });
    await this.db.transaction().execute(async (trx) => {
      const { created } = await this.store(trx, project, proposals);
      await alongside(trx, { created });
    });
  }

  /**
   * The engine's proposals for the source. Reads only, outside any transaction: SQLite's one connection is not free
   * inside one, and the upsert of storePending leaves alone a pair an editor settled meanwhile.
   */
  private async propose(project: Project, source: PageRecord, settings: { limit: number; minRelevanceScore: number }): Promise<PairProposal[]> {
    // Pages the source already links to are left out by the engine, which indexed the same links at sync.
    const excluded = new Set<string>([
      source.id,
      ...(await this.pages.excludedPageIds(project.id)),
      ...(await this.suggestions.settledTargetIds(source.id)),
    ]);
    const isAnchorAllowed = anchorRule(project.ignoredWords);
    const proposals = await this.generator.generate(
      {
        projectId: project.id,
        sourcePageId: source.id,
        limit: settings.limit,
        minRelevanceScore: settings.minRelevanceScore,
        excludedTargetIds: excluded,
        // Stored URLs are valid http(s) URLs, so without path rules every one is allowed: no parse per candidate.
        isTargetUrlAllowed:
          project.includePaths.length === 0 && project.excludePaths.length === 0
            ? () => true
            : (url) => isPathAllowed(url, project.includePaths, project.excludePaths),
        ...(isAnchorAllowed ? { isAnchorAllowed } : {}),
      },
      await this.relevance.modelFor(project.id),
    );
    return proposals.map((proposal) => ({ ...proposal, sourcePageId: source.id }));
  }

  /** Proposals stored as pending: the ids stored in the engine's order, and how many are new. */
  private store(trx: Executor, project: Project, proposals: readonly PairProposal[]): Promise<StoredPending> {
    return storePending(trx, this.suggestions, project.id, proposals, this.clock.now().toISOString());
  }

  /**
   * Inside the project's updating transaction: pending suggestions its new settings would not propose go (a score
   * below a changed minRelevanceScore, an anchor with a newly ignored word). Suggestions an editor acted on stay.
   */
  /** Runs `work` when no other generation for the project is in progress (ProjectIndexes.serialized). */
  serialized<T>(projectId: string, work: () => Promise<T>): Promise<T> {
    return this.generator.serialized(projectId, work);
  }

  async pruneForSettings(trx: Executor, project: Project, previous: Project): Promise<void> {
    const minChanged = project.minRelevanceScore !== previous.minRelevanceScore;
    const wordsChanged = JSON.stringify(project.ignoredWords) !== JSON.stringify(previous.ignoredWords);
    if (!minChanged && !wordsChanged) return;
    await this.suggestions.removePendingRefusedBy(
      trx,
      project.id,
      minChanged ? (project.minRelevanceScore ?? DEFAULT_MIN_RELEVANCE_SCORE) : 0,
      wordsChanged ? anchorRule(project.ignoredWords) : undefined,
    );
  }

  /** How the project's suggestions are scored: whether its editors' decisions adapted the model yet. */
  relevanceSummary(projectId: string): Promise<RelevanceSummary> {
    return this.generator.serialized(projectId, () => this.relevance.summary(projectId));
  }

  async list(projectId: string, query: ListSuggestionsQuery): Promise<ListResult<Suggestion>> {
    const filter = {
      statuses: query.status,
      sourceKey: query.sourcePageUrl ? (normalizePageUrl(query.sourcePageUrl) ?? undefined) : undefined,
      targetKey: query.targetPageUrl ? (normalizePageUrl(query.targetPageUrl) ?? undefined) : undefined,
      implementationId: query.implementationId,
      ids: query.ids,
      text: query.q,
      livePages: query.livePages,
    };
    return {
      items: await this.suggestions.list(projectId, filter, { orderBy: query.orderBy, order: query.order }, query.limit, query.offset),
      pagination: { limit: query.limit, offset: query.offset, total: await this.suggestions.count(projectId, filter) },
    };
  }

  async get(projectId: string, suggestionId: string, executor: Executor = this.db): Promise<Suggestion> {
    const suggestion = await this.suggestions.find(projectId, suggestionId, executor);
    if (!suggestion) throw new NotFoundError('Suggestion');
    return suggestion;
  }

  updateStatus(projectId: string, suggestionId: string, status: SuggestionStatus): Promise<Suggestion> {
    return this.db.transaction().execute(async (trx) => {
      const current = await this.get(projectId, suggestionId, trx);
      if (current.status === status) return current;
      if (current.status === 'implemented' && (await this.suggestions.isLockedByImplementation(suggestionId, trx))) {
        throw new ConflictError(LOCKED_MESSAGE);
      }
      await this.suggestions.setStatus(trx, suggestionId, status, this.clock.now().toISOString());
      return this.get(projectId, suggestionId, trx);
    });
  }

  async remove(projectId: string, suggestionId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const current = await this.get(projectId, suggestionId, trx);
      if (current.status === 'implemented' && (await this.suggestions.isLockedByImplementation(suggestionId, trx))) {
        throw new ConflictError(LOCKED_MESSAGE);
      }
      await this.suggestions.remove(trx, projectId, suggestionId);
    });
  }
}
