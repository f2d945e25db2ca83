import { inBatches } from '../db/batches.js';
import type { Executor } from '../db/database.js';
import type { EngineSuggestion } from '../engine/types.js';
import { newId } from '../lib/ids.js';
import type { SuggestionsRepository } from './suggestions.repository.js';

/** An engine proposal for one (source, target) pair. */
export interface PairProposal extends EngineSuggestion {
  sourcePageId: string;
}

export interface StoredPending {
  /** The ids stored, in the proposals' order. */
  ids: string[];
  /** How many of them are new suggestions (the others were pending already and refreshed). */
  created: number;
}

/** Proposals stored per statement: a page's suggestions, or an inbound request's, fit in one. */
const PROPOSALS_PER_STATEMENT = 200;

/**
 * Stores proposals as pending suggestions, in the caller's transaction: a pending suggestion for the pair is
 * refreshed in place (same id), a pair an editor has acted on is left alone. Returns the ids stored, in the
 * proposals' order, and how many suggestions are new.
 */
export async function storePending(
  trx: Executor,
  suggestions: SuggestionsRepository,
  projectId: string,
  proposals: readonly PairProposal[],
  now: string,
): Promise<StoredPending> {
  const pairKey = (sourcePageId: string, targetPageId: string) => `${sourcePageId}\n${targetPageId}`;
  // One row per pair: an upsert may not touch a row twice.
  const unique = new Map<string, PairProposal>();
  for (const proposal of proposals) {
    const key = pairKey(proposal.sourcePageId, proposal.targetPageId);
    if (!unique.has(key)) unique.set(key, proposal);
  }
  const fresh = new Map<string, string>();
  const stored = new Map<string, string>();
  for (const batch of inBatches([...unique], PROPOSALS_PER_STATEMENT)) {
    const rows = batch.map(([key, proposal]) => {
      const id = newId('sug');
      fresh.set(key, id);
      return {
        newId: id,
        projectId,
        sourcePageId: proposal.sourcePageId,
        targetPageId: proposal.targetPageId,
        anchorText: proposal.anchorText,
        context: proposal.context,
        relevanceScore: roundScore(proposal.relevanceScore),
        inputs: Buffer.from(Float32Array.from(proposal.inputs).buffer),
        now,
      };
    });
    for (const row of await suggestions.upsertPending(trx, rows)) stored.set(pairKey(row.sourcePageId, row.targetPageId), row.id);
  }
  const ids: string[] = [];
  let created = 0;
  for (const key of unique.keys()) {
    const id = stored.get(key);
    if (id === undefined) continue;
    ids.push(id);
    if (id === fresh.get(key)) created += 1;
  }
  return { ids, created };
}

/** Scores are kept to 4 decimals: more precision means nothing to a reader and makes equal scores look different. */
function roundScore(score: number): number {
  return Math.min(1, Math.max(0, Math.round(score * 10_000) / 10_000));
}
