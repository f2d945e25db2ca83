import { adaptRelevanceModel, MAX_DECISIONS, MIN_DECISIONS, MIN_DECISIONS_EACH, PRIOR_STRENGTH } from '../engine/adaptation.js';
import type { RelevanceModel } from '../engine/relevance.js';
import type { SuggestionsRepository } from './suggestions.repository.js';
import type { RelevanceSummary } from './suggestions.schemas.js';

interface Adapted {
  /** The decisions revision it was fitted for. */
  key: string;
  model: RelevanceModel;
  summary: RelevanceSummary;
}

/** Adapted models kept in memory; past this many projects the cache starts again (a refit costs milliseconds). */
const MAX_CACHED_PROJECTS = 1000;

/**
 * Each project's relevance model: the bridge's model adapted to the project's editors' decisions once there are
 * enough of them (engine/adaptation.ts). Refitted when a decision is made, changed or removed, which one indexed query
 * per generation notices.
 */
export class ProjectRelevance {
  private readonly cache = new Map<string, Adapted>();

  constructor(
    private readonly suggestions: SuggestionsRepository,
    private readonly base: RelevanceModel,
  ) {}

  modelFor(projectId: string): RelevanceModel {
    return this.current(projectId).model;
  }

  summary(projectId: string): RelevanceSummary {
    return this.current(projectId).summary;
  }

  private current(projectId: string): Adapted {
    const revision = this.suggestions.decisionsRevision(projectId);
    const key = `${revision.count}/${revision.lastUpdatedAt ?? ''}`;
    const cached = this.cache.get(projectId);
    if (cached?.key === key) return cached;
    const decisions = revision.count === 0 ? [] : this.suggestions.decisions(projectId, MAX_DECISIONS);
    const adapted = adaptRelevanceModel(this.base, decisions, PRIOR_STRENGTH, cached?.summary.adapted ? cached.model : undefined);
    const accepted = decisions.filter((decision) => decision.accepted).length;
    const entry: Adapted = {
      key,
      model: adapted ?? this.base,
      summary: {
        adapted: adapted !== null,
        decisions: decisions.length,
        accepted,
        rejected: decisions.length - accepted,
        minimumDecisions: MIN_DECISIONS,
        minimumOfEach: MIN_DECISIONS_EACH,
      },
    };
    if (this.cache.size >= MAX_CACHED_PROJECTS) this.cache.clear();
    this.cache.set(projectId, entry);
    return entry;
  }
}
