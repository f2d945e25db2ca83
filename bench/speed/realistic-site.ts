/**
 * A deterministic benchmark website whose vocabulary grows with its size as real sites' do (Heaps' law, fitted on the
 * quality benchmark's documentation sites by fit-vocabulary.ts, parameters in vocabulary-fit.json). Each word is drawn
 * from the real sites' most frequent words (the head: function words and common terms, in their measured shares) or
 * from an unbounded tail of made-up words whose rank follows a power law: the further down the tail, the rarer, and
 * there is always a word never seen before. A rank is turned into a word by a pure function, in the measured mix of
 * kinds (pronounceable stems, names, numbers, product codes), so no vocabulary is held in memory.
 *
 * Page i depends on i alone (and its revision): its length, topic, text, and the titles it mentions and links (only
 * earlier pages'), so a site of 10,000 pages is the first 10,000 pages of one of 100,000.
 */
import { seededRandom } from '../../test/support/seeded-random.js';
import fit from './vocabulary-fit.json' with { type: 'json' };

export const REALISTIC_SITE_DOMAIN = 'https://realistic.example';
const PAGES_PER_TOPIC = 40;
const TOPIC_WORDS = 120;
const FREQUENT_TAIL = 1 << 16;

/** What the generator is tuned by: vocabulary-fit.json's `generator`, or trial values while fitting. */
export interface RealisticSiteParameters {
  /** Head words and their shares of all tokens (summing to headShare). */
  head: readonly { word: string; share: number }[];
  /** Exponent α of the tail's rank distribution, P(rank ≥ r) = (1 + r/rankScale)^-(α-1); Heaps' β ≈ 1/α. */
  tailExponent: number;
  rankScale: number;
  /** Topics take their words among the tail's first ranks up to this one (words a site soon has anyway). */
  topicRankLimit: number;
  /** Share of content words that repeat an earlier word of the same page (real pages keep using their rare words). */
  repeatShare: number;
  /** Share of words drawn from the page's topic words (what makes pages of one topic alike). */
  topicShare: number;
  /** Shares of the tail's distinct words by kind. */
  kinds: { stem: number; name: number; number: number; code: number };
  /** Shares of word pairs written joined (`boot-loader`, `2.4`). */
  hyphenJoined: number;
  dotJoined: number;
  /** Natural logarithm of a page's word count: mean and standard deviation, and the bounds it is kept within. */
  pageWords: { logMean: number; logSd: number; min: number; max: number };
}

export const FITTED_PARAMETERS: RealisticSiteParameters = fit.generator;

const CONSONANTS = 'bcdfghjklmnprstvwz';
const VOWELS = 'aeiou';
const SYLLABLES = [...CONSONANTS].flatMap((c) => [...VOWELS].map((v) => c + v));
const FINALS = ['', 'n', 'r', 's', 't', 'l', 'x', 'm'];
/** Name endings hold a consonant cluster or a letter that stems never have, so that a name is never also a stem. */
const NAME_ENDINGS = ['berg', 'ski', 'ley', 'ford', 'stein', 'ovich', 'ström', 'worth'];
/** Ranks below this would give one-syllable stems; starting here every stem has two syllables or more. */
const FIRST_STEM = SYLLABLES.length * FINALS.length;

/** A pronounceable word that only `n` gives: consonant–vowel syllables (base 90, lowest first), then a final consonant. */
function pronounceable(n: number): string {
  let word = '';
  let rest = Math.floor(n / FINALS.length);
  do {
    word += SYLLABLES[rest % SYLLABLES.length];
    rest = Math.floor(rest / SYLLABLES.length);
  } while (rest > 0);
  return word + FINALS[n % FINALS.length];
}

/** Consonants that only `n` gives (base 18): the letters of a product code. */
function consonants(n: number): string {
  let letters = '';
  let rest = n;
  do {
    letters += CONSONANTS[rest % CONSONANTS.length];
    rest = Math.floor(rest / CONSONANTS.length);
  } while (rest > 0);
  return letters;
}

/** A hash of a rank in [0, 1): which kind of word the rank is. */
function kindRoll(rank: number): number {
  return (Math.imul(rank ^ 0x5bd1e995, 0x9e3779b1) >>> 0) / 4294967296;
}

