import { IMPACT_SCALE } from './inverted-index.js';

/** BM25 parameters (Robertson's usual values). */
export const K1 = 1.2;
export const B = 0.75;

/** Inverse document frequency, never negative. */
export function idf(documentFrequency: number, documentCount: number): number {
  return Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/** The saturating term-frequency part of BM25, in [0, K1 + 1). */
export function termFrequencyPart(frequency: number, length: number, averageLength: number): number {
  const norm = K1 * (1 - B + (B * length) / Math.max(1, averageLength));
  return (frequency * (K1 + 1)) / (frequency + norm);
}

/** The term-frequency part quantised to one byte (1–255). */
export function impact(frequency: number, length: number, averageLength: number): number {
  const scaled = Math.round((termFrequencyPart(frequency, length, averageLength) / (K1 + 1)) * IMPACT_SCALE);
  return Math.max(1, Math.min(IMPACT_SCALE, scaled));
}

/** Undoes the quantisation, so scores read in BM25 units. */
export const IMPACT_UNIT = (K1 + 1) / IMPACT_SCALE;
