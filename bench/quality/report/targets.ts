/** The quality targets, checked on one site and variant (held out), and over all sites. */
import { worstCalibrationGap, type ReliabilityBin } from '../metrics/reliability.js';
import type { SystemScore } from '../metrics/system-score.js';
import type { ValiditySummary } from '../metrics/validity-summary.js';

export const TARGETS = {
  /** recall@10 averaged over the sites (each site's variants averaged first). */
  meanRecallAt10: 0.7,
  baselineFactor: 1.3,
  precisionAtDefault: 0.8,
  recallAtDefault: 0.3,
  suggestionsPerPageAtDefault: 2,
  anchorF1: 0.75,
  /** Largest gap between a score band's mean score and its share accepted (bands with ≥ 20 suggestions). */
  calibrationGap: 0.1,
  validity: 1,
} as const;

export interface TargetCheck {
  name: string;
  required: string;
  measured: string;
  pass: boolean;
}

const fixed = (value: number): string => value.toFixed(3);

export function checkTargets(
  engine: SystemScore,
  baselines: readonly SystemScore[],
  validity: ValiditySummary,
  reliability: readonly ReliabilityBin[],
): TargetCheck[] {
  const bestBaseline = Math.max(0, ...baselines.map((baseline) => baseline.recallAt[10]));
  const recall = engine.recallAt[10];
  const atDefault = engine.precisionAtThreshold;
  const precision = atDefault?.precision ?? null;
  const gap = worstCalibrationGap(reliability);
  return [
    {
      name: 'recall@10 vs best baseline',
      required: `≥ ${TARGETS.baselineFactor}× ${fixed(bestBaseline)}`,
      measured: bestBaseline === 0 ? '∞' : `${(recall / bestBaseline).toFixed(2)}× (${fixed(recall)})`,
      pass: recall >= TARGETS.baselineFactor * bestBaseline,
    },
    {
      name: `precision at score ≥ ${atDefault?.threshold ?? '?'}`,
      required: `≥ ${TARGETS.precisionAtDefault}`,
      measured: precision === null ? 'no suggestions' : `${fixed(precision)} (n=${atDefault?.suggestions})`,
      pass: precision !== null && precision >= TARGETS.precisionAtDefault,
    },
    {
      name: 'recall at the default',
      required: `≥ ${TARGETS.recallAtDefault}`,
      measured: fixed(atDefault?.recall ?? 0),
      pass: (atDefault?.recall ?? 0) >= TARGETS.recallAtDefault,
    },
    {
      name: 'suggestions per page at the default',
      required: `≥ ${TARGETS.suggestionsPerPageAtDefault}`,
      measured: (atDefault?.perPage ?? 0).toFixed(2),
      pass: (atDefault?.perPage ?? 0) >= TARGETS.suggestionsPerPageAtDefault,
    },
    {
      name: 'anchor agreement (token F1)',
      required: `≥ ${TARGETS.anchorF1}`,
      measured: `${fixed(engine.anchorF1 ?? 0)} (exact ${fixed(engine.anchorExact ?? 0)})`,
      pass: (engine.anchorF1 ?? 0) >= TARGETS.anchorF1,
    },
    {
      name: 'calibration (worst band gap)',
      required: `≤ ${TARGETS.calibrationGap}`,
      measured: fixed(gap),
      pass: gap <= TARGETS.calibrationGap,
    },
    {
      name: 'validity',
      required: '100 %',
      measured: `${(validity.share * 100).toFixed(2)} % of ${validity.suggestions}`,
      pass: validity.share >= TARGETS.validity,
    },
  ];
}