/**
 * The word at a rank of the tail: of the kind the rank's hash gives, in the fitted mix of kinds, and made from the
 * rank alone, so that no two ranks of one kind share a word and the kinds never share one either.
 */
function tailWordOf(rank: number, kinds: RealisticSiteParameters['kinds']): string {
  const roll = kindRoll(rank);
  if (roll < kinds.number) return String(rank);
  if (roll < kinds.number + kinds.code) return `${consonants(Math.floor(rank / 1000))}${rank % 1000}`;
  if (roll < kinds.number + kinds.code + kinds.name) {
    const name = pronounceable(FIRST_STEM + Math.floor(rank / NAME_ENDINGS.length)) + NAME_ENDINGS[rank % NAME_ENDINGS.length];
    return name[0]!.toUpperCase() + name.slice(1);
  }
  return pronounceable(FIRST_STEM + rank);
}

/** A site made from one set of parameters; `createRealisticSite()` gives the fitted one. */
export function createRealisticSite(parameters: RealisticSiteParameters = FITTED_PARAMETERS) {
  const { head, tailExponent, rankScale, topicRankLimit, repeatShare, topicShare, kinds, hyphenJoined, dotJoined, pageWords } = parameters;
  const headShare = head.reduce((sum, entry) => sum + entry.share, 0);
  const headCumulative = Float64Array.from(head.map((_, i) => head.slice(0, i + 1).reduce((sum, e) => sum + e.share, 0) / headShare));
  const tailPower = -1 / (tailExponent - 1);
  /** Words of the first ranks, kept once made ('' until then; a packed array, not a sparse one): most draws land there. */
  const frequentTail: string[] = new Array<string>(FREQUENT_TAIL).fill('');

  const headWord = (next: () => number): string => {
    const target = next();
    let low = 0;
    let high = head.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (headCumulative[mid]! < target) low = mid + 1;
      else high = mid;
    }
    return head[low]!.word;
  };
  const tailRank = (next: () => number): number => Math.floor(rankScale * (Math.pow(1 - next(), tailPower) - 1));
  const tailWord = (rank: number): string => {
    if (rank >= FREQUENT_TAIL) return tailWordOf(rank, kinds);
    return frequentTail[rank] || (frequentTail[rank] = tailWordOf(rank, kinds));
  };

  const topicOf = (page: number): number => Math.floor(page / PAGES_PER_TOPIC);
  /** A topic's words: frequent tail words (log-uniform over the first ranks), which its pages use more than others. */
  const topicWordCache = new Map<number, string[]>();
  const topicWords = (topic: number): string[] => {
    let words = topicWordCache.get(topic);
    if (!words) {
      const next = seededRandom(1_000_003 + topic);
      words = Array.from({ length: TOPIC_WORDS }, () => tailWord(Math.floor(topicRankLimit ** next())));
      if (topicWordCache.size > 4096) topicWordCache.clear();
      topicWordCache.set(topic, words);
    }
    return words;
  };
  const capitalise = (word: string): string => word[0]!.toUpperCase() + word.slice(1);

  /** The page's name: 2–3 words of its topic, sometimes with a number or a code, the same every time. */
  const titleOf = (page: number): string => {
    const next = seededRandom(7_000_001 + page);
    const words = topicWords(topicOf(page));
    const count = 2 + Math.floor(next() * 2);
    const chosen = new Set<string>();
    while (chosen.size < count) chosen.add(words[Math.floor(next() * words.length)]!);
    const title = [...chosen].map(capitalise).join(' ');
    return next() < 0.15 ? `${title} ${1 + (page % 12)}.${page % 10}` : title;
  };
  const urlOf = (page: number): string => `${REALISTIC_SITE_DOMAIN}/docs/${topicOf(page)}/page-${page}/`;

  /** How many words page `page` has: the fitted log-normal, bounded. */
  const wordCountOf = (page: number): number => {
    const next = seededRandom(3_000_017 + page);
    const normal = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
    return Math.round(Math.min(pageWords.max, Math.max(pageWords.min, Math.exp(pageWords.logMean + pageWords.logSd * normal))));
  };

  /**
   * The words of a page, in order, and which are joined to the next one (1 hyphen, 2 dot): the stream the page's text
   * is written from, and what the vocabulary is counted on.
   */
  const pageWordsOf = (page: number, revision: number): { words: string[]; joins: Uint8Array; next: () => number } => {
    const next = seededRandom(revision === 0 ? page + 1 : Math.imul(revision, 0x9e3779b1) ^ (page + 1));
    const topic = topicWords(topicOf(page));
    const count = wordCountOf(page);
    const words: string[] = new Array<string>(count).fill('');
    const joins = new Uint8Array(count);
    const content: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const roll = next();
      let word: string;
      if (roll < headShare) word = headWord(next);
      else {
        const kind = next();
        if (kind < topicShare) word = topic[Math.floor(next() * next() * topic.length)]!;
        else if (kind < topicShare + repeatShare && content.length > 0) word = content[Math.floor(next() * content.length)]!;
        else word = tailWord(tailRank(next));
        content.push(word);
      }
      words[i] = word;
      const join = next();
      joins[i] = join < hyphenJoined ? 1 : join < hyphenJoined + dotJoined ? 2 : 0;
    }
    return { words, joins, next };
  };

  /**
   * One page. `revision` > 0 gives an edited version of the page: the same URL, title, topic and length, other text,
   * mentions and links (a re-sync of changed pages).
   */
  const page = (index: number, revision = 0): { url: string; title: string; content: string } => {
    const { words, joins, next } = pageWordsOf(index, revision);
    /** Another page this one names: mostly an earlier one of its topic, else any earlier one. */
    const mentioned = (): number => {
      const first = topicOf(index) * PAGES_PER_TOPIC;
      return first < index && next() < 0.8 ? first + Math.floor(next() * (index - first)) : Math.floor(next() * index);
    };
    const blocks: string[] = [];
    let sentences: string[] = [];
    let sentence: string[] = [];
    let mentions = 0;
    let sentenceLength = 8 + Math.floor(next() * 18);
    let paragraphLength = 3 + Math.floor(next() * 4);
    for (let i = 0; i < words.length; i += 1) {
      const word = words[i]!;
      const joined = joins[i]! > 0 && i + 1 < words.length && sentence.length + 1 < sentenceLength;
      if (joined) {
        words[i + 1] = `${word}${joins[i] === 1 ? '-' : '.'}${words[i + 1]}`;
        continue;
      }
      sentence.push(word);
      if (sentence.length < sentenceLength && i + 1 < words.length) continue;
      if (index > 0 && mentions < 8 && next() < 0.08) {
        const other = mentioned();
        const name = titleOf(other);
        sentence.splice(Math.floor(next() * sentence.length), 0, next() < 0.3 ? `<a href="${urlOf(other)}">${name}</a>` : name);
        mentions += 1;
      }
      sentences.push(`${capitalise(sentence.join(' '))}.`);
      sentence = [];
      sentenceLength = 8 + Math.floor(next() * 18);
      if (sentences.length < paragraphLength && i + 1 < words.length) continue;
      if (blocks.length > 0 && next() < 0.12) blocks.push(`<h2>${capitalise(headingOf(index, next))}</h2>`);
      blocks.push(`<p>${sentences.join(' ')}</p>`);
      sentences = [];
      paragraphLength = 3 + Math.floor(next() * 4);
    }
    return { url: urlOf(index), title: `${titleOf(index)} – Realistic Docs`, content: blocks.join('\n') };
  };
  /** A heading: two or three words of the page's topic. */
  const headingOf = (index: number, next: () => number): string => {
    const words = topicWords(topicOf(index));
    return Array.from({ length: 2 + Math.floor(next() * 2) }, () => words[Math.floor(next() * words.length)]!).join(' ');
  };

  return {
    page,
    titleOf,
    urlOf,
    topicOf,
    wordCountOf,
    /** The page's words as the engine's tokenizer would see them (lower case, joined pairs split), for counting. */
    tokensOf(index: number, revision = 0): string[] {
      return pageWordsOf(index, revision).words.map((word) => word.toLowerCase());
    },
  };
}

export type RealisticSite = ReturnType<typeof createRealisticSite>;

let fitted: RealisticSite | undefined;
/** The fitted site, made once. */
export function realisticSite(): RealisticSite {
  return (fitted ??= createRealisticSite());
}

/** Page `index` of the realistic site (the site's size does not matter: smaller sites are its prefixes). */
export function realisticPage(index: number, revision = 0): { url: string; title: string; content: string } {
  return realisticSite().page(index, revision);
}
