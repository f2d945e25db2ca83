/** Scores the engine's run and the baselines on one variant, checks the targets, and prints the tables. */
import type { BaselineRun } from './baselines/run-baselines.js';
import type { EngineRun } from './bridge/engine-run.js';
import type { Variant } from './corpus/variants.js';
import type { PageText } from './html/page-text.js';
import { reliabilityTable, type ReliabilityBin } from './metrics/reliability.js';
import { scoreSystem, type RankedSuggestion, type SystemScore } from './metrics/system-score.js';
import { summariseValidity, type ValiditySummary } from './metrics/validity-summary.js';
import { reliabilityLine, scoreTable, targetTable } from './report/table.js';
import { checkTargets, type TargetCheck } from './report/targets.js';

export interface PreparedVariant {
  variant: Variant;
  texts: Map<string, PageText>;
  baselines: BaselineRun[];
  /** The source pages suggestions are asked for and scored on (every page is synced and may be a target). */
  sourceUrls: Set<string>;
}

export interface VariantEvaluation {
  variant: string;
  /** Pages suggestions were asked for and scored on. */
  sourcePages: number;
  truthPairs: number;
  keptPairs: number;
  engine: {
    score: SystemScore;
    validity: ValiditySummary;
    syncMs: number;
    generateMs: number;
    latencyMs: { p50: number; p95: number; max: number };
    failures: EngineRun['failures'];
    reliability: ReliabilityBin[];
  };
  baselines: { name: string; ms: number; score: SystemScore }[];
  targets: TargetCheck[];
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

const ms = (value: number): number => Math.round(value);

export function evaluateVariant(prepared: PreparedVariant, run: EngineRun, threshold: number): VariantEvaluation {
  const { variant, texts } = prepared;
  const engineRankings = new Map<string, RankedSuggestion[]>(
    [...run.answers].map(([url, answer]) => [
      url,
      answer.map((s) => ({ targetUrl: s.targetPageUrl, score: s.relevanceScore, anchorText: s.anchorText })),
    ]),
  );
  const validity = summariseValidity(variant, run.answers, texts);
  const scored: Variant = { name: variant.name, pages: variant.pages.filter((page) => prepared.sourceUrls.has(page.url)) };
  const engine = scoreSystem(scored, engineRankings, threshold);
  const baselines = prepared.baselines.map((b) => ({ name: b.name, ms: ms(b.ms), score: scoreSystem(scored, b.rankings, null) }));
  const reliability = reliabilityTable(scored.pages, engineRankings);
  const targets = checkTargets(engine, baselines.map((b) => b.score), validity, reliability);
  if (run.failures.length > 0) {
    targets.push({ name: 'requests answered', required: 'all', measured: `${run.failures.length} failed`, pass: false });
  }
  return {
    variant: variant.name,
    sourcePages: scored.pages.length,
    truthPairs: scored.pages.reduce((sum, page) => sum + page.truth.size, 0),
    keptPairs: scored.pages.reduce((sum, page) => sum + page.keptTargets.size, 0),
    engine: {
      score: engine,
      validity,
      syncMs: ms(run.syncMs),
      generateMs: ms(run.generateMs),
      latencyMs: { p50: ms(percentile(run.latenciesMs, 0.5)), p95: ms(percentile(run.latenciesMs, 0.95)), max: ms(Math.max(0, ...run.latenciesMs)) },
      failures: run.failures,
      reliability,
    },
    baselines,
    targets,
  };
}

export function printEvaluation(evaluation: VariantEvaluation): void {
  const { engine } = evaluation;
  console.log(
    `\n== ${evaluation.variant}: ${evaluation.sourcePages} source pages, ${evaluation.truthPairs} removed (page, target) pairs to find, ${evaluation.keptPairs} kept as links; ` +
      `sync ${engine.syncMs} ms, generation ${engine.generateMs} ms (p50 ${engine.latencyMs.p50} ms, p95 ${engine.latencyMs.p95} ms)` +
      (evaluation.keptPairs > 0 ? `; kept links suggested again: ${engine.score.keptTargetsSuggested}` : ''),
  );
  console.log(
    scoreTable([
      { name: 'interlinker', score: engine.score, validity: engine.validity.share },
      ...evaluation.baselines.map((b) => ({ name: b.name, score: b.score })),
    ]),
  );
  const broken = Object.entries(engine.validity.byRule).filter(([, count]) => count > 0);
  if (broken.length > 0) console.log(`invalid suggestions by rule: ${broken.map(([rule, count]) => `${rule} ${count}`).join(', ')}`);
  for (const failure of engine.failures.slice(0, 5)) console.log(`failed: ${failure.url}: ${failure.message}`);
  console.log(`reliability (score bin: mean score / share accepted, suggestions): ${reliabilityLine(engine.reliability)}`);
  console.log(targetTable(evaluation.targets));
}
