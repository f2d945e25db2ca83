/**
 * Suggestion-quality benchmark, held out: documentation websites and blogs with their authors' links removed, synced to a real
 * bridge; the suggestions are scored against the removed links, next to two baselines, and checked against the
 * contract. Each site is answered by a bridge whose relevance model was fitted on the other sites only
 * (leave-one-site-out), so its figures are those of a site the engine never saw.
 *
 *   npx tsx bench/quality/run.ts [--corpus all|docs|blogs|ID[,ID…]] [--fit-with docs|blogs|ID[,ID…]] [--in-sample] [--rebuild-corpus] [--no-build]
 *                                [--max-sources 300] [--concurrency 4] [--strict] [--features-only]
 *
 * Phases: prepare (corpora, variants, baselines, features), fit one model per held-out site, ask a bridge per site,
 * then score. No long computation runs while a bridge is in use.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { InterlinkerClient } from '../../bridge/src/client/index.js';
import { DEFAULT_MIN_RELEVANCE_SCORE, WEIGHTS } from '../../bridge/src/engine/relevance.js';
import { runBaselines } from './baselines/run-baselines.js';
import { startBridge } from './bridge/bridge-process.js';
import { runEngine, type EngineRun } from './bridge/engine-run.js';
import { runSmallSites, type SmallSiteAnswers } from './bridge/small-site-runs.js';
import { corpusFacts, type CorpusFacts } from './corpus/corpus-facts.js';
import { loadCorpus } from './corpus/corpus-store.js';
import { selectCorpusSources } from './corpus/sources.js';
import { isBlogSource, type BenchCorpusSource, type Corpus } from './corpus/types.js';
import { buildVariant, sampleSourcePages, type VariantName } from './corpus/variants.js';
import { evaluateVariant, printEvaluation, type PreparedVariant, type VariantEvaluation } from './evaluate-variant.js';
import type { DumpedPage } from './features/feature-dump.js';
import { smallSiteFeatures, smallSitesOfCorpus, type SmallSite } from './features/small-site-features.js';
import { FeatureStore, sourceHash } from './features/feature-store.js';
import { adaptationReplay, printAdaptation, type AdaptationReport } from './fitting/adaptation-replay.js';
import { cachedHeldOutModels } from './fitting/fold-cache.js';
import type { FoldModel } from './fitting/held-out.js';
import { analysePageText } from './html/page-text.js';
import { engineVersion } from './report/engine-version.js';
import { smallSiteRows, smallSiteTable } from './report/small-sites.js';
import { blogTable } from './report/blog-summary.js';
import { summaryTable } from './report/summary.js';
import { inboundSiteResult, inboundTable, MAX_INBOUND_TARGETS } from './inbound/inbound-row.js';
import { JUDGED_VARIANT, shownOfBlog, type ShownReport } from './judging/shown.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CACHE = path.join(REPO_ROOT, '.cache');
const VARIANTS: VariantName[] = ['all-removed', 'half-removed'];
const LIMIT = 10;

const { values: args } = parseArgs({
  options: {
    corpus: { type: 'string', default: 'all' },
    'in-sample': { type: 'boolean', default: false },
    'rebuild-corpus': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    'max-sources': { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '4' },
    strict: { type: 'boolean', default: false },
    'features-only': { type: 'boolean', default: false },
    'fit-with': { type: 'string', default: '' },
  },
});

/** One corpus, ready for the bridge: its variants with their texts, the baselines' rankings and the engine's features. */
interface PreparedCorpus {
  source: BenchCorpusSource;
  corpus: Corpus;
  facts: CorpusFacts;
  variants: (PreparedVariant & { features: DumpedPage[] })[];
  /** The small sites cut from it (features/small-site-features.ts), and their dumps. */
  smallSites: SmallSite[];
  smallSiteFeatures: DumpedPage[];
}

