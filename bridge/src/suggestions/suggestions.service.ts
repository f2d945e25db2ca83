import type { Db } from '../db/connection.js';
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
import { storePendingCounted, type StoredPending } from './pending-suggestions.js';
import type { ProjectRelevance } from './project-relevance.js';
import type { SuggestionsRepository } from './suggestions.repository.js';
import type { GenerateInput, ListSuggestionsQuery, RelevanceSummary, Suggestion, SuggestionStatus } from './suggestions.schemas.js';

export interface SuggestionGenerator {
  generate: (request: GenerateRequest, relevance: RelevanceModel) => EngineSuggestion[];
}

const LOCKED_MESSAGE =
  'This suggestion was applied by a completed implementation: roll that implementation back instead.';

export class SuggestionsService {
  constructor(
    private readonly db: Db,
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
  generate(project: Project, input: GenerateInput): Suggestion[] {
    const sourceKey = normalizePageUrl(input.sourcePageUrl);
    const source = sourceKey ? this.pages.findByUrlKey(project.id, sourceKey) : undefined;
    if (!source) throw new NotFoundError('Source page');
    if (!isPathAllowed(source.url, project.includePaths, project.excludePaths)) {
      throw new ValidationError([
        { field: 'sourcePageUrl', message: "The page is outside the project's includePaths / excludePaths." },
      ]);
    }
    if (source.excluded) {
      throw new ValidationError([{ field: 'sourcePageUrl', message: 'The page was synced as excluded from suggestions.' }]);
    }
    const { ids } = this.generateFor(project, source, {
      limit: input.limit ?? project.suggestionsPerPage,
      minRelevanceScore: input.minRelevanceScore ?? project.minRelevanceScore ?? DEFAULT_MIN_RELEVANCE_SCORE,
    });
    return this.suggestions.findMany(project.id, ids).sort((a, b) => b.relevanceScore - a.relevanceScore);
  }

  /**
   * Background generation of one queued page, with the project's settings: the same work as `generate` (same engine
   * request, same storePending). Undefined when the page is no longer a source (gone, excluded, outside the paths).
   */
  generateQueued(project: Project, sourcePageId: string): { stored: number; created: number } | undefined {
    const source = this.pages.findById(sourcePageId);
    if (!source || source.projectId !== project.id || source.excluded) return undefined;
    if (source.statusCode < 200 || source.statusCode > 299) return undefined;
    if (!isPathAllowed(source.url, project.includePaths, project.excludePaths)) return undefined;
    const { ids, created } = this.generateFor(project, source, {
      limit: project.suggestionsPerPage,
      minRelevanceScore: project.minRelevanceScore ?? DEFAULT_MIN_RELEVANCE_SCORE,
    });
    return { stored: ids.length, created };
  }

  /** Proposals for the source, stored as pending: the ids stored in the engine's order, and how many are new. */
  private generateFor(project: Project, source: PageRecord, settings: { limit: number; minRelevanceScore: number }): StoredPending {
    // Pages the source already links to are left out by the engine, which indexed the same links at sync.
    const excluded = new Set<string>([
      source.id,
      ...this.pages.excludedPageIds(project.id),
      ...this.suggestions.settledTargetIds(source.id),
    ]);
    const isAnchorAllowed = anchorRule(project.ignoredWords);
    const proposals = this.generator.generate(
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
      this.relevance.modelFor(project.id),
    );
    return storePendingCounted(
      this.db,
      this.suggestions,
      project.id,
      proposals.map((proposal) => ({ ...proposal, sourcePageId: source.id })),
      this.clock.now().toISOString(),
    );
  }

  /**
   * Inside the project's updating transaction: pending suggestions its new settings would not propose go (a score
   * below a changed minRelevanceScore, an anchor with a newly ignored word). Suggestions an editor acted on stay.
   */
  pruneForSettings(project: Project, previous: Project): void {
    const minChanged = project.minRelevanceScore !== previous.minRelevanceScore;
    const wordsChanged = JSON.stringify(project.ignoredWords) !== JSON.stringify(previous.ignoredWords);
    if (!minChanged && !wordsChanged) return;
    this.suggestions.removePendingRefusedBy(
      project.id,
      minChanged ? (project.minRelevanceScore ?? DEFAULT_MIN_RELEVANCE_SCORE) : 0,
      wordsChanged ? anchorRule(project.ignoredWords) : undefined,
    );
  }

  /** How the project's suggestions are scored: whether its editors' decisions adapted the model yet. */
  relevanceSummary(projectId: string): RelevanceSummary {
    return this.relevance.summary(projectId);
  }

  list(projectId: string, query: ListSuggestionsQuery): ListResult<Suggestion> {
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
      items: this.suggestions.list(projectId, filter, { orderBy: query.orderBy, order: query.order }, query.limit, query.offset),
      pagination: { limit: query.limit, offset: query.offset, total: this.suggestions.count(projectId, filter) },
    };
  }

  get(projectId: string, suggestionId: string): Suggestion {
    const suggestion = this.suggestions.find(projectId, suggestionId);
    if (!suggestion) throw new NotFoundError('Suggestion');
    return suggestion;
  }

  updateStatus(projectId: string, suggestionId: string, status: SuggestionStatus): Suggestion {
    return this.db.transaction(() => {
      const current = this.get(projectId, suggestionId);
      if (current.status === status) return current;
      if (current.status === 'implemented' && this.suggestions.isLockedByImplementation(suggestionId)) {
        throw new ConflictError(LOCKED_MESSAGE);
      }
      this.suggestions.setStatus(suggestionId, status, this.clock.now().toISOString());
      return this.get(projectId, suggestionId);
    })();
  }

  remove(projectId: string, suggestionId: string): void {
    this.db.transaction(() => {
      const current = this.get(projectId, suggestionId);
      if (current.status === 'implemented' && this.suggestions.isLockedByImplementation(suggestionId)) {
        throw new ConflictError(LOCKED_MESSAGE);
      }
      this.suggestions.remove(projectId, suggestionId);
    })();
  }
}
