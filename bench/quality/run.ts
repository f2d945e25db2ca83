/**
 * Suggestion-quality benchmark: Python's documentation with its authors' links removed, synced to a real bridge;
 * the suggestions are scored against the removed links, next to two baselines, and checked against the contract.
 *
 *   npx tsx bench/quality/run.ts [--rebuild-corpus] [--no-build] [--min-score 0.5] [--concurrency 4] [--strict]
 *
 * The work runs in three phases so that no long computation blocks the event loop while the bridge is in use:
 * prepare (corpus, variants, baselines), ask the bridge, then score.
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
import { loadCorpus } from './corpus/corpus-store.js';
import type { Corpus } from './corpus/types.js';
import { buildVariant, type VariantName } from './corpus/variants.js';
import { evaluateVariant, printEvaluation, type PreparedVariant } from './evaluate-variant.js';
import { analysePageText } from './html/page-text.js';

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
  const distinct = (keep: (inCode: boolean) => boolean) =>
    corpus.pages.reduce((sum, page) => sum + new Set(page.links.filter((l) => keep(l.inCode)).map((l) => l.targetUrl)).size, 0);
  return {
    package: `${corpus.packageName} ${corpus.packageVersion}`,
    pages: corpus.pages.length,
    pagesWithLinks: corpus.pages.filter((page) => page.links.length > 0).length,
    links: corpus.pages.reduce((sum, page) => sum + page.links.length, 0),
    linkedPairs: distinct(() => true),
    linkedPairsWithProseAnchor: distinct((inCode) => !inCode),
  };
}

function prepare(corpus: Corpus): PreparedVariant[] {
  return VARIANTS.map((name) => {
    const variant = buildVariant(corpus, name);
    const texts = new Map(variant.pages.map((page) => [page.url, analysePageText(page.content, page.url)]));
    return { variant, texts, baselines: runBaselines(variant, texts, LIMIT) };
  });
}

/** Starts a bridge, puts every variant through it, and always stops it. */
async function askBridge(corpus: Corpus, prepared: readonly PreparedVariant[]): Promise<{ threshold: number; runs: EngineRun[] }> {
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
    const runs: EngineRun[] = [];
    for (const { variant } of prepared) {
      runs.push(
        await runEngine(api, variant, {
          domain: corpus.domain,
          batchSize: 500,
          batchBytes: 8 * 1024 * 1024,
          concurrency: Number(args.concurrency),
          limit: LIMIT,
          minRelevanceScore: 0,
        }),
      );
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
  const { corpus, fromCache } = loadCorpus(path.join(REPO_ROOT, '.cache/quality-corpus'), { rebuild: args['rebuild-corpus'] });
  const facts = corpusFacts(corpus);
  console.log(
    `corpus ${facts.package}${fromCache ? ' (cached)' : ''}: ${facts.pages} pages, ${facts.links} links, ` +
      `${facts.linkedPairs} linked (page, target) pairs, ${facts.linkedPairsWithProseAnchor} of them with a prose anchor`,
  );
  const prepared = prepare(corpus);
  const { threshold, runs } = await askBridge(corpus, prepared);
  const evaluations = prepared.map((variant, index) => evaluateVariant(variant, runs[index] as EngineRun, threshold));
  evaluations.forEach(printEvaluation);

  const runtimeMs = Math.round(performance.now() - started);
  const file = path.join(REPO_ROOT, '.cache/quality-report.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify({ generatedAt: new Date().toISOString(), corpus: facts, defaultMinRelevanceScore: threshold, runtimeMs, variants: evaluations }, null, 2),
  );
  console.log(`\nruntime ${(runtimeMs / 1000).toFixed(1)} s; report in ${path.relative(REPO_ROOT, file)}`);
  if (args.strict && !evaluations.every((evaluation) => evaluation.targets.every((target) => target.pass))) process.exitCode = 1;
}

await main();
