/**
 * Suggestion quality on documentation sites in languages other than English (corpus/language-sources.ts), measured
 * as bench/quality/run.ts measures the English ones: authors' links removed (all, or half), the pages synced to a real
 * bridge with their language, suggestions scored against the removed links next to the two baselines (which read the
 * site with the same language's stop words and stemmer), every suggestion checked against the contract.
 *
 * Held out by construction: the relevance model is fitted on English sites only. By default each site is answered by
 * the model fitted on the English sites without its English twin (the same documentation in English, when one is
 * fitted), so neither its language nor its structure was seen; `--model shipped` answers with the shipped weights
 * instead (fitted on every English site: what a site in that language gets).
 *
 *   npx tsx bench/quality/run-languages.ts [--corpus all|ID[,ID…]] [--model without-twin|shipped] [--no-build]
 *                                          [--rebuild-corpus] [--max-sources 300] [--concurrency 4]
 *                                          [--engine-language TAG]
 *
 * `--engine-language en` syncs the pages as English (the baselines keep the site's language): what the per-language
 * analysis adds.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { InterlinkerClient } from '../../bridge/src/client/index.js';
import { DEFAULT_MIN_RELEVANCE_SCORE, WEIGHTS } from '../../bridge/src/engine/relevance.js';
import { runBaselines } from './baselines/run-baselines.js';
import { startBridge } from './bridge/bridge-process.js';
import { runEngine } from './bridge/engine-run.js';
import { corpusFacts } from './corpus/corpus-facts.js';
import { loadCorpus } from './corpus/corpus-store.js';
import { selectLanguageSources, type LanguageCorpusSource } from './corpus/language-sources.js';
import { withLiteralCharacters } from './corpus/literal-characters.js';
import { CORPUS_SOURCES } from './corpus/sources.js';
import { buildVariant, sampleSourcePages, type Variant, type VariantName } from './corpus/variants.js';
import { evaluateVariant, printEvaluation, type PreparedVariant } from './evaluate-variant.js';
import { smallSiteFeatures, smallSitesOfCorpus } from './features/small-site-features.js';
import { FeatureStore, sourceHash } from './features/feature-store.js';
import type { FoldModel } from './fitting/held-out.js';
import { fitRelevanceWeights } from './fitting/fit-procedure.js';
import { analysePageText } from './html/page-text.js';
import { engineVersion } from './report/engine-version.js';
import { summaryTable, type SiteResult } from './report/summary.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CACHE = path.join(REPO_ROOT, '.cache');
const VARIANTS: VariantName[] = ['all-removed', 'half-removed'];
const LIMIT = 10;

const { values: args } = parseArgs({
  options: {
    corpus: { type: 'string', default: 'all' },
    model: { type: 'string', default: 'without-twin' },
    'rebuild-corpus': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    'max-sources': { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '4' },
    'engine-language': { type: 'string' },
  },
});

/** The variant as a WordPress post body holds it: characters beyond ASCII written as themselves. */
function asStored(variant: Variant): Variant {
  return { ...variant, pages: variant.pages.map((page) => ({ ...page, content: withLiteralCharacters(page.content) })) };
}

/**
 * The relevance model for a site: the shipped weights, or the same fitting procedure on the English sites' feature
 * dumps and their small sites without the site's English twin (dumps cached as bench/quality/run.ts caches them).
 */