function prepare(source: BenchCorpusSource, features: FeatureStore): PreparedCorpus {
  const { corpus, fromCache } = loadCorpus(path.join(CACHE, 'quality-corpus'), { rebuild: args['rebuild-corpus'], source });
  const facts = corpusFacts(corpus);
  const sourceUrls = sampleSourcePages(corpus, Number(args['max-sources']));
  const variants = VARIANTS.map((name) => {
    const variant = buildVariant(corpus, name);
    const texts = new Map(variant.pages.map((page) => [page.url, analysePageText(page.content, page.url)]));
    const baselines = runBaselines(variant, texts, LIMIT, sourceUrls);
    const started = performance.now();
    const dumped = features.variantFeatures(source.id, corpus, variant, sourceUrls, LIMIT);
    if (!dumped.fromCache) console.log(`  features of ${source.id} ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { variant, texts, baselines, sourceUrls, features: dumped.pages };
  });
  const smallSites = smallSitesOfCorpus(source.id, corpus);
  console.log(
    `corpus ${source.id}: ${facts.package}${fromCache ? ' (cached)' : ''}: ${facts.pages} pages, ${facts.links} links, ` +
      `${facts.linkedPairs} linked (page, target) pairs, ${facts.linkedPairsWithProseAnchor} of them ` +
      `(${(facts.proseShare * 100).toFixed(0)} %) with a prose anchor; ${sourceUrls.size} source pages asked`,
  );
  return { source, corpus, facts, variants, smallSites, smallSiteFeatures: smallSiteFeatures(source.id, smallSites, VARIANTS, features, LIMIT) };
}

/** What the models are fitted on: each corpus's dumped pages, then its small sites'. */
const fittedPages = (corpora: readonly PreparedCorpus[]): DumpedPage[] =>
  corpora.flatMap((prepared) => [...prepared.variants.flatMap((variant) => variant.features), ...prepared.smallSiteFeatures]);

/**
 * The model each site is answered with: fitted without it (held out), or the shipped weights (--in-sample). The sites
 * of `--fit-with` join every fit without a fold of their own (they are not asked).
 */
function modelsFor(corpora: readonly PreparedCorpus[], fitOnly: readonly PreparedCorpus[]): Map<string, FoldModel> {
  if (args['in-sample']) {
    return new Map(corpora.map(({ source }) => [source.id, { heldOut: null, weights: [...WEIGHTS] }]));
  }
  const started = performance.now();
  const heldOutSites = fitOnly.length === 0 ? undefined : corpora.map(({ source }) => source.id);
  const { models, file, fromCache } = cachedHeldOutModels(REPO_ROOT, fittedPages([...corpora, ...fitOnly]), heldOutSites);
  console.log(
    fromCache
      ? `${models.size} held-out fits read from ${path.relative(REPO_ROOT, file)}`
      : `${models.size} held-out fits in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return models;
}

/**
 * Starts a bridge per site with that site's model, puts every variant through it (one project each), then its small
 * sites (a project each), and stops it.
 */
async function askBridges(
  corpora: readonly PreparedCorpus[],
  models: ReadonlyMap<string, FoldModel>,
): Promise<{ runs: EngineRun[][]; smallSites: SmallSiteAnswers[] }> {
  const runs: EngineRun[][] = [];
  const smallSites: SmallSiteAnswers[] = [];
  const modelDir = path.join(CACHE, 'quality-models');
  mkdirSync(modelDir, { recursive: true });
  for (const [index, { source, corpus, variants, smallSites: small }] of corpora.entries()) {
    const modelFile = path.join(modelDir, `${source.id}.json`);
    writeFileSync(modelFile, JSON.stringify(models.get(source.id)));
    const bridge = await startBridge({
      repoRoot: REPO_ROOT,
      workDir: path.join(CACHE, 'quality-bench'),
      build: index === 0 && !args['no-build'],
      relevanceModelFile: modelFile,
    });
    const stopOnSignal = (): void => void bridge.stop().then(() => process.exit(130));
    process.once('SIGINT', stopOnSignal);
    process.once('SIGTERM', stopOnSignal);
    try {
      const api = new InterlinkerClient({ baseUrl: bridge.baseUrl, apiKey: bridge.apiKey });
      const corpusRuns: EngineRun[] = [];
      for (const { variant, sourceUrls } of variants) {
        corpusRuns.push(
          await runEngine(api, variant, {
            projectName: `quality ${source.id} ${variant.name}`,
            domain: corpus.domain,
            batchSize: 500,
            batchBytes: 8 * 1024 * 1024,
            concurrency: Number(args.concurrency),
            limit: LIMIT,
            minRelevanceScore: 0,
            sourceUrls,
          }),
        );
      }
      runs.push(corpusRuns);
      smallSites.push(...(await runSmallSites(api, source.id, small, VARIANTS, { concurrency: Number(args.concurrency), limit: LIMIT })));
    } finally {
      process.off('SIGINT', stopOnSignal);
      process.off('SIGTERM', stopOnSignal);
      await bridge.stop();
    }
  }
  return { runs, smallSites };
}

/**
 * Every scored answer, one line per source page (site, variant, its removed targets, the engine's suggestions with their
 * score and whether each is one of them), after one line per project with its relevance summary: what the reliability
 * tables are made of, for analysing the score offline (fit-site-level.ts). Small sites follow, their variant `…@size`
 * and their corpus named.
 */
function writeAnswers(corpora: readonly PreparedCorpus[], runs: readonly EngineRun[][], smallSites: readonly SmallSiteAnswers[]): void {
  const lines: string[] = [];
  corpora.forEach(({ source, variants }, corpusIndex) =>
    variants.forEach(({ variant, sourceUrls }, variantIndex) => {
      const { answers, relevance } = runs[corpusIndex]![variantIndex]!;
      lines.push(JSON.stringify({ site: source.id, variant: variant.name, relevance }));
      for (const page of variant.pages) {
        if (!sourceUrls.has(page.url)) continue;
        const suggestions = (answers.get(page.url) ?? []).map((s) => ({ target: s.targetPageUrl, score: s.relevanceScore, accepted: page.truth.has(s.targetPageUrl) }));
        lines.push(JSON.stringify({ site: source.id, variant: variant.name, url: page.url, truth: page.truth.size, suggestions }));
      }
    }),
  );
  for (const { site, corpus, variant, relevance, pages } of smallSites) {
    lines.push(JSON.stringify({ site, corpus, variant, relevance }));
    for (const page of pages) lines.push(JSON.stringify({ site, corpus, variant, ...page }));
  }
  writeFileSync(path.join(CACHE, 'quality-answers.jsonl'), lines.join('\n') + '\n');
}

/**
 * What the default shows on each blog with all its links removed, suggestion by suggestion, for the judging protocol
 * (`judging/sample.ts`); written only when blogs were asked.
 */
function writeShown(corpora: readonly PreparedCorpus[], runs: readonly EngineRun[][], engine: ShownReport['engine']): void {
  const blogs = corpora.flatMap(({ source, variants }, corpusIndex) => {
    if (!isBlogSource(source)) return [];
    const variantIndex = variants.findIndex(({ variant }) => variant.name === JUDGED_VARIANT);
    const { variant, sourceUrls } = variants[variantIndex]!;
    return [shownOfBlog(source.id, variant, sourceUrls, runs[corpusIndex]![variantIndex]!, DEFAULT_MIN_RELEVANCE_SCORE)];
  });
  if (blogs.length === 0) return;
  const report: ShownReport = { generatedAt: new Date().toISOString(), engine, minRelevanceScore: DEFAULT_MIN_RELEVANCE_SCORE, blogs };
  writeFileSync(path.join(CACHE, 'quality-shown.json'), JSON.stringify(report, null, 1));
}

async function main(): Promise<void> {
  const started = performance.now();
  const sources = selectCorpusSources(args.corpus);
  const version = engineVersion(REPO_ROOT);
  console.log(`engine ${version.commit}${version.bridgeModified ? ' with uncommitted changes in bridge/' : ''}`);
  const features = new FeatureStore(
    path.join(CACHE, 'quality-features'),
    sourceHash([path.join(REPO_ROOT, 'bridge/src/engine'), path.join(REPO_ROOT, 'bench/quality/features')]),
  );
  const corpora = sources.map((source) => prepare(source, features));
  // --fit-with: sites only fitted on (their dumps, no bridge, no scores), e.g. the documentation sites for the blogs.
  const fitOnly = (args['fit-with'] ? selectCorpusSources(args['fit-with']) : [])
    .filter((source) => !sources.some((scored) => scored.id === source.id))
    .map((source) => prepare(source, features));
  const dumped = corpora.flatMap((prepared) => prepared.variants.flatMap((variant) => variant.features));
  // Every dumped page of this run in one file, small sites too, in the order the folds are fitted on, for
  // bench/quality/fit-relevance.ts.
  writeFileSync(path.join(CACHE, 'relevance-features.jsonl'), fittedPages([...corpora, ...fitOnly]).map((page) => JSON.stringify(page)).join('\n') + '\n');
  if (args['features-only']) return;
  const models = modelsFor(corpora, fitOnly);
  const { runs, smallSites: smallSiteAnswers } = await askBridges(corpora, models);
  writeAnswers(corpora, runs, smallSiteAnswers);
  writeShown(corpora, runs, version);
  const results = corpora.map((prepared, corpusIndex) => {
    const evaluations: VariantEvaluation[] = prepared.variants.map((variant, variantIndex) =>
      evaluateVariant(variant, runs[corpusIndex]![variantIndex]!, DEFAULT_MIN_RELEVANCE_SCORE),
    );
    console.log(`\n######## corpus ${prepared.source.id} (${prepared.facts.package})`);
    evaluations.forEach(printEvaluation);
    const group = isBlogSource(prepared.source) ? 'blogs' : 'docs';
    return { id: prepared.source.id, group, corpus: prepared.facts, heldOut: models.get(prepared.source.id)!.heldOut !== null, variants: evaluations };
  });

  const fittedOn = args['fit-with'] ? `the other sites of this run and ${args['fit-with']}` : 'the other sites of this run';
  const heading = args['in-sample'] ? 'IN SAMPLE (diagnosis only: every site was in the fit)' : `HELD OUT (each site answered by a model fitted on ${fittedOn})`;
  const docs = results.filter((result) => result.group === 'docs');
  const blogs = results.filter((result) => result.group === 'blogs');
  if (docs.length > 0) {
    console.log(`\n######## DOCUMENTATION SITES, ${heading}`);
    console.log(summaryTable(docs));
  }
  if (blogs.length > 0) {
    console.log(`\n######## BLOGS, ${heading}`);
    console.log(blogTable(blogs));
    console.log('');
    console.log(summaryTable(blogs));
  }
  const smallSites = smallSiteRows(smallSiteAnswers, DEFAULT_MIN_RELEVANCE_SCORE);
  const smallFailures = smallSiteAnswers.reduce((sum, site) => sum + site.failures, 0);
  if (smallFailures > 0) console.log(`small sites: ${smallFailures} generation requests failed`);
  console.log(`\n######## SMALL SITES (${args['in-sample'] ? 'in sample' : 'held out'}; cut from each corpus, answered by its model)`);
  console.log(smallSiteTable(smallSites, DEFAULT_MIN_RELEVANCE_SCORE));
  // How far editors' decisions take each site past its held-out model (not with --in-sample: there is no fold model).
  let adaptedToDecisions: AdaptationReport | null = null;
  if (!args['in-sample'] && corpora.length > 1) {
    adaptedToDecisions = adaptationReplay(dumped, (site) => models.get(site)!.weights);
    printAdaptation(adaptedToDecisions);
  }

  // Inbound suggestions (which pages should link to this one), each site under the same model as its forward rows.
  const inbound = corpora.map(({ source, corpus, variants }) =>
    inboundSiteResult(
      { id: source.id, domain: corpus.domain, variant: variants[0]!.variant, texts: variants[0]!.texts, weights: models.get(source.id)!.weights },
      MAX_INBOUND_TARGETS,
    ),
  );
  console.log(`\n######## INBOUND (${args['in-sample'] ? 'in sample' : 'held out'}; all links removed; limit 10, no threshold)`);
  console.log(inboundTable(inbound));

  const runtimeMs = Math.round(performance.now() - started);
  const file = path.join(CACHE, 'quality-report.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify({ generatedAt: new Date().toISOString(), engine: version, heldOut: !args['in-sample'], shippedDefaultMinRelevanceScore: DEFAULT_MIN_RELEVANCE_SCORE, runtimeMs, corpora: results, smallSites, adaptedToDecisions, inbound }, null, 2),
  );
  console.log(`\nruntime ${(runtimeMs / 1000).toFixed(1)} s; report in ${path.relative(REPO_ROOT, file)}`);

  const allPass = results.every((result) => result.variants.every((evaluation) => evaluation.targets.every((target) => target.pass)));
  if (args.strict && !allPass) process.exitCode = 1;
}

await main();
