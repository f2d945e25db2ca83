import type { PageAnalysis } from '../engine/types.js';

/**
 * Sends the stems of analyses from a worker as small integers instead of strings. Each worker numbers the stems it
 * has seen and sends each string once; the receiving side keeps one string per number, so the same stem arrives
 * as the same string every time. That is cheaper to copy between threads, and it lets the term dictionary match a
 * known stem by identity instead of hashing and comparing a fresh copy (most of applySync's cost otherwise).
 */

/** Stems a worker numbers before it starts afresh: bounds the memory of both sides on huge vocabularies. */
const LEXICON_LIMIT = 200_000;

/**
 * Analyses with `stems` and `otherStems` left empty and carried as numbers in `stemIds` (per page, the stems then
 * the other stems; `stemCounts` keeps the length of the first part), plus the stems numbered since the last.
 */
export interface EncodedAnalyses {
  analyses: PageAnalysis[];
  stemIds: Int32Array<ArrayBuffer>[];
  newStems: string[];
  /** The numbering restarted before `newStems`. */
  restarted: boolean;
}

/** The worker's side: numbers stems in order of first use. */
export class StemEncoder {
  private readonly numbers = new Map<string, number>();

  constructor(private readonly limit = LEXICON_LIMIT) {}

  encode(analyses: PageAnalysis[]): EncodedAnalyses {
    // Restarting only between replies keeps one numbering per reply.
    const incoming = analyses.reduce((sum, analysis) => sum + analysis.stems.length + analysis.otherStems.length, 0);
    const restarted = this.numbers.size > 0 && this.numbers.size + incoming > this.limit;
    if (restarted) this.numbers.clear();
    const newStems: string[] = [];
    const number = (stem: string): number => {
      let id = this.numbers.get(stem);
      if (id === undefined) {
        id = this.numbers.size;
        this.numbers.set(stem, id);
        newStems.push(stem);
      }
      return id;
    };
    const stemIds = analyses.map((analysis) => {
      const ids = new Int32Array(analysis.stems.length + analysis.otherStems.length);
      analysis.stems.forEach((stem, i) => (ids[i] = number(stem)));
      analysis.otherStems.forEach((stem, i) => (ids[analysis.stems.length + i] = number(stem)));
      return ids;
    });
    return {
      analyses: analyses.map((analysis) => ({ ...analysis, stems: [], otherStems: [] })),
      stemIds,
      newStems,
      restarted,
    };
  }
}

/** The receiving side, one per worker: gives the stems back, the same string for the same stem. */
export class StemDecoder {
  private stems: string[] = [];

  decode({ analyses, stemIds, newStems, restarted }: EncodedAnalyses): PageAnalysis[] {
    if (restarted) this.stems = [];
    for (const stem of newStems) this.stems.push(stem);
    // The analyses are this message's own copies: filled in place rather than copied again.
    analyses.forEach((analysis, page) => {
      const ids = stemIds[page]!;
      const stemCount = analysis.stemCounts.length;
      const stems = new Array<string>(stemCount);
      for (let i = 0; i < stemCount; i += 1) stems[i] = this.stems[ids[i]!]!;
      const otherStems = new Array<string>(ids.length - stemCount);
      for (let i = stemCount; i < ids.length; i += 1) otherStems[i - stemCount] = this.stems[ids[i]!]!;
      analysis.stems = stems;
      analysis.otherStems = otherStems;
    });
    return analyses;
  }
}
