import type { Db } from '../db/connection.js';
import type { EngineSuggestion } from '../engine/types.js';
import { newId } from '../lib/ids.js';
import type { SuggestionsRepository } from './suggestions.repository.js';

/** An engine proposal for one (source, target) pair. */
export interface PairProposal extends EngineSuggestion {
  sourcePageId: string;
}

/**
 * Stores proposals as pending suggestions in one transaction: a pending suggestion for the pair is refreshed in place
 * (same id), a pair an editor has acted on is left alone. Returns the ids stored, in the proposals' order.
 */
export function storePending(db: Db, suggestions: SuggestionsRepository, projectId: string, proposals: readonly PairProposal[], now: string): string[] {
  return storePendingCounted(db, suggestions, projectId, proposals, now).ids;
}

export interface StoredPending {
  /** The ids stored, in the proposals' order. */
  ids: string[];
  /** How many of them are new suggestions (the others were pending already and refreshed). */
  created: number;
}

/** `storePending`, also counting the suggestions it created. */
export function storePendingCounted(db: Db, suggestions: SuggestionsRepository, projectId: string, proposals: readonly PairProposal[], now: string): StoredPending {
  return db.transaction(() => {
    let created = 0;
    const ids = proposals.flatMap((proposal) => {
      const fresh = newId('sug');
      const id = suggestions.upsertPending({
        newId: fresh,
        projectId,
        sourcePageId: proposal.sourcePageId,
        targetPageId: proposal.targetPageId,
        anchorText: proposal.anchorText,
        context: proposal.context,
        relevanceScore: roundScore(proposal.relevanceScore),
        inputs: Buffer.from(Float32Array.from(proposal.inputs).buffer),
        now,
      });
      if (id === fresh) created += 1;
      return id ? [id] : [];
    });
    return { ids, created };
  })();
}

/** Scores are kept to 4 decimals: more precision means nothing to a reader and makes equal scores look different. */
function roundScore(score: number): number {
  return Math.min(1, Math.max(0, Math.round(score * 10_000) / 10_000));
}
