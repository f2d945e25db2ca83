import { Parser } from 'htmlparser2';
import { normalizePageUrl, resolveHref } from '../../bridge/src/lib/url.js';

/** Elements whose text may never hold an anchor (contract §4). */
const FORBIDDEN = new Set(['a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'script', 'style', 'code', 'pre']);

/** The visible text of an HTML body split into runs that may hold anchors, and the hrefs it links to. */
export function eligibleRuns(html: string): { runs: string[]; hrefs: string[] } {
  const runs: string[] = [];
  const hrefs: string[] = [];
  const stack: string[] = [];
  let forbiddenDepth = 0;
  let current = '';
  const flush = () => {
    if (current) runs.push(current);
    current = '';
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'a' && attributes.href) hrefs.push(attributes.href);
        if (FORBIDDEN.has(name)) {
          flush();
          forbiddenDepth += 1;
        }
        stack.push(name);
      },
      ontext(text) {
        if (forbiddenDepth === 0) current += text;
      },
      onclosetag(name) {
        stack.pop();
        if (FORBIDDEN.has(name)) {
          forbiddenDepth -= 1;
          current = '';
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return { runs, hrefs };
}

export interface CheckedSuggestion {
  sourcePageUrl: string;
  targetPageUrl: string;
  anchorText: string;
  context: string;
  relevanceScore: number;
}

/**
 * Every guarantee of contract §4 for one answer. Returns the violations (empty when valid).
 * `pages` maps normalised URL → {html, statusCode}.
 */
export function contractViolations(
  answer: readonly CheckedSuggestion[],
  pages: ReadonlyMap<string, { html: string; statusCode: number }>,
): string[] {
  const problems: string[] = [];
  const seenTargets = new Set<string>();
  let previousScore = Infinity;
  for (const suggestion of answer) {
    const source = pages.get(normalizePageUrl(suggestion.sourcePageUrl)!);
    const targetKey = normalizePageUrl(suggestion.targetPageUrl)!;
    const target = pages.get(targetKey);
    const label = `${suggestion.targetPageUrl} "${suggestion.anchorText}"`;
    if (!source) problems.push(`${label}: unknown source`);
    if (!target) problems.push(`${label}: target not stored`);
    else if (target.statusCode < 200 || target.statusCode > 299) problems.push(`${label}: target status ${target.statusCode}`);
    if (targetKey === normalizePageUrl(suggestion.sourcePageUrl)) problems.push(`${label}: self link`);
    if (seenTargets.has(targetKey)) problems.push(`${label}: target twice`);
    seenTargets.add(targetKey);
    if (!(suggestion.relevanceScore >= 0 && suggestion.relevanceScore <= 1)) problems.push(`${label}: score out of range`);
    if (suggestion.relevanceScore > previousScore) problems.push(`${label}: not sorted`);
    previousScore = suggestion.relevanceScore;
    if (!suggestion.context.includes(suggestion.anchorText)) problems.push(`${label}: context lacks anchor`);
    if (source) {
      const { runs, hrefs } = eligibleRuns(source.html);
      if (!runs.some((run) => run.includes(suggestion.anchorText))) problems.push(`${label}: anchor not in eligible text`);
      const linked = hrefs.map((href) => resolveHref(href, suggestion.sourcePageUrl));
      if (linked.includes(targetKey)) problems.push(`${label}: already linked`);
    }
  }
  // Two anchors overlap when every occurrence of one overlaps every occurrence of the other.
  const source = answer[0] ? pages.get(normalizePageUrl(answer[0].sourcePageUrl)!) : undefined;
  if (source) {
    const text = eligibleRuns(source.html).runs.join('\u0000');
    const spans = answer.map((s) => occurrences(text, s.anchorText));
    spans.forEach((a, i) =>
      spans.forEach((b, j) => {
        if (i < j && a.length > 0 && b.length > 0 && a.every((x) => b.every((y) => x[0] < y[1] && y[0] < x[1]))) {
          problems.push(`anchors overlap: "${answer[i]!.anchorText}" / "${answer[j]!.anchorText}"`);
        }
      }),
    );
  }
  return problems;
}

function occurrences(text: string, needle: string): [number, number][] {
  const found: [number, number][] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) found.push([at, at + needle.length]);
  return found;
}
