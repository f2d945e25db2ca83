/**
 * A deterministic synthetic website for speed measurements: pages of ~1,500 words with a Zipfian vocabulary of
 * 50,000 pseudo-words plus English function words, grouped into topics (so "more like this" has structure), with
 * headings, mentions of other pages' titles and some existing links. Page i is built from its own seed, so any
 * batch can be generated without holding the site in memory.
 */
import { seededRandom } from '../../test/support/seeded-random.js';

const FUNCTION_WORDS = `the of and to a in is that for it as was with be by on not he this are or his from at which but
have an they you were her she there one all we their been has when who will more no if out so said what up its about
into than them can only other new some could time these two may then do first any my now such like our over`.split(/\s+/);

const SYLLABLES = `ka lo mi ne ra su ti vo xe za bra cli dro fen gal hir jun kor lum mar nel pon quis ret sal tor ung
vel wir yon zer an ber cor del ern fos gri han ist jor kel lin mos nor ost per rin ser tal ur vin wes yar zol ion ment
ter ing ate ous ive ble`.split(/\s+/);

export const SITE_DOMAIN = 'https://synthetic.example';
const VOCABULARY_SIZE = 50_000;
const TOPIC_WORDS = 120;
const PAGES_PER_TOPIC = 40;

function buildVocabulary(): string[] {
  const next = seededRandom(42);
  const seen = new Set<string>();
  const words: string[] = [];
  while (words.length < VOCABULARY_SIZE) {
    const syllables = 1 + Math.floor(next() * 3.2);
    let word = '';
    for (let s = 0; s < syllables; s += 1) word += SYLLABLES[Math.floor(next() * SYLLABLES.length)];
    if (word.length > 2 && !seen.has(word)) {
      seen.add(word);
      words.push(word);
    }
  }
  return words;
}

const vocabulary = buildVocabulary();

/** Cumulative Zipf (s = 1) weights over the vocabulary, for rank sampling by binary search. */
const zipf = (() => {
  const cumulative = new Float64Array(VOCABULARY_SIZE);
  let sum = 0;
  for (let rank = 0; rank < VOCABULARY_SIZE; rank += 1) {
    sum += 1 / (rank + 1);
    cumulative[rank] = sum;
  }
  return cumulative.map((value) => value / sum);
})();

function zipfWord(next: () => number): string {
  const target = next();
  let low = 0;
  let high = VOCABULARY_SIZE - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (zipf[mid]! < target) low = mid + 1;
    else high = mid;
  }
  return vocabulary[low]!;
}

/** A topic's own words: mid-frequency vocabulary, the words that make pages of one topic alike. */
function topicWords(topic: number): string[] {
  const next = seededRandom(1_000_003 + topic);
  return Array.from({ length: TOPIC_WORDS }, () => vocabulary[300 + Math.floor(next() * (VOCABULARY_SIZE - 300))]!);
}

const capitalise = (word: string): string => word[0]!.toUpperCase() + word.slice(1);

export function topicOf(page: number): number {
  return Math.floor(page / PAGES_PER_TOPIC);
}

/** The page's name: 2–3 words of its topic, the same every time it is asked for. */
export function titleOf(page: number): string {
  const next = seededRandom(7_000_001 + page);
  const words = topicWords(topicOf(page));
  const count = 2 + Math.floor(next() * 2);
  const chosen = new Set<string>();
  while (chosen.size < count) chosen.add(words[Math.floor(next() * words.length)]!);
  return [...chosen].map(capitalise).join(' ');
}

export function urlOf(page: number): string {
  return `${SITE_DOMAIN}/docs/${topicOf(page)}/page-${page}/`;
}

export interface SyntheticPage {
  url: string;
  title: string;
  content: string;
}

/**
 * One page of a site of `siteSize` pages, ~`words` words long. `revision` > 0 gives an edited version of the page: the
 * same URL, title and topic, other text, mentions and links (a re-sync of changed pages).
 */
export function syntheticPage(page: number, siteSize: number, words = 1500, revision = 0): SyntheticPage {
  const next = seededRandom(revision === 0 ? page + 1 : Math.imul(revision, 0x9e3779b1) ^ (page + 1));
  const topic = topicWords(topicOf(page));
  const pickWord = (): string => {
    const roll = next();
    if (roll < 0.42) return FUNCTION_WORDS[Math.floor(next() * next() * FUNCTION_WORDS.length)]!;
    if (roll < 0.6) return topic[Math.floor(next() * next() * topic.length)]!;
    return zipfWord(next);
  };
  const relatedPage = (): number => {
    if (next() < 0.8) {
      const first = topicOf(page) * PAGES_PER_TOPIC;
      return Math.min(siteSize - 1, first + Math.floor(next() * PAGES_PER_TOPIC));
    }
    return Math.floor(next() * siteSize);
  };

  const blocks: string[] = [];
  let written = 0;
  let mentions = 0;
  while (written < words) {
    if (written > 0 && next() < 0.12) blocks.push(`<h2>${capitalise(pickWord())} ${topic[Math.floor(next() * topic.length)]}</h2>`);
    const sentences: string[] = [];
    const sentenceCount = 3 + Math.floor(next() * 4);
    for (let s = 0; s < sentenceCount; s += 1) {
      const length = 8 + Math.floor(next() * 14);
      const parts = Array.from({ length }, pickWord);
      if (mentions < 8 && next() < 0.08) {
        const other = relatedPage();
        const name = titleOf(other);
        parts.splice(Math.floor(next() * length), 0, next() < 0.3 && other !== page ? `<a href="${urlOf(other)}">${name}</a>` : name);
        mentions += 1;
      }
      written += length;
      sentences.push(`${capitalise(parts.join(' '))}.`);
    }
    blocks.push(`<p>${sentences.join(' ')}</p>`);
    if (next() < 0.05) blocks.push(`<pre><code>${pickWord()} --${pickWord()} ${pickWord()}</code></pre>`);
  }
  return { url: urlOf(page), title: `${titleOf(page)} – Synthetic Docs`, content: blocks.join('\n') };
}
