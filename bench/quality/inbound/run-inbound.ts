/**
 * The inbound row alone, without the bridge runs of the forward rows (`npm run bench:quality` prints it too):
 *
 *   npx tsx bench/quality/inbound/run-inbound.ts [--corpus all|ID[,ID…]] [--max-targets 300] [--sources N]
 *
 * Each site's model is fitted on the other sites' feature dumps, exactly as run.ts fits the forward rows' models
 * (the same dumps, cached under .cache/quality-features/), so every figure is held out. `--sources`: score that many
 * sources per target instead of the bridge's budget, to measure the trade-off between recall and time.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadCorpus } from '../corpus/corpus-store.js';
import { selectCorpusSources } from '../corpus/sources.js';
import { buildVariant, sampleSourcePages, type VariantName } from '../corpus/variants.js';
import { FeatureStore, sourceHash } from '../features/feature-store.js';
import { heldOutModels } from '../fitting/held-out.js';
import { analysePageText } from '../html/page-text.js';
import { inboundSiteResult, inboundTable, MAX_INBOUND_TARGETS } from './inbound-row.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CACHE = path.join(REPO_ROOT, '.cache');
const VARIANTS: VariantName[] = ['all-removed', 'half-removed'];
const FORWARD_SOURCES = 300;
const LIMIT = 10;

const { values: args } = parseArgs({
  options: {
    corpus: { type: 'string', default: 'all' },
    'max-targets': { type: 'string', default: String(MAX_INBOUND_TARGETS) },
    sources: { type: 'string' },
  },
});

const features = new FeatureStore(
  path.join(CACHE, 'quality-features'),
  sourceHash([path.join(REPO_ROOT, 'bridge/src/engine'), path.join(REPO_ROOT, 'bench/quality/features')]),
);
const sites = selectCorpusSources(args.corpus).map((source) => {
  const { corpus } = loadCorpus(path.join(CACHE, 'quality-corpus'), { rebuild: false, source });
  const sourceUrls = sampleSourcePages(corpus, FORWARD_SOURCES);
  const variants = VARIANTS.map((name) => {
    const variant = buildVariant(corpus, name);
    const dumped = features.variantFeatures(source.id, corpus, variant, sourceUrls, LIMIT);
    return { variant, features: dumped.pages };
  });
  console.log(`corpus ${source.id}: ${corpus.pages.length} pages`);
  return { id: source.id, domain: corpus.domain, variants };
});
const folds = new Map(heldOutModels(sites.flatMap((site) => site.variants.flatMap((v) => v.features))).map((fold) => [fold.heldOut!, fold.weights]));
const results = sites.map((site) => {
  const { variant } = site.variants[0]!;
  const texts = new Map(variant.pages.map((page) => [page.url, analysePageText(page.content, page.url)]));
  const sources = args.sources === undefined ? {} : { sources: Number(args.sources) };
  const result = inboundSiteResult({ id: site.id, domain: site.domain, variant, texts, weights: folds.get(site.id)!, ...sources }, Number(args['max-targets']));
  console.log(JSON.stringify(result));
  return result;
});
console.log('\n######## INBOUND (held out; all links removed; no threshold)');
console.log(inboundTable(results));
