/**
 * Suggestion-quality benchmark: Python's documentation with its authors' links removed, synced to a real bridge;
 * the suggestions are scored against the removed links, next to two baselines, and checked against the contract.
 *
 *   npx tsx bench/quality/run.ts [--rebuild-corpus] [--no-build] [--min-score 0.5] [--concurrency 4] [--strict]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { InterlinkerClient } from '../../bridge/src/client/index.js';
import { runBaselines } from './baselines/run-baselines.js';
import { startBridge } from './bridge/bridge-process.js';
import { fetchDefaultMinRelevanceScore } from './bridge/default-min-score.js';
import { runEngine } from './bridge/engine-run.js';
import { loadCorpus } from './corpus/corpus-store.js';
import type { Corpus } from './corpus/types.js';
import { buildVariant, type Variant, type VariantName } from './corpus/variants.js';
import { analysePageText, type PageText } from './html/page-text.js';
import { scoreSystem, type RankedSuggestion } from './metrics/system-score.js';
import { summariseValidity } from './metrics/validity-summary.js';
import { scoreTable, targetTable } from './report/table.js';
import { checkTargets } from './report/targets.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const VARIANTS: VariantName[] = ['all-removed', 'half-removed'];
const LIMIT = 10;

const { values: args } = parseArgs({
  options: {
    'rebuild-corpus': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    'min-score': { type: 'string' },
    concurrency: { type: 'string', default: '4' },
    strict: { type: 'boolean', default: false },
  },
});

function corpusFacts(corpus: Corpus) {
  const distinct = (filter: (inCode: boolean) => boolean) =>
    corpus.pages.reduce((sum, page) => sum + new Set(page.links.filter((l) => filter(l.inCode)).map((l) => l.targetUrl)).size, 0);
  return {
    package: `${corpus.packageName} ${corpus.packageVersion}`,
    pages: corpus.pages.length,
    pagesWithLinks: corpus.pages.filter((page) => page.links.length > 0).length,
    links: corpus.pages.reduce((sum, page) => sum + page.links.length, 0),
    linkedPairs: distinct(() => true),
    linkedPairsWithProseAnchor: distinct((inCode) => !inCode),
  };
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

const ms = (value: number): number => Math.round(value);

async function main(): Promise<void> {
  const started = performance.now();
  const { corpus, fromCache } = loadCorpus(path.join(REPO_ROOT, '.cache/quality-corpus'), { rebuild: args['rebuild-corpus'] });
  const facts = corpusFacts(corpus);
  console.log(`corpus: ${facts.package}${fromCache ? ' (cached)' : ''}: ${facts.pages} pages, ${facts.links} links, ` +
    `${facts.linkedPairs} linked (page, target) pairs, ${facts.linkedPairsWithProseAnchor} of them with a prose anchor`);

  const variants: { variant: Variant; texts: Map<string, PageText> }[] = VARIANTS.map((name) => {
    const variant = buildVariant(corpus, name);
    return { variant, texts: new Map(variant.pages.map((page) => [page.url, analysePageText(page.content, page.url)])) };
  });

  const bridge = await startBridge({ repoRoot: REPO_ROOT, workDir: path.join(REPO_ROOT, '.cache/quality-bench'), build: !args['no-build'] });
  const stopOnSignal = (): void => void bridge.stop().then(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  const report: Record<string, unknown>[] = [];
  let allPass = true;
  try {
    const api = new InterlinkerClient({ baseUrl: bridge.baseUrl, apiKey: bridge.apiKey });
    const documented = await fetchDefaultMinRelevanceScore(bridge.baseUrl);
    const threshold = documented ?? (args['min-score'] === undefined ? null : Number(args['min-score']));
    if (threshold === null) throw new Error('the OpenAPI document has no minRelevanceScore default; pass --min-score');
    console.log(`bridge: ${bridge.baseUrl}; default minRelevanceScore ${threshold} (${documented === null ? '--min-score' : 'OpenAPI document'})`);

    for (const { variant, texts } of variants) {
      const run = await runEngine(api, variant, {
        domain: corpus.domain,
        batchSize: 500,
        batchBytes: 8 * 1024 * 1024,
        concurrency: Number(args.concurrency),
        limit: LIMIT,
        minRelevanceScore: 0,
      });
      const engineRankings = new Map<string, RankedSuggestion[]>(
        [...run.answers].map(([url, answer]) => [
          url,
          answer.map((s) => ({ targetUrl: s.targetPageUrl, score: s.relevanceScore, anchorText: s.anchorText })),
        ]),
      );
      const validity = summariseValidity(variant, run.answers, texts);
      const engine = scoreSystem(variant, engineRankings, threshold);
      const baselines = runBaselines(variant, texts, LIMIT).map((baseline) => ({
        ...baseline,
        score: scoreSystem(variant, baseline.rankings, null),
      }));
      const targets = checkTargets(engine, baselines.map((b) => b.score), validity);
      if (run.failures.length > 0) targets.push({ name: 'requests answered', required: 'all', measured: `${run.failures.length} failed`, pass: false });
      allPass &&= targets.every((target) => target.pass);

      const truthPairs = variant.pages.reduce((sum, page) => sum + page.truth.size, 0);
      const keptPairs = variant.pages.reduce((sum, page) => sum + page.keptTargets.size, 0);
      console.log(`\n== ${variant.name}: ${truthPairs} removed (page, target) pairs to find, ${keptPairs} kept as links; ` +
        `sync ${ms(run.syncMs)} ms, generation ${ms(run.generateMs)} ms (p50 ${ms(percentile(run.latenciesMs, 0.5))} ms, p95 ${ms(percentile(run.latenciesMs, 0.95))} ms)`);
      console.log(scoreTable([
        { name: 'interlinker', score: engine, validity: validity.share },
        ...baselines.map((b) => ({ name: b.name, score: b.score })),
      ]));
      if (validity.valid < validity.suggestions) {
        const broken = Object.entries(validity.byRule).filter(([, count]) => count > 0);
        console.log(`invalid suggestions by rule: ${broken.map(([rule, count]) => `${rule} ${count}`).join(', ')}`);
      }
      console.log(targetTable(targets));

      report.push({
        variant: variant.name,
        truthPairs,
        keptPairs,
        pagesWithTruth: engine.pagesScored,
        engine: {
          score: engine,
          validity,
          syncMs: ms(run.syncMs),
          generateMs: ms(run.generateMs),
          latencyMs: { p50: ms(percentile(run.latenciesMs, 0.5)), p95: ms(percentile(run.latenciesMs, 0.95)), max: ms(Math.max(0, ...run.latenciesMs)) },
          failures: run.failures,
        },
        baselines: baselines.map((b) => ({ name: b.name, ms: ms(b.ms), score: b.score })),
        targets,
      });
    }

    const runtimeMs = ms(performance.now() - started);
    const file = path.join(REPO_ROOT, '.cache/quality-report.json');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ generatedAt: new Date().toISOString(), corpus: facts, defaultMinRelevanceScore: threshold, runtimeMs, variants: report }, null, 2));
    console.log(`\nruntime ${(runtimeMs / 1000).toFixed(1)} s; report: ${path.relative(REPO_ROOT, file)}`);
  } finally {
    process.off('SIGINT', stopOnSignal);
    process.off('SIGTERM', stopOnSignal);
    await bridge.stop();
  }
  if (args.strict && !allPass) process.exitCode = 1;
}

await main();