function modelFor(source: LanguageCorpusSource): FoldModel {
  if (args.model === 'shipped' || source.englishTwin === undefined) return { heldOut: source.id, weights: [...WEIGHTS] };
  if (args.model !== 'without-twin') throw new Error(`unknown --model "${args.model}"; expected without-twin or shipped`);
  const features = new FeatureStore(
    path.join(CACHE, 'quality-features'),
    sourceHash([path.join(REPO_ROOT, 'bridge/src/engine'), path.join(REPO_ROOT, 'bench/quality/features')]),
  );
  const started = performance.now();
  const training = CORPUS_SOURCES.filter((english) => english.id !== source.englishTwin).flatMap((english) => {
    const { corpus } = loadCorpus(path.join(CACHE, 'quality-corpus'), { rebuild: false, source: english });
    const sourceUrls = sampleSourcePages(corpus, Number(args['max-sources']));
    // As bench/quality/run.ts fits: each corpus with the small sites cut from it.
    return [
      ...VARIANTS.flatMap((name) => features.variantFeatures(english.id, corpus, buildVariant(corpus, name), sourceUrls, LIMIT).pages),
      ...smallSiteFeatures(english.id, smallSitesOfCorpus(english.id, corpus), VARIANTS, features, LIMIT),
    ];
  });
  const weights = fitRelevanceWeights(training);
  console.log(`model for ${source.id}: fitted on the English sites but ${source.englishTwin} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { heldOut: source.id, weights };
}

async function runSite(source: LanguageCorpusSource, build: boolean): Promise<SiteResult> {
  const { corpus, fromCache } = loadCorpus(path.join(CACHE, 'quality-corpus'), { rebuild: args['rebuild-corpus'], source });
  const facts = corpusFacts(corpus);
  const sourceUrls = sampleSourcePages(corpus, Number(args['max-sources']));
  const prepared: PreparedVariant[] = VARIANTS.map((name) => {
    const variant = asStored(buildVariant(corpus, name));
    const texts = new Map(variant.pages.map((page) => [page.url, analysePageText(page.content, page.url)]));
    return { variant, texts, baselines: runBaselines(variant, texts, LIMIT, sourceUrls, source.language), sourceUrls };
  });
  console.log(
    `corpus ${source.id} (${source.language}): ${facts.package}${fromCache ? ' (cached)' : ''}: ${facts.pages} pages, ` +
      `${facts.linkedPairs} linked pairs; ${sourceUrls.size} source pages asked`,
  );

  const modelFile = path.join(CACHE, 'quality-models', `${source.id}.json`);
  mkdirSync(path.dirname(modelFile), { recursive: true });
  writeFileSync(modelFile, JSON.stringify(modelFor(source)));
  const bridge = await startBridge({ repoRoot: REPO_ROOT, workDir: path.join(CACHE, 'quality-bench-languages'), build, relevanceModelFile: modelFile });
  try {
    const api = new InterlinkerClient({ baseUrl: bridge.baseUrl, apiKey: bridge.apiKey });
    const variants = [];
    for (const variant of prepared) {
      const run = await runEngine(api, variant.variant, {
        projectName: `quality ${source.id} ${variant.variant.name}`,
        domain: corpus.domain,
        batchSize: 500,
        batchBytes: 8 * 1024 * 1024,
        concurrency: Number(args.concurrency),
        limit: LIMIT,
        minRelevanceScore: 0,
        sourceUrls: variant.sourceUrls,
        language: args['engine-language'] ?? source.language,
      });
      variants.push(evaluateVariant(variant, run, DEFAULT_MIN_RELEVANCE_SCORE));
    }
    console.log(`\n######## corpus ${source.id} (${facts.package}, ${source.language})`);
    variants.forEach(printEvaluation);
    return { id: source.id, corpus: facts, variants };
  } finally {
    await bridge.stop();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const version = engineVersion(REPO_ROOT);
  const synced = args['engine-language'] === undefined ? '' : `; pages synced as ${args['engine-language']}`;
  console.log(`engine ${version.commit}${version.bridgeModified ? ' with uncommitted changes in bridge/' : ''}; model: ${args.model}${synced}`);
  const results: SiteResult[] = [];
  for (const [index, source] of selectLanguageSources(args.corpus).entries()) {
    results.push(await runSite(source, index === 0 && !args['no-build']));
  }
  console.log('\n######## LANGUAGES BEYOND ENGLISH (held out: the model is fitted on English sites only)');
  console.log(summaryTable(results));
  const runtimeMs = Math.round(performance.now() - started);
  const file = path.join(CACHE, 'quality-languages-report.json');
  writeFileSync(
    file,
    JSON.stringify({ generatedAt: new Date().toISOString(), engine: version, model: args.model, engineLanguage: args['engine-language'] ?? null, shippedDefaultMinRelevanceScore: DEFAULT_MIN_RELEVANCE_SCORE, runtimeMs, corpora: results }, null, 2),
  );
  console.log(`\nruntime ${(runtimeMs / 1000).toFixed(1)} s; report in ${path.relative(REPO_ROOT, file)}`);
}

await main();
