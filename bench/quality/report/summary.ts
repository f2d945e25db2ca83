/** The headline table: one row per site and variant, then the mean over sites per variant, and the targets. */
import type { CorpusFacts } from '../corpus/corpus-facts.js';
import type { VariantEvaluation } from '../evaluate-variant.js';
import { worstCalibrationGap } from '../metrics/reliability.js';
import { renderTable } from './table.js';
import { TARGETS } from './targets.js';

export interface SiteResult {
  id: string;
  corpus: CorpusFacts;
  variants: VariantEvaluation[];
}

interface Row {
  site: string;
  variant: string;
  recall: number;
  baseline: number;
  mrr: number;
  anchorF1: number;
  anchorExact: number;
  perPage: number;
  recallAtDefault: number;
  precision: number | null;
  suggestionsAtDefault: number;
  gap: number;
  validity: number;
}

function rowOf(site: string, evaluation: VariantEvaluation): Row {
  const { score, validity, reliability } = evaluation.engine;
  const atDefault = score.precisionAtThreshold;
  return {
    site,
    variant: evaluation.variant,
    recall: score.recallAt[10],
    baseline: Math.max(0, ...evaluation.baselines.map((b) => b.score.recallAt[10])),
    mrr: score.mrr,
    anchorF1: score.anchorF1 ?? 0,
    anchorExact: score.anchorExact ?? 0,
    perPage: atDefault?.perPage ?? 0,
    recallAtDefault: atDefault?.recall ?? 0,
    precision: atDefault?.precision ?? null,
    suggestionsAtDefault: atDefault?.suggestions ?? 0,
    gap: worstCalibrationGap(reliability),
    validity: validity.share,
  };
}

const f3 = (value: number): string => value.toFixed(3);
const mean = (values: readonly number[]): number => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);

export function summaryTable(results: readonly SiteResult[]): string {
  const rows = results.flatMap((result) => result.variants.map((evaluation) => rowOf(result.id, evaluation)));
  // Every site is judged at the same default (the engine's); each score carries it.
  const threshold = results[0]?.variants[0]?.engine.score.precisionAtThreshold?.threshold ?? '?';
  const variants = [...new Set(rows.map((row) => row.variant))];
  const means: Row[] = variants.map((variant) => {
    const of = rows.filter((row) => row.variant === variant);
    const precisions = of.map((row) => row.precision).filter((p): p is number => p !== null);
    return {
      site: 'mean of sites',
      variant,
      recall: mean(of.map((r) => r.recall)),
      baseline: mean(of.map((r) => r.baseline)),
      mrr: mean(of.map((r) => r.mrr)),
      anchorF1: mean(of.map((r) => r.anchorF1)),
      anchorExact: mean(of.map((r) => r.anchorExact)),
      perPage: mean(of.map((r) => r.perPage)),
      recallAtDefault: mean(of.map((r) => r.recallAtDefault)),
      precision: precisions.length === 0 ? null : mean(precisions),
      suggestionsAtDefault: of.reduce((sum, r) => sum + r.suggestionsAtDefault, 0),
      gap: Math.max(...of.map((r) => r.gap)),
      validity: Math.min(...of.map((r) => r.validity)),
    };
  });
  const header = ['site', 'variant', 'R@10', 'best baseline', 'ratio', 'MRR', 'anchorF1 (exact)', `per page ≥${threshold}`, `R@≥${threshold}`, `P@≥${threshold} (n)`, 'calib. gap', 'valid'];
  const cells = [...rows, ...means].map((row) => [
    row.site,
    row.variant,
    f3(row.recall),
    f3(row.baseline),
    row.baseline === 0 ? '∞' : `${(row.recall / row.baseline).toFixed(2)}×`,
    f3(row.mrr),
    `${f3(row.anchorF1)} (${f3(row.anchorExact)})`,
    row.perPage.toFixed(2),
    f3(row.recallAtDefault),
    row.precision === null ? `— (0)` : `${f3(row.precision)} (${row.suggestionsAtDefault})`,
    f3(row.gap),
    `${(row.validity * 100).toFixed(1)} %`,
  ]);
  const siteMeans = mean(results.map((result) => mean(result.variants.map((evaluation) => evaluation.engine.score.recallAt[10]))));
  const failing = (test: (row: Row) => boolean): string => {
    const names = rows.filter((row) => !test(row)).map((row) => `${row.site} ${row.variant}`);
    return names.length === 0 ? 'every row' : `fails on ${names.length}/${rows.length}: ${names.join(', ')}`;
  };
  const lines = [
    renderTable([header, ...cells]),
    '',
    `recall@10 averaged over sites: ${f3(siteMeans)} (target ≥ ${TARGETS.meanRecallAt10})`,
    `recall@10 ≥ ${TARGETS.baselineFactor}× best baseline: ${failing((r) => r.recall >= TARGETS.baselineFactor * r.baseline)}`,
    `precision ≥ ${TARGETS.precisionAtDefault} at the default: ${failing((r) => r.precision !== null && r.precision >= TARGETS.precisionAtDefault)}`,
    `recall at the default ≥ ${TARGETS.recallAtDefault}: ${failing((r) => r.recallAtDefault >= TARGETS.recallAtDefault)}`,
    `suggestions per page at the default ≥ ${TARGETS.suggestionsPerPageAtDefault}: ${failing((r) => r.perPage >= TARGETS.suggestionsPerPageAtDefault)}`,
    `anchor token F1 ≥ ${TARGETS.anchorF1}: ${failing((r) => r.anchorF1 >= TARGETS.anchorF1)}`,
    `calibration gap ≤ ${TARGETS.calibrationGap}: ${failing((r) => r.gap <= TARGETS.calibrationGap)}`,
    `validity 100 %: ${failing((r) => r.validity >= TARGETS.validity)}`,
  ];
  return lines.join('\n');
}
