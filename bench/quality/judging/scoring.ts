/**
 * The judging figures: accepted shares with Wilson intervals, agreement between judges (Cohen's kappa), each judge's
 * acceptance of the controls, the reasons given, and "accepted" = the author's share of what the default shows + the
 * rest times the share of it the judges accept.
 */
import { REJECT_REASONS, type RejectReason } from './packet.js';
import type { JudgingKey } from './key.js';

export interface Answer {
  verdict: 'accept' | 'reject';
  reason?: RejectReason;
}

export interface Judge {
  name: string;
  answers: ReadonlyMap<string, Answer>;
}

export interface Interval {
  share: number;
  low: number;
  high: number;
}

/** Wilson score interval of a binomial share (z = 1.96: 95 %); null without observations. */
export function wilson(successes: number, n: number, z = 1.96): Interval | null {
  if (n === 0) return null;
  const share = successes / n;
  const z2 = z * z;
  const centre = (share + z2 / (2 * n)) / (1 + z2 / n);
  const half = ((z / (1 + z2 / n)) * Math.sqrt((share * (1 - share)) / n + z2 / (4 * n * n)));
  return { share, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Cohen's kappa of two judges' accept/reject on the same items; null when chance agreement is certain (one verdict only). */
export function cohenKappa(a: readonly boolean[], b: readonly boolean[]): number | null {
  if (a.length !== b.length) throw new Error('cohenKappa: the two judges must answer the same items');
  const n = a.length;
  if (n === 0) return null;
  const agree = a.filter((value, index) => value === b[index]).length / n;
  const yesA = a.filter(Boolean).length / n;
  const yesB = b.filter(Boolean).length / n;
  const chance = yesA * yesB + (1 - yesA) * (1 - yesB);
  return chance === 1 ? null : (agree - chance) / (1 - chance);
}

/**
 * What an editor accepts of what the default shows: the author's links (`authorShare`, counted, not sampled) and the
 * judged share of the rest, with the rest's sampling interval carried through.
 */
export function combinedAccepted(authorShare: number, judged: Interval | null): Interval | null {
  if (judged === null) return authorShare === 1 ? { share: 1, low: 1, high: 1 } : null;
  const of = (share: number): number => authorShare + (1 - authorShare) * share;
  return { share: of(judged.share), low: of(judged.low), high: of(judged.high) };
}

/** Parses one judge's answers (JSON lines {id, verdict, reason}); every problem is reported at once. */
export function parseAnswers(text: string, itemIds: ReadonlySet<string>, file: string): Map<string, Answer> {
  const answers = new Map<string, Answer>();
  const problems: string[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const where = `${file}:${index + 1}`;
    let value: { id?: unknown; verdict?: unknown; reason?: unknown };
    try {
      value = JSON.parse(line) as typeof value;
    } catch {
      problems.push(`${where}: not JSON`);
      return;
    }
    const id = String(value.id);
    if (!itemIds.has(id)) problems.push(`${where}: unknown id ${id}`);
    else if (answers.has(id)) problems.push(`${where}: ${id} answered twice`);
    else if (value.verdict === 'accept') answers.set(id, { verdict: 'accept' });
    else if (value.verdict === 'reject' && REJECT_REASONS.includes(value.reason as RejectReason)) answers.set(id, { verdict: 'reject', reason: value.reason as RejectReason });
    else problems.push(`${where}: verdict must be "accept", or "reject" with a reason among ${REJECT_REASONS.join(', ')}`);
  });
  const missing = [...itemIds].filter((id) => !answers.has(id));
  if (missing.length > 0) problems.push(`${file}: no answer for ${missing.length} items (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''})`);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return answers;
}

/** How the judges' verdicts on an item are combined into "accepted". */
export type Rule = 'all' | 'majority' | 'either';

function accepted(verdicts: readonly boolean[], rule: Rule): boolean {
  const yes = verdicts.filter(Boolean).length;
  if (rule === 'all') return yes === verdicts.length;
  if (rule === 'either') return yes > 0;
  return yes > verdicts.length / 2;
}

export interface GroupFigures {
  /** Non-control items judged. */
  judged: number;
  /** Accepted share of them under each rule, with its Wilson interval. */
  accepted: Record<Rule, Interval | null>;
  /** Share of what the default showed that was the author's links (null for the overall group). */
  authorShare: number | null;
  /** The author's share + the rest × accepted by all judges; overall, the mean of the blogs. */
  combined: Interval | null;
}

export interface JudgingReport {
  judges: string[];
  blogs: (GroupFigures & { id: string; shown: number })[];
  overall: GroupFigures;
  /** Per judge, the share of the controls (the authors' own links) accepted: a judge who rejects many is strict. */
  controlAcceptance: { judge: string; controls: number; accepted: Interval | null }[];
  agreement: { judges: [string, string]; items: number; percent: number; kappa: number | null }[];
  /** Reasons given for rejecting, counted once per judge and item, for the suggestions and for the controls. */
  reasons: { suggestions: Record<RejectReason, number>; controls: Record<RejectReason, number> };
}

const RULES: Rule[] = ['all', 'majority', 'either'];

function groupFigures(verdicts: readonly boolean[][], authorShare: number | null): Omit<GroupFigures, 'combined'> {
  const byRule = Object.fromEntries(RULES.map((rule) => [rule, wilson(verdicts.filter((item) => accepted(item, rule)).length, verdicts.length)]));
  return { judged: verdicts.length, accepted: byRule as Record<Rule, Interval | null>, authorShare };
}

export function scoreJudging(key: JudgingKey, judges: readonly Judge[]): JudgingReport {
  if (judges.length < 2) throw new Error('at least two judges are needed');
  const verdictsOf = (id: string): boolean[] => judges.map((judge) => judge.answers.get(id)?.verdict === 'accept');
  const suggestions = key.items.filter((item) => !item.control);
  const controls = key.items.filter((item) => item.control);
  const blogs = key.blogs.map((blog) => {
    const authorShare = blog.shown === 0 ? 0 : blog.authorLinks / blog.shown;
    const figures = groupFigures(suggestions.filter((item) => item.blog === blog.id).map((item) => verdictsOf(item.id)), authorShare);
    return { id: blog.id, shown: blog.shown, ...figures, combined: blog.shown === 0 ? null : combinedAccepted(authorShare, figures.accepted.all) };
  });
  const combinedBlogs = blogs.flatMap((blog) => (blog.combined === null ? [] : [blog.combined]));
  const mean = (values: number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;
  const overallCombined =
    combinedBlogs.length === 0
      ? null
      : { share: mean(combinedBlogs.map((c) => c.share)), low: mean(combinedBlogs.map((c) => c.low)), high: mean(combinedBlogs.map((c) => c.high)) };
  const overall = { ...groupFigures(suggestions.map((item) => verdictsOf(item.id)), null), combined: overallCombined };

  const controlAcceptance = judges.map((judge) => ({
    judge: judge.name,
    controls: controls.length,
    accepted: wilson(controls.filter((item) => judge.answers.get(item.id)?.verdict === 'accept').length, controls.length),
  }));
  const agreement: JudgingReport['agreement'] = [];
  for (let i = 0; i < judges.length; i++) {
    for (let j = i + 1; j < judges.length; j++) {
      const a = key.items.map((item) => judges[i]!.answers.get(item.id)?.verdict === 'accept');
      const b = key.items.map((item) => judges[j]!.answers.get(item.id)?.verdict === 'accept');
      const same = a.filter((value, index) => value === b[index]).length;
      agreement.push({ judges: [judges[i]!.name, judges[j]!.name], items: a.length, percent: a.length === 0 ? 0 : same / a.length, kappa: cohenKappa(a, b) });
    }
  }
  const tally = (items: typeof key.items): Record<RejectReason, number> => {
    const counts = Object.fromEntries(REJECT_REASONS.map((reason) => [reason, 0])) as Record<RejectReason, number>;
    for (const item of items) for (const judge of judges) {
      const reason = judge.answers.get(item.id)?.reason;
      if (reason) counts[reason]++;
    }
    return counts;
  };
  return { judges: judges.map((judge) => judge.name), blogs, overall, controlAcceptance, agreement, reasons: { suggestions: tally(suggestions), controls: tally(controls) } };
}
