/**
 * Scores the judges' answers against the key: accepted shares per blog and overall, each judge's acceptance of the
 * controls, agreement between judges, the reasons, and "accepted" (the author's links + judged accepts of the rest).
 *
 *   npx tsx bench/quality/judging/score.ts [--key .cache/judging/key.json] [--out .cache/judging/report.json] ANSWERS.jsonl ANSWERS.jsonl [...]
 *
 * Each answers file is one judge's (named by its file name): JSON lines {id, verdict, reason}, every item answered.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { renderTable } from '../report/table.js';
import type { JudgingKey } from './key.js';
import { REJECT_REASONS } from './packet.js';
import { parseAnswers, scoreJudging, type Interval, type JudgingReport } from './scoring.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    key: { type: 'string', default: path.join(REPO_ROOT, '.cache/judging/key.json') },
    out: { type: 'string', default: path.join(REPO_ROOT, '.cache/judging/report.json') },
  },
});

const share = (interval: Interval | null): string => (interval === null ? '—' : interval.share.toFixed(3));
const range = (interval: Interval | null): string => (interval === null ? '—' : `${interval.share.toFixed(3)} [${interval.low.toFixed(2)}, ${interval.high.toFixed(2)}]`);

function judgingTables(report: JudgingReport): string {
  const header = ['blog', 'shown', "author's share", 'judged', 'accepted (all judges, 95 %)', 'by majority', 'by either', 'accepted overall (95 %)'];
  const rows = [
    ...report.blogs.map((blog) => [blog.id, String(blog.shown), blog.authorShare!.toFixed(3), String(blog.judged), range(blog.accepted.all), share(blog.accepted.majority), share(blog.accepted.either), range(blog.combined)]),
    ['all blogs', '', '', String(report.overall.judged), range(report.overall.accepted.all), share(report.overall.accepted.majority), share(report.overall.accepted.either), `${range(report.overall.combined)} (mean of blogs)`],
  ];
  const controls = renderTable([['judge', 'controls', 'accepted (95 %)'], ...report.controlAcceptance.map((c) => [c.judge, String(c.controls), range(c.accepted)])]);
  const agreement = renderTable([
    ['judges', 'items', 'agreement', "Cohen's kappa"],
    ...report.agreement.map((a) => [a.judges.join(' / '), String(a.items), a.percent.toFixed(3), a.kappa === null ? '—' : a.kappa.toFixed(3)]),
  ]);
  const reasons = renderTable([
    ['reason', 'suggestions', 'controls'],
    ...REJECT_REASONS.map((reason) => [reason, String(report.reasons.suggestions[reason]), String(report.reasons.controls[reason])]),
  ]);
  return [
    `Suggestions that are not the author's links, judged by ${report.judges.join(', ')}; "accepted overall" = author's share + (1 − it) × accepted by all judges`,
    renderTable([header, ...rows]),
    '',
    "Controls (the authors' own links): a judge who rejects many is strict",
    controls,
    '',
    'Agreement (accept / reject, every item)',
    agreement,
    '',
    'Reasons for rejecting (once per judge and item)',
    reasons,
  ].join('\n');
}

function main(): void {
  if (positionals.length < 2) throw new Error('usage: score.ts [--key key.json] ANSWERS.jsonl ANSWERS.jsonl [...] (at least two judges)');
  const key = JSON.parse(readFileSync(args.key, 'utf8')) as JudgingKey;
  const ids = new Set(key.items.map((item) => item.id));
  const judges = positionals.map((file) => ({ name: path.basename(file).replace(/\.jsonl?$/, ''), answers: parseAnswers(readFileSync(file, 'utf8'), ids, file) }));
  const report = scoreJudging(key, judges);
  console.log(judgingTables(report));
  writeFileSync(args.out, JSON.stringify({ generatedAt: new Date().toISOString(), key: path.relative(REPO_ROOT, args.key), ...report }, null, 2));
  console.log(`\nreport in ${path.relative(REPO_ROOT, args.out)}`);
}

main();
