import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';
import type { InboundRequest, InboundSuggestion } from '../engine/inbound-suggestions.js';
import type { RelevanceModel } from '../engine/relevance.js';
import type { GenerateRequest } from '../engine/types.js';
import { NotFoundError, ValidationError } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import { isPathAllowed, normalizePageUrl } from '../lib/url.js';
import type { PagesRepository } from '../pages/pages.repository.js';
import type { Project } from '../projects/projects.schemas.js';
import { DEFAULT_MIN_RELEVANCE_SCORE } from '../engine/relevance.js';
import { anchorRule } from './ignored-words.js';
import { storePending } from './pending-suggestions.js';
import type { ProjectRelevance } from './project-relevance.js';
import type { SuggestionsRepository } from './suggestions.repository.js';
import type { InboundInput, Suggestion } from './suggestions.schemas.js';

export interface InboundGenerator {
  generateInbound: (
    request: InboundRequest,
    relevance: RelevanceModel,
    beforeScoring: (sourcePageIds: readonly string[]) => Promise<void>,
  ) => Promise<InboundSuggestion[]>;
  /** One project's generation at a time, with its transaction (ProjectIndexes.serialized). */
  serialized: <T>(projectId: string, work: () => Promise<T>) => Promise<T>;
}

/**
 * Inbound suggestions (extension): which pages should link to a page. They are the same suggestions as forward
 * generation's, one per (source, target) pair and scored alike, so they are reviewed, implemented and rolled back
 * the same way.
 */
export class InboundSuggestionsService {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly suggestions: SuggestionsRepository,
    private readonly pages: PagesRepository,
    private readonly generator: InboundGenerator,
    private readonly relevance: ProjectRelevance,
    private readonly clock: Clock,
  ) {}

  /** Suggestions from other pages of the project to the target, best first, at most one per source. */
  async generate(project: Project, input: InboundInput): Promise<Suggestion[]> {
    const targetKey = normalizePageUrl(input.targetUrl);
    const target = targetKey ? await this.pages.findByUrlKey(project.id, targetKey) : undefined;
    if (!target) throw new NotFoundError('Target page');
    const refuse = (message: string) => new ValidationError([{ field: 'targetUrl', message }]);
    if (!isPathAllowed(target.url, project.includePaths, project.excludePaths)) {
      throw refuse("The page is outside the project's includePaths / excludePaths.");
    }
    if (target.excluded) throw refuse('The page was synced as excluded from suggestions.');
    if (target.statusCode < 200 || target.statusCode > 299) {
      throw refuse(`The page was synced with status ${target.statusCode}: only a page answering 2xx is a link target.`);
    }

    const minRelevanceScore = input.minRelevanceScore ?? project.minRelevanceScore ?? DEFAULT_MIN_RELEVANCE_SCORE;
    const isAnchorAllowed = anchorRule(project.ignoredWords);
    const excludedPages = new Set(await this.pages.excludedPageIds(project.id));
    const settledSources = new Set(await this.suggestions.settledSourceIds(target.id));
    // Read for the candidate sources once they are known (beforeScoring), before forwardRequest is asked.
    let settledTargetsOf = new Map<string, Set<string>>();
    const noPaths = project.includePaths.length === 0 && project.excludePaths.length === 0;
    // Stored URLs are valid http(s) URLs, so without path rules every one is allowed: no parse per candidate.
    const allowed = noPaths ? () => true : (url: string) => isPathAllowed(url, project.includePaths, project.excludePaths);
    // What forward generation from the source would exclude: itself, excluded pages, its settled targets.
    const forwardRequest = (sourcePageId: string): GenerateRequest => {
      const settledTargets = settledTargetsOf.get(sourcePageId) ?? new Set<string>();
      return {
        projectId: project.id,
        sourcePageId,
        limit: input.limit,
        minRelevanceScore,
        excludedTargetIds: excludedTargets(sourcePageId, excludedPages, settledTargets),
        isTargetUrlAllowed: allowed,
        ...(isAnchorAllowed ? { isAnchorAllowed } : {}),
      };
    };
    const { ids } = await this.generator.serialized(project.id, async () => {
      const proposals = await this.generator.generateInbound(
        {
          projectId: project.id,
          targetPageId: target.id,
          limit: input.limit,
          minRelevanceScore,
          isSourceAllowed: (pageId, url) => !excludedPages.has(pageId) && !settledSources.has(pageId) && allowed(url),
          forwardRequest,
        },
        await this.relevance.modelFor(project.id),
        async (sourcePageIds) => {
          settledTargetsOf = await this.suggestions.settledTargetsOf(sourcePageIds);
        },
      );
      return this.db.transaction().execute((trx) => storePending(trx, this.suggestions, project.id, proposals, this.clock.now().toISOString()));
    });
    return (await this.suggestions.findMany(project.id, ids)).sort((a, b) => b.relevanceScore - a.relevanceScore || a.sourcePageUrl.localeCompare(b.sourcePageUrl));
  }
}

/**
 * The targets forward generation from the source excludes: itself, excluded pages, its settled targets. Asked about
 * every page the source names (hundreds per source, each page id string a cache miss to compare or hash at 100,000
 * pages); where no page is excluded or settled, which is usual, nothing needs asking: the engine never takes a page
 * as its own target (target-candidates.ts, forwardView: its first test), so the source itself need not be listed.
 */
function excludedTargets(sourcePageId: string, excludedPages: ReadonlySet<string>, settledTargets: ReadonlySet<string>): GenerateRequest['excludedTargetIds'] {
  if (excludedPages.size === 0 && settledTargets.size === 0) return NOTHING_EXCLUDED;
  return { has: (id) => id === sourcePageId || excludedPages.has(id) || settledTargets.has(id) };
}

const NOTHING_EXCLUDED: GenerateRequest['excludedTargetIds'] = { has: () => false };
