/**
 * Suggestion-quality benchmark: documentation websites with their authors' links removed, synced to a real bridge;
 * the suggestions are scored against the removed links, next to two baselines, and checked against the contract.
 * Two corpora: Python's documentation (links mostly on inline code) and Git's (links in running text).
 *
 *   npx tsx bench/quality/run.ts [--corpus all|python|git] [--rebuild-corpus] [--no-build] [--min-score 0.5]
 *                                [--concurrency 4] [--strict] [--dump-features FILE]
 *
 * The work runs in three phases so that no long computation blocks the event loop while the bridge is in use:
 * prepare (corpora, variants, baselines), ask the bridge, then score.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { InterlinkerClient } from '../../bridge/src/client/index.js';
import { runBaselines } from './baselines/run-baselines.js';
import { startBridge } from './bridge/bridge-process.js';
import { fetchDefaultMinRelevanceScore } from './bridge/default-min-score.js';
import { runEngine, type EngineRun } from './bridge/engine-run.js';
import { corpusFacts, type CorpusFacts } from './corpus/corpus-facts.js';
import { loadCorpus } from './corpus/corpus-store.js';
import { selectCorpusSources } from './corpus/sources.js';
import type { Corpus, CorpusSource } from './corpus/types.js';
import { buildVariant, type VariantName } from './corpus/variants.js';
import { dumpVariantFeatures, startDump } from './features/feature-dump.js';
import { evaluateVariant, printEvaluation, type PreparedVariant, type VariantEvaluation } from './evaluate-variant.js';
import { analysePageText } from './html/page-text.js';
import { engineVersion } from './report/engine-version.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const VARIANTS: VariantName[] = ['all-removed', 'half-removed'];
const LIMIT = 10;

const { values: args } = parseArgs({
  options: {
    corpus: { type: 'string', default: 'all' },
    'rebuild-corpus': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    'min-score': { type: 'string' },
    concurrency: { type: 'string', default: '4' },
    strict: { type: 'boolean', default: false },
    'dump-features': { type: 'string' },
  },
});

/** One corpus, ready for the bridge: its variants with their texts and the baselines' rankings. */
interface PreparedCorpus {
  source: CorpusSource;
  corpus: Corpus;
  facts: CorpusFacts;
  variants: PreparedVariant[];
}

function prepare(source: CorpusSource): PreparedCorpus {
  const { corpus, fromCache } = loadCorpus(path.join(REPO_ROOT, '.cache/quality-corpus'), { rebuild: args['rebuild-corpus'], source });
  const facts = corpusFacts(corpus);
  console.log(
    `corpus ${source.id}: ${facts.package}${fromCache ? ' (cached)' : ''}: ${facts.pages} pages, ${facts.links} links, ` +
      `${facts.linkedPairs} linked (page, target) pairs, ${facts.linkedPairsWithProseAnchor} of them ` +
      `(${(facts.proseShare * 100).toFixed(0)} %) with a prose anchor`,
  );
  const variants = VARIANTS.map((name) => {
    const variant = buildVariant(corpus, name);
    const texts = new Map(variant.pages.map((page) => [page.url, analysePageText(page.content, page.url)]));
    return { variant, texts, baselines: runBaselines(variant, texts, LIMIT) };
  });
  return { source, corpus, facts, variants };
}

/** Starts one bridge, puts every variant of every corpus through it (one project each), and always stops it. */
async function askBridge(corpora: readonly PreparedCorpus[]): Promise<{ threshold: number; runs: EngineRun[][] }> {
  const bridge = await startBridge({ repoRoot: REPO_ROOT, workDir: path.join(REPO_ROOT, '.cache/quality-bench'), build: !args['no-build'] });
  const stopOnSignal = (): void => void bridge.stop().then(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    const documented = await fetchDefaultMinRelevanceScore(bridge.baseUrl);
    const threshold = documented ?? (args['min-score'] === undefined ? null : Number(args['min-score']));
    if (threshold === null) throw new Error('the OpenAPI document has no minRelevanceScore default; pass --min-score');
    console.log(`bridge ${bridge.baseUrl}: default minRelevanceScore ${threshold} (from ${documented === null ? '--min-score' : 'its OpenAPI document'})`);
    const api = new InterlinkerClient({ baseUrl: bridge.baseUrl, apiKey: bridge.apiKey });
    const runs: EngineRun[][] = [];
    for (const { source, corpus, variants } of corpora) {
      const corpusRuns: EngineRun[] = [];
      for (const { variant } of variants) {
        corpusRuns.push(
          await runEngine(api, variant, {
            projectName: `quality ${source.id} ${variant.name}`,
            domain: corpus.domain,
            batchSize: 500,
            batchBytes: 8 * 1024 * 1024,
            concurrency: Number(args.concurrency),
            limit: LIMIT,
            minRelevanceScore: 0,
          }),
        );
      }
      runs.push(corpusRuns);
    }
    return { threshold, runs };
  } finally {
    process.off('SIGINT', stopOnSignal);
    process.off('SIGTERM', stopOnSignal);
    await bridge.stop();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const sources = selectCorpusSources(args.corpus);
  const version = engineVersion(REPO_ROOT);
  console.log(`engine ${version.commit}${version.bridgeModified ? ' with uncommitted changes in bridge/' : ''}`);
  const corpora = sources.map(prepare);
  const { threshold, runs } = await askBridge(corpora);

  const results = corpora.map((prepared, corpusIndex) => {
    const evaluations: VariantEvaluation[] = prepared.variants.map((variant, variantIndex) =>
      evaluateVariant(variant, runs[corpusIndex]?.[variantIndex] as EngineRun, threshold),
    );
    console.log(`\n######## corpus ${prepared.source.id} (${prepared.facts.package})`);
    evaluations.forEach(printEvaluation);
    return { id: prepared.source.id, corpus: prepared.facts, variants: evaluations };
  });

  const runtimeMs = Math.round(performance.now() - started);
  const file = path.join(REPO_ROOT, '.cache/quality-report.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify({ generatedAt: new Date().toISOString(), engine: version, defaultMinRelevanceScore: threshold, runtimeMs, corpora: results }, null, 2),
  );
  console.log(`\nruntime ${(runtimeMs / 1000).toFixed(1)} s; report in ${path.relative(REPO_ROOT, file)}`);
  const dumpFile = args['dump-features'];
  if (dumpFile !== undefined) {
    startDump(dumpFile);
    corpora.forEach((prepared, corpusIndex) =>
      prepared.variants.forEach(({ variant }, variantIndex) => {
        const answers = (runs[corpusIndex]?.[variantIndex] as EngineRun).answers;
        const agreement = dumpVariantFeatures(dumpFile, prepared.source.id, prepared.corpus.domain, variant, answers, LIMIT);
        console.log(`features of ${prepared.source.id} ${variant.name} dumped to ${dumpFile}; in-process answers equal the bridge's on ${(agreement * 100).toFixed(1)} % of pages`);
      }),
    );
  }

  const allPass = results.every((result) => result.variants.every((evaluation) => evaluation.targets.every((target) => target.pass)));
  if (args.strict && !allPass) process.exitCode = 1;
}

await main();
