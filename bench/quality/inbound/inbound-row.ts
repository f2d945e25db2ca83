/**
 * The inbound row of the quality benchmark: for each sampled page that the authors linked to (links removed: the
 * all-removed variant), are the pages that linked to it among the inbound suggestions? recall@10 and MRR of the
 * authors' sources, for the engine (each site under its held-out model) and for the two baselines turned round.
 */
import { RelevanceModel } from '../../../bridge/src/engine/relevance.js';
import { normalizePageUrl } from '../../../bridge/src/lib/url.js';
import type { Variant } from '../corpus/variants.js';
import type { PageText } from '../html/page-text.js';
import { mean, recallAtK, reciprocalRank } from '../metrics/ranking.js';
import { renderTable } from '../report/table.js';
import { inboundBaselines } from './inbound-baselines.js';
import { engineInbound } from './inbound-engine.js';
import { inboundTruth, sampleTargets } from './inbound-truth.js';

const LIMIT = 10;
/** Target pages asked per site, like the forward rows' source pages. */
export const MAX_INBOUND_TARGETS = 300;

export interface InboundScore {
  name: string;
  recallAt10: number;
  mrr: number;
}

export interface InboundSiteResult {
  site: string;
  targets: number;
  /** Mean number of pages that linked to a sampled target. */
  sourcesPerTarget: number;
  engine: InboundScore;
  baselines: InboundScore[];
  ms: number;
}

export interface InboundSite {
  id: string;
  domain: string;
  /** The all-removed variant and its pages' texts. */
  variant: Variant;
  texts: ReadonlyMap<string, PageText>;
  /** Weights fitted without this site. */
  weights: readonly number[];
  /** Sources scored in full per target, when not the bridge's budget for limit 10. */
  sources?: number;
}

function score(name: string, answers: ReadonlyMap<string, readonly string[]>, truth: ReadonlyMap<string, ReadonlySet<string>>): InboundScore {
  const targets = [...answers.keys()];
  const ranked = (target: string) => answers.get(target)!.map((url) => normalizePageUrl(url)!);
  return {
    name,
    recallAt10: mean(targets.map((target) => recallAtK(ranked(target), truth.get(target)!, LIMIT))),
    mrr: mean(targets.map((target) => reciprocalRank(ranked(target), truth.get(target)!))),
  };
}

export function inboundSiteResult(site: InboundSite, maxTargets: number): InboundSiteResult {
  const started = performance.now();
  const truth = inboundTruth(site.variant);
  const targets = sampleTargets(truth, maxTargets);
  const engine = engineInbound(site.domain, site.variant, targets, new RelevanceModel(site.weights), LIMIT, site.sources);

  const pages = site.variant.pages.map((page) => ({ url: normalizePageUrl(page.url)!, title: page.title, text: site.texts.get(page.url)! }));
  const indexOf = new Map(pages.map((page, i) => [page.url, i]));
  const baselines = inboundBaselines(pages).map((baseline) =>
    score(baseline.name, new Map(targets.map((target) => [target, baseline.rank(indexOf.get(target)!, LIMIT)])), truth),
  );
  return {
    site: site.id,
    targets: targets.length,
    sourcesPerTarget: mean(targets.map((target) => truth.get(target)!.size)),
    engine: score('engine', engine, truth),
    baselines,
    ms: Math.round(performance.now() - started),
  };
}

export function inboundTable(results: readonly InboundSiteResult[]): string {
  const fixed = (value: number): string => value.toFixed(3);
  const names = results[0]?.baselines.map((baseline) => baseline.name) ?? [];
  const header = ['site', 'targets', 'sources/target', 'engine R@10', 'engine MRR', ...names.flatMap((name) => [`${name} R@10`, `${name} MRR`])];
  const row = (result: InboundSiteResult): string[] => [
    result.site,
    String(result.targets),
    result.sourcesPerTarget.toFixed(1),
    fixed(result.engine.recallAt10),
    fixed(result.engine.mrr),
    ...result.baselines.flatMap((baseline) => [fixed(baseline.recallAt10), fixed(baseline.mrr)]),
  ];
  const meanRow = [
    'mean of sites',
    '',
    '',
    fixed(mean(results.map((r) => r.engine.recallAt10))),
    fixed(mean(results.map((r) => r.engine.mrr))),
    ...names.flatMap((_, i) => [fixed(mean(results.map((r) => r.baselines[i]!.recallAt10))), fixed(mean(results.map((r) => r.baselines[i]!.mrr)))]),
  ];
  return renderTable([header, ...results.map(row), meanRow]);
}
