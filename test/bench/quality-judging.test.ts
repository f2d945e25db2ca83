import { describe, expect, it } from 'vitest';
import type { CorpusPage } from '../../bench/quality/corpus/types.js';
import type { JudgingKey } from '../../bench/quality/judging/key.js';
import { markAnchor, packetItems, packetMarkdown } from '../../bench/quality/judging/packet.js';
import { authorLinksInContext, opening } from '../../bench/quality/judging/post-text.js';
import { controlCount, drawSample, type ControlCandidate, type JudgingItem } from '../../bench/quality/judging/sampling.js';
import { cohenKappa, combinedAccepted, parseAnswers, scoreJudging, wilson, type Answer } from '../../bench/quality/judging/scoring.js';
import type { ShownBlog, ShownReport } from '../../bench/quality/judging/shown.js';

const url = (blog: string, slug: string): string => `https://${blog}-blog.example.test/${slug}/`;

/** A blog whose default showed `others` suggestions that are not author links and `authors` that are, on posts p0…p9. */
function shownBlog(id: string, others: number, authors: number): ShownBlog {
  const suggestion = (index: number, authorLink: boolean) => ({
    sourceUrl: url(id, `p${index % 10}`),
    targetUrl: url(id, `${authorLink ? 'a' : 't'}${index}`),
    anchorText: `topic ${index}`,
    context: `A sentence about topic ${index} and more.`,
    score: 0.5 + index / 1000,
    authorLink,
  });
  return {
    id,
    variant: 'all-removed',
    askedUrls: Array.from({ length: 10 }, (_, index) => url(id, `p${index}`)),
    suggestions: [...Array.from({ length: others }, (_, i) => suggestion(i, false)), ...Array.from({ length: authors }, (_, i) => suggestion(100 + i, true))],
  };
}

const shown: ShownReport = {
  generatedAt: '2026-11-28T00:00:00.000Z',
  engine: { commit: 'abc1234', bridgeModified: false },
  minRelevanceScore: 0.5,
  blogs: [shownBlog('one', 30, 5), shownBlog('two', 7, 2)],
};

/** Author links of asked posts (p0…p9), one duplicated pair and one from a post the default was not asked for. */
function controlsOf(id: string): ControlCandidate[] {
  const link = (post: string, target: string): ControlCandidate => ({
    sourceUrl: url(id, post),
    targetUrl: url(id, target),
    anchorText: `the ${target} post`,
    sentence: `As we wrote in the ${target} post, this matters.`,
  });
  return [...Array.from({ length: 10 }, (_, i) => link(`p${i}`, `c${i}`)), link('p0', 'c0'), link('unasked', 'c99')];
}
const controls = new Map(shown.blogs.map((blog) => [blog.id, controlsOf(blog.id)]));
const options = { perBlog: 12, controlShare: 0.25, seed: 'test-seed' };

