/**
 * The blog table, printed beside the documentation one: per blog and variant, how many posts and linked pairs it has,
 * what the default shows (suggestions per post asked, the share of them the author linked), recall@10 against each
 * baseline, and how well the anchors agree with the author's link texts.
 */
import type { VariantEvaluation } from '../evaluate-variant.js';
import type { SiteResult } from './summary.js';
import { renderTable } from './table.js';

const f3 = (value: number): string => value.toFixed(3);
const mean = (values: readonly number[]): number => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);

const baselineRecall = (evaluation: VariantEvaluation, prefix: string): number =>
  evaluation.baselines.find((baseline) => baseline.name.startsWith(prefix))?.score.recallAt[10] ?? 0;

export function blogTable(results: readonly SiteResult[]): string {
  const threshold = results[0]?.variants[0]?.engine.score.precisionAtThreshold?.threshold ?? '?';
  const header = ['blog', 'variant', 'posts', 'linked pairs', 'asked', `per post ≥${threshold}`, `author's share (n)`, 'R@10', 'tf-idf R@10', 'title R@10', 'ratio', 'anchorF1 (exact)'];
  const rows: string[][] = [];
  const byVariant = new Map<string, { perPost: number[]; share: number[]; ratio: number[]; recall: number[]; anchor: number[] }>();
  for (const result of results) {
    for (const evaluation of result.variants) {
      const { score } = evaluation.engine;
      const atDefault = score.precisionAtThreshold;
      const recall = score.recallAt[10];
      const tfidf = baselineRecall(evaluation, 'tf-idf');
      const title = baselineRecall(evaluation, 'title');
      const better = Math.max(tfidf, title);
      rows.push([
        result.id,
        evaluation.variant,
        String(result.corpus.pages),
        String(result.corpus.linkedPairs),
        String(evaluation.sourcePages),
        (atDefault?.perPage ?? 0).toFixed(2),
        atDefault?.precision == null ? '— (0)' : `${f3(atDefault.precision)} (${atDefault.suggestions})`,
        f3(recall),
        f3(tfidf),
        f3(title),
        better === 0 ? '∞' : `${(recall / better).toFixed(2)}×`,
        `${f3(score.anchorF1 ?? 0)} (${f3(score.anchorExact ?? 0)})`,
      ]);
      const summary = byVariant.get(evaluation.variant) ?? { perPost: [], share: [], ratio: [], recall: [], anchor: [] };
      summary.perPost.push(atDefault?.perPage ?? 0);
      if (atDefault?.precision != null) summary.share.push(atDefault.precision);
      if (better > 0) summary.ratio.push(recall / better);
      summary.recall.push(recall);
      summary.anchor.push(score.anchorF1 ?? 0);
      byVariant.set(evaluation.variant, summary);
    }
  }
  for (const [variant, s] of byVariant) {
    rows.push(['mean of blogs', variant, '', '', '', mean(s.perPost).toFixed(2), f3(mean(s.share)), f3(mean(s.recall)), '', '', `${mean(s.ratio).toFixed(2)}×`, f3(mean(s.anchor))]);
  }
  return renderTable([header, ...rows]);
}
