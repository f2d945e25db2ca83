/** The quality targets, checked on one variant. */
import type { SystemScore } from '../metrics/system-score.js';
import type { ValiditySummary } from '../metrics/validity-summary.js';

export const TARGETS = { recallAt10: 0.7, baselineFactor: 1.4, precisionAtDefault: 0.8, validity: 1 } as const;

export interface TargetCheck {
  name: string;
  required: string;
  measured: string;
  pass: boolean;
}

const fixed = (value: number): string => value.toFixed(3);

export function checkTargets(engine: SystemScore, baselines: readonly SystemScore[], validity: ValiditySummary): TargetCheck[] {
  const bestBaseline = Math.max(0, ...baselines.map((baseline) => baseline.recallAt[10]));
  const recall = engine.recallAt[10];
  const precision = engine.precisionAtThreshold?.precision ?? null;
  const threshold = engine.precisionAtThreshold?.threshold;
  return [
    { name: 'recall@10', required: `≥ ${TARGETS.recallAt10}`, measured: fixed(recall), pass: recall >= TARGETS.recallAt10 },
    {
      name: 'recall@10 vs best baseline',
      required: `≥ ${TARGETS.baselineFactor}× ${fixed(bestBaseline)}`,
      measured: bestBaseline === 0 ? '∞' : `${(recall / bestBaseline).toFixed(2)}×`,
      pass: recall >= TARGETS.baselineFactor * bestBaseline,
    },
    {
      name: `precision at score ≥ ${threshold ?? '?'}`,
      required: `≥ ${TARGETS.precisionAtDefault}`,
      measured: precision === null ? 'no suggestions' : `${fixed(precision)} (n=${engine.precisionAtThreshold?.suggestions})`,
      pass: precision !== null && precision >= TARGETS.precisionAtDefault,
    },
    {
      name: 'validity',
      required: '100 %',
      measured: `${(validity.share * 100).toFixed(2)} % of ${validity.suggestions}`,
      pass: validity.share >= TARGETS.validity,
    },
  ];
}