describe('judging sample', () => {
  const items = drawSample(shown, controls, options);

  it('when drawn twice with the same seed, then the items, their order and their ids are the same', () => {
    expect(drawSample(shown, controls, options)).toEqual(items);
  });

  it('when drawn with another seed, then the order and the ids change', () => {
    const other = drawSample(shown, controls, { ...options, seed: 'another seed' });
    expect(other.map((item) => item.id)).not.toEqual(items.map((item) => item.id));
    expect(other.map((item) => `${item.sourceUrl} ${item.targetUrl}`)).not.toEqual(items.map((item) => `${item.sourceUrl} ${item.targetUrl}`));
  });

  it('when a blog shows more than N suggestions, then N of those that are not author links are drawn, and all of them on a blog that shows fewer', () => {
    const suggestions = (blog: string): JudgingItem[] => items.filter((item) => item.blog === blog && !item.control);
    expect(suggestions('one')).toHaveLength(12);
    expect(suggestions('two')).toHaveLength(7);
    for (const item of items.filter((i) => !i.control)) expect(item.targetUrl).toMatch(/\/t\d+\/$/);
  });

  it('when controls are mixed in, then they are a quarter of each blog, from asked posts, once per pair', () => {
    expect(controlCount(12, 0.25)).toBe(4);
    const blogControls = (blog: string): JudgingItem[] => items.filter((item) => item.blog === blog && item.control);
    expect(blogControls('one')).toHaveLength(4);
    expect(blogControls('two')).toHaveLength(2);
    const pairs = items.filter((item) => item.control).map((item) => `${item.sourceUrl} ${item.targetUrl}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs.some((pair) => pair.includes('unasked'))).toBe(false);
    expect(items.filter((item) => item.control).every((item) => item.score === null)).toBe(true);
  });

  it('when shuffled, then controls are not grouped and ids are unique and opaque', () => {
    const positions = items.flatMap((item, index) => (item.control ? [index] : []));
    expect(positions).not.toEqual(Array.from({ length: positions.length }, (_, i) => items.length - positions.length + i));
    expect(positions).not.toEqual(Array.from({ length: positions.length }, (_, i) => i));
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    for (const item of items) expect(item.id).toMatch(/^[0-9a-f]{6,}$/);
  });
});

describe('judging packet', () => {
  const items = drawSample(shown, controls, options);
  const page = (blog: string, pageUrl: string): CorpusPage => ({
    url: pageUrl,
    title: `Post ${pageUrl.split('/').at(-2)}`,
    content: `<p>${'Words of the post. '.repeat(80)}</p>`,
    links: [],
    publishedAt: blog === 'one' ? '2019-05-01T10:00:00Z' : undefined,
  });
  const packet = packetItems(items, page);
  const text = packetMarkdown(packet);

  it('when written, then a control and a suggestion carry the same fields, and nothing marks controls, scores or URLs', () => {
    const shapes = new Set(packet.map((item) => JSON.stringify([Object.keys(item), Object.keys(item.source), Object.keys(item.target)])));
    expect(shapes.size).toBe(1);
    const json = JSON.stringify(packet);
    for (const leak of ['control', 'score', 'example.test', 'author', 'interlinker', '0.5']) expect(json.toLowerCase()).not.toContain(leak);
    const body = text.slice(text.indexOf('items.'));
    for (const leak of ['control', 'score', 'example.test', 'interlinker']) expect(body.toLowerCase()).not.toContain(leak);
  });

  it('when written, then each item shows its sentence with the anchor marked, both titles, dates when known and the openings cut', () => {
    expect(packet[0]!.sentence).toContain(`«${packet[0]!.anchorText}»`);
    expect(text).toContain('Would you, as this blog\'s editor, accept this link as written?');
    expect(packet.every((item) => item.source.opening.length <= 600 + 2 && item.target.opening.length <= 800 + 2)).toBe(true);
    expect(packet.filter((item) => items.find((i) => i.id === item.id)!.blog === 'one').every((item) => item.target.date === '2019-05-01')).toBe(true);
    expect(text).toContain(`Item \`${packet[0]!.id}\``);
  });

  it('when the anchor differs in case or is missing, then it is still marked', () => {
    expect(markAnchor('Read about Service Workers here.', 'service workers')).toBe('Read about «Service Workers» here.');
    expect(markAnchor('No such words.', 'anchor')).toBe('No such words. («anchor»)');
    expect(opening('one two three four', 9)).toBe('one two …');
  });
});

describe("the author's links as controls", () => {
  const post: CorpusPage = {
    url: 'https://b-blog.example.test/2020/part-2/',
    title: 'Part 2',
    links: [],
    content: [
      '<p>Intro text. In <a href="/2019/part-1/">the first part</a> we covered the parser and its errors. Then more.</p>',
      '<ul><li><a href="/2018/survey/">Survey 2018</a></li></ul>',
      '<p>The call <a href="/2019/api/"><code>parse()</code></a> is described elsewhere in full detail today.</p>',
      '<p>An <a href="https://elsewhere.test/x/">outside link</a> in a long enough sentence of words here.</p>',
    ].join(''),
  };
  const posts = new Set(['https://b-blog.example.test/2019/part-1/', 'https://b-blog.example.test/2018/survey/', 'https://b-blog.example.test/2019/api/']);

  it('when a post links another in a sentence, then the control is that sentence and the link text; lists of titles, code and outside links are left out', () => {
    expect(authorLinksInContext(post, posts)).toEqual([
      { targetUrl: 'https://b-blog.example.test/2019/part-1/', anchorText: 'the first part', sentence: 'In the first part we covered the parser and its errors.' },
    ]);
  });
});

