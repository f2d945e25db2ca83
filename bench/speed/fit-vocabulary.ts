/**
 * Fits how real sites' vocabularies grow and what their words are like, on the quality benchmark's documentation
 * sites (bench/quality/corpus, built or read from .cache/quality-corpus/), and tunes realistic-site.ts to it:
 *   - Heaps' law V = K·N^β (distinct words V after N words), per site over its pages in a seeded random order, and
 *     one K, β over all sites' curves (each site weighs the same);
 *   - the head of the frequency profile: the most frequent words and their shares of all words;
 *   - the kinds of the other distinct words (lower-case words, names, numbers, letter–digit codes), words written
 *     joined (`boot-loader`, `2.4`), how often a page repeats its own words, and page length (log-normal);
 *   - then the generator's tail (exponent and scale) and repetition, searched until its pages give the fitted curve.
 * Words are counted as the engine reads them: a page's visible text split by its tokenizer, lower case.
 *
 *   npx tsx bench/speed/fit-vocabulary.ts [--corpora all] [--cache .cache/quality-corpus]
 *
 * Writes bench/speed/vocabulary-fit.json (commit it with the figures it prints).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { stopwordsOf } from '../../bridge/src/engine/stopwords.js';
import { tokenize } from '../../bridge/src/engine/tokenizer.js';
import { extractVisibleText } from '../../bridge/src/engine/visible-text.js';
import { seededRandom } from '../../test/support/seeded-random.js';
import { loadCorpus } from '../quality/corpus/corpus-store.js';
import { selectCorpusSources } from '../quality/corpus/sources.js';
import { createRealisticSite, type RealisticSiteParameters } from './realistic-site.js';
import { heapsDistinct, heapsFit, vocabularyCurve } from './vocabulary-growth.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({
  options: { corpora: { type: 'string', default: 'all' }, cache: { type: 'string', default: '.cache/quality-corpus' } },
});
const HEAD_WORDS = 300;
/** Curves are fitted from this many words on: below it every site is still mostly its first page's words. */
const FIT_FROM_WORDS = 20_000;

interface SiteWords {
  id: string;
  packageName: string;
  packageVersion: string;
  /** Per page: lower-case tokens, whether each was capitalised in the text, and the separator after each. */
  pages: { tokens: string[]; capitalised: Uint8Array; gaps: string[] }[];
}

function readSite(id: string): SiteWords {
  const [source] = selectCorpusSources(id);
  const { corpus } = loadCorpus(path.resolve(ROOT, args.cache), { rebuild: false, source: source! });
  const pages = corpus.pages.map((page) => {
    const text = extractVisibleText(page.content).text;
    const tokens = tokenize(text);
    const capitalised = new Uint8Array(tokens.count);
    const gaps: string[] = [];
    for (let i = 0; i < tokens.count; i += 1) {
      const first = text[tokens.starts[i]!]!;
      capitalised[i] = first !== first.toLowerCase() ? 1 : 0;
      gaps.push(i + 1 < tokens.count ? text.slice(tokens.ends[i]!, tokens.starts[i + 1]!) : '');
    }
    return { tokens: tokens.words.slice(0, tokens.count), capitalised, gaps };
  });
  return { id, packageName: corpus.packageName, packageVersion: corpus.packageVersion, pages: pages.filter((p) => p.tokens.length > 0) };
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const next = seededRandom(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const round = (value: number, digits = 4): number => Number(value.toFixed(digits));

const sites = selectCorpusSources(args.corpora).map((source) => readSite(source.id));
const englishStopwords = stopwordsOf('en');

// Heaps' law, per site and over all sites' curves together.
const curves = sites.map((site) => vocabularyCurve(shuffled(site.pages, 1).map((page) => page.tokens), FIT_FROM_WORDS));
const perSite = sites.map((site, i) => {
  const words = site.pages.reduce((sum, page) => sum + page.tokens.length, 0);
  return {
    id: site.id,
    package: `${site.packageName} ${site.packageVersion}`,
    pages: site.pages.length,
    words,
    distinctWords: curves[i]!.at(-1)!.distinct,
    ...heapsFit(curves[i]!),
  };
});
const heaps = heapsFit(curves.flat());

// The frequency profile's head: each site's shares, averaged (so that one large site does not speak for all).
const shares = new Map<string, number>();
for (const site of sites) {
  const counts = new Map<string, number>();
  let total = 0;
  for (const page of site.pages) for (const token of page.tokens) counts.set(token, (counts.get(token) ?? 0) + 1), (total += 1);
  for (const [word, count] of counts) shares.set(word, (shares.get(word) ?? 0) + count / total / sites.length);
}
const head = [...shares].sort((a, b) => b[1] - a[1]).slice(0, HEAD_WORDS).map(([word, share]) => ({ word, share: round(share, 6) }));
const headWords = new Set(head.map((entry) => entry.word));

// Kinds of the other distinct words and joined pairs, per site then averaged.
const kinds = { stem: 0, name: 0, number: 0, code: 0 };
let hyphenJoined = 0;
let dotJoined = 0;
let stopwordShare = 0;
for (const site of sites) {
  const capitalisedShare = new Map<string, [number, number]>();
  let tokens = 0;
  let hyphens = 0;
  let dots = 0;
  let stopwords = 0;
  for (const page of site.pages) {
    page.tokens.forEach((token, i) => {
      tokens += 1;
      if (page.gaps[i] === '-') hyphens += 1;
      if (page.gaps[i] === '.') dots += 1;
      if (englishStopwords.has(token)) stopwords += 1;
      if (headWords.has(token)) return;
      const entry = capitalisedShare.get(token) ?? [0, 0];
      entry[0] += page.capitalised[i]!;
      entry[1] += 1;
      capitalisedShare.set(token, entry);
    });
  }
  const siteKinds = { stem: 0, name: 0, number: 0, code: 0 };
  for (const [word, [capitalised, count]] of capitalisedShare) {
    if (/^\p{N}+$/u.test(word)) siteKinds.number += 1;
    else if (/\p{N}/u.test(word)) siteKinds.code += 1;
    else if (capitalised * 2 > count) siteKinds.name += 1;
    else siteKinds.stem += 1;
  }
  for (const kind of Object.keys(kinds) as (keyof typeof kinds)[]) kinds[kind] += siteKinds[kind] / capitalisedShare.size / sites.length;
  hyphenJoined += hyphens / tokens / sites.length;
  dotJoined += dots / tokens / sites.length;
  stopwordShare += stopwords / tokens / sites.length;
}

// Page length: log-normal over all sites' pages.
const logs = sites.flatMap((site) => site.pages.map((page) => Math.log(page.tokens.length)));
const logMean = logs.reduce((sum, value) => sum + value, 0) / logs.length;
const logSd = Math.sqrt(logs.reduce((sum, value) => sum + (value - logMean) ** 2, 0) / logs.length);
const lengths = sites.flatMap((site) => site.pages.map((page) => page.tokens.length)).sort((a, b) => a - b);

/** Mean words per page of the generated site: WordPress posts run longer than reference pages (see README). */
const GENERATED_MEAN_WORDS = 1500;
/** Site sizes the benchmarks run, in pages: the generator follows the fitted curve over their whole range. */
const TUNED_SIZES = [1_000, 3_000, 10_000, 30_000, 100_000, 300_000];
/** A page's first words, where repetition is compared (real and generated pages differ in length). */
const REPEAT_WINDOW = 200;

/**
 * Expected distinct ranks among `draws` draws of the tail, P(rank ≥ r) = (1 + r/scale)^-(α-1): Σ_r 1 − e^(−draws·p_r),
 * rank by rank at first, then in buckets 2% wide, then the remaining probability mass (each rank there seen at most once).
 */
function expectedTailDistinct(alpha: number, scale: number, draws: number): number {
  const survival = (r: number) => (1 + r / scale) ** -(alpha - 1);
  let distinct = 0;
  let r = 0;
  for (; r < 2000; r += 1) distinct += 1 - Math.exp(-draws * (survival(r) - survival(r + 1)));
  for (;;) {
    const width = Math.ceil(r * 0.02);
    const mass = survival(r) - survival(r + width);
    if (draws * mass < 1e-3 * width) return distinct + draws * survival(r);
    distinct += width * (1 - Math.exp((-draws * mass) / width));
    r += width;
  }
}

/** Share of the words in pages' first `REPEAT_WINDOW` that are not head words and repeat a word earlier on the page. */
function repeatShareOf(pages: Iterable<readonly string[]>): number {
  let content = 0;
  let repeats = 0;
  for (const page of pages) {
    const seen = new Set<string>();
    for (const token of page.slice(0, REPEAT_WINDOW)) {
      if (headWords.has(token)) continue;
      content += 1;
      if (seen.has(token)) repeats += 1;
      seen.add(token);
    }
  }
  return repeats / content;
}

/**
 * The generator's tail (exponent α and scale) fitted so that its expected vocabulary follows the real sites' curve from
 * 1,000 to 300,000 pages, and its repetition so that its pages repeat their own words as often as the real ones do.
 */
function tuneGenerator(): RealisticSiteParameters {
  const logSdWords = logSd;
  const realMean = Math.exp(logMean + (logSd * logSd) / 2);
  const headShare = head.reduce((sum, entry) => sum + entry.share, 0);
  const topicShare = 0.15;
  const realRepeat = repeatShareOf(sites.flatMap((site) => site.pages.filter((p) => p.tokens.length >= REPEAT_WINDOW).map((p) => p.tokens)));
  let parameters: RealisticSiteParameters = {
    head,
    tailExponent: 1 / heaps.beta,
    rankScale: 1,
    topicRankLimit: 1000,
    repeatShare: 0.3,
    topicShare,
    kinds: { stem: round(kinds.stem, 3), name: round(kinds.name, 3), number: round(kinds.number, 3), code: round(kinds.code, 3) },
    hyphenJoined: round(hyphenJoined, 4),
    dotJoined: round(dotJoined, 4),
    pageWords: {
      logMean: round(Math.log(GENERATED_MEAN_WORDS) - (logSdWords * logSdWords) / 2, 3),
      logSd: round(logSdWords, 3),
      min: 30,
      max: Math.round((quantile(lengths, 0.99) * GENERATED_MEAN_WORDS) / realMean),
    },
  };
  for (let pass = 0; pass < 4; pass += 1) {
    // Fresh tail draws per word: the rest are head words, topic words or repeats of the page's own words.
    const fresh = (1 - headShare) * (1 - parameters.topicShare - parameters.repeatShare);
    const error = (alpha: number, scale: number) =>
      TUNED_SIZES.reduce((sum, pages) => {
        const words = pages * GENERATED_MEAN_WORDS;
        const expected = head.length + expectedTailDistinct(alpha, scale, words * fresh);
        return sum + (Math.log(expected) - Math.log(heapsDistinct(heaps, words))) ** 2;
      }, 0);
    let best = { alpha: 0, scale: 0, error: Infinity };
    for (let alpha = 1.2; alpha <= 3.5; alpha += 0.02) {
      for (let logScale = 0; logScale <= 12; logScale += 0.25) {
        const e = error(alpha, Math.exp(logScale));
        if (e < best.error) best = { alpha, scale: Math.exp(logScale), error: e };
      }
    }
    // The rank below which a word is expected once in the first 1,000 pages' fresh draws: topics take their words there.
    const draws = 1000 * GENERATED_MEAN_WORDS * fresh;
    let topicRankLimit = 1;
    while (draws * ((1 + topicRankLimit / best.scale) ** -(best.alpha - 1) - (1 + (topicRankLimit + 1) / best.scale) ** -(best.alpha - 1)) > 1) topicRankLimit += 1;
    parameters = { ...parameters, tailExponent: round(best.alpha, 3), rankScale: round(best.scale, 3), topicRankLimit };
    const site = createRealisticSite(parameters);
    const generatedRepeat = repeatShareOf(Array.from({ length: 400 }, (_, i) => site.tokensOf(i)));
    console.error(
      `tuning: α ${parameters.tailExponent}, scale ${parameters.rankScale}, repeats ${parameters.repeatShare} → ` +
        `page repeats ${generatedRepeat.toFixed(3)} (real ${realRepeat.toFixed(3)}), log error ${Math.sqrt(best.error / TUNED_SIZES.length).toFixed(3)}`,
    );
    if (Math.abs(generatedRepeat - realRepeat) < 0.01) break;
    parameters = { ...parameters, repeatShare: round(Math.min(0.8, Math.max(0, parameters.repeatShare + (realRepeat - generatedRepeat))), 3) };
  }
  return parameters;
}

const generator = tuneGenerator();
const site = createRealisticSite(generator);
const fresh = (1 - head.reduce((sum, entry) => sum + entry.share, 0)) * (1 - generator.topicShare - generator.repeatShare);
const generatedCurve = vocabularyCurve(Array.from({ length: 2000 }, (_, i) => site.tokensOf(i)), FIT_FROM_WORDS);
const fit = {
  fittedOn: new Date().toISOString().slice(0, 10),
  corpora: perSite,
  heaps: { K: round(heaps.K), beta: round(heaps.beta), rmsLogError: round(heaps.rmsLogError) },
  pageWords: { median: quantile(lengths, 0.5), p10: quantile(lengths, 0.1), p90: quantile(lengths, 0.9), logMean: round(logMean, 3), logSd: round(logSd, 3) },
  englishStopwordShare: round(stopwordShare, 4),
  headShare: round(head.reduce((sum, entry) => sum + entry.share, 0), 4),
  /** Distinct words by the fit, and as the tuned generator should give them, at the benchmark's sizes. */
  distinctWordsAt: TUNED_SIZES.map((pages) => ({
    pages,
    words: pages * GENERATED_MEAN_WORDS,
    fitted: Math.round(heapsDistinct(heaps, pages * GENERATED_MEAN_WORDS)),
    generator: Math.round(head.length + expectedTailDistinct(generator.tailExponent, generator.rankScale, pages * GENERATED_MEAN_WORDS * fresh)),
  })),
  /** The generator's first 2,000 pages as counted: words and distinct words. */
  generated2000Pages: generatedCurve.at(-1),
  generator,
};
writeFileSync(path.join(ROOT, 'bench/speed/vocabulary-fit.json'), `${JSON.stringify(fit, null, 1)}\n`);
console.log(JSON.stringify({ ...fit, generator: { ...generator, head: `${generator.head.length} words` } }, null, 1));