describe('judging figures', () => {
  it("when 8 of 10 are accepted, then Wilson's 95 % interval is [0.490, 0.943]", () => {
    const interval = wilson(8, 10)!;
    expect(interval.share).toBe(0.8);
    expect(interval.low).toBeCloseTo(0.4902, 3);
    expect(interval.high).toBeCloseTo(0.9433, 3);
    expect(wilson(0, 0)).toBeNull();
    expect(wilson(5, 5)!.high).toBe(1);
  });

  it("when two judges agree on 3 of 4 with marginals 1/2 and 1/4, then Cohen's kappa is 0.5; with one verdict only it is undefined", () => {
    expect(cohenKappa([true, true, false, false], [true, false, false, false])).toBeCloseTo(0.5, 10);
    expect(cohenKappa([true, false], [false, true])).toBeCloseTo(-1, 10);
    expect(cohenKappa([true, true], [true, true])).toBeNull();
  });

  it("when half the shown suggestions are the author's and 60 % of the rest are accepted, then 80 % are accepted, with the rest's interval carried", () => {
    const combined = combinedAccepted(0.5, { share: 0.6, low: 0.4, high: 0.8 })!;
    expect(combined.share).toBeCloseTo(0.8, 10);
    expect(combined.low).toBeCloseTo(0.7, 10);
    expect(combined.high).toBeCloseTo(0.9, 10);
  });

  const item = (id: string, blog: string, control: boolean): JudgingItem => ({
    id, blog, variant: 'all-removed', control, sourceUrl: `s${id}`, targetUrl: `t${id}`, anchorText: 'a', sentence: 'a b', score: control ? null : 0.6,
  });
  const key: JudgingKey = {
    generatedAt: '',
    run: { generatedAt: '', engine: { commit: 'x', bridgeModified: false }, minRelevanceScore: 0.5 },
    options,
    blogs: [{ id: 'one', variant: 'all-removed', shown: 10, authorLinks: 5 }, { id: 'two', variant: 'all-removed', shown: 4, authorLinks: 1 }],
    items: [item('a1', 'one', false), item('a2', 'one', false), item('a3', 'one', false), item('a4', 'one', false), item('b1', 'two', false), item('b2', 'two', false), item('c1', 'one', true), item('c2', 'two', true)],
  };
  const answers = (verdicts: Record<string, string>): Map<string, Answer> =>
    new Map(Object.entries(verdicts).map(([id, v]) => [id, v === 'accept' ? { verdict: 'accept' } : { verdict: 'reject', reason: v as Answer['reason'] }]));
  const first = { name: 'first', answers: answers({ a1: 'accept', a2: 'accept', a3: 'roundup', a4: 'accept', b1: 'accept', b2: 'cut-term', c1: 'accept', c2: 'accept' }) };
  const second = { name: 'second', answers: answers({ a1: 'accept', a2: 'wrong-target', a3: 'roundup', a4: 'accept', b1: 'accept', b2: 'accept', c1: 'accept', c2: 'other' }) };

  it('when two judges answer, then accepted by all, by majority and by either, controls per judge, agreement and reasons follow', () => {
    const report = scoreJudging(key, [first, second]);
    const one = report.blogs.find((blog) => blog.id === 'one')!;
    expect(one.judged).toBe(4);
    expect(one.accepted.all!.share).toBe(0.5);
    expect(one.accepted.majority!.share).toBe(0.5);
    expect(one.accepted.either!.share).toBe(0.75);
    expect(one.authorShare).toBe(0.5);
    expect(one.combined!.share).toBeCloseTo(0.5 + 0.5 * 0.5, 10);
    const two = report.blogs.find((blog) => blog.id === 'two')!;
    expect(two.combined!.share).toBeCloseTo(0.25 + 0.75 * 0.5, 10);
    expect(report.overall.judged).toBe(6);
    expect(report.overall.accepted.all!.share).toBeCloseTo(3 / 6, 10);
    expect(report.overall.combined!.share).toBeCloseTo((0.75 + 0.625) / 2, 10);
    expect(report.controlAcceptance.map((c) => c.accepted!.share)).toEqual([1, 0.5]);
    expect(report.agreement).toHaveLength(1);
    expect(report.agreement[0]!.percent).toBeCloseTo(5 / 8, 10);
    expect(report.reasons.suggestions).toMatchObject({ roundup: 2, 'wrong-target': 1, 'cut-term': 1, other: 0 });
    expect(report.reasons.controls).toMatchObject({ other: 1, roundup: 0 });
  });

  it('when a judge alone is given, then scoring refuses', () => {
    expect(() => scoreJudging(key, [first])).toThrow(/two judges/);
  });

  it('when an answers file misses items, repeats one, names an unknown id or gives no reason, then every problem is reported', () => {
    const ids = new Set(['x1', 'x2', 'x3']);
    const good = parseAnswers('{"id":"x1","verdict":"accept"}\n{"id":"x2","verdict":"reject","reason":"roundup"}\n\n{"id":"x3","verdict":"accept"}\n', ids, 'j.jsonl');
    expect(good.get('x2')).toEqual({ verdict: 'reject', reason: 'roundup' });
    const bad = '{"id":"x1","verdict":"accept"}\n{"id":"x1","verdict":"accept"}\n{"id":"zz","verdict":"accept"}\n{"id":"x2","verdict":"reject"}\nnot json\n';
    expect(() => parseAnswers(bad, ids, 'j.jsonl')).toThrow(/x1 answered twice[\s\S]*unknown id zz[\s\S]*reason among[\s\S]*not JSON[\s\S]*no answer for 2 items/);
  });
});
