/**
 * Baseline 2: title-word matching as Link Whisper (free) does it: each sentence of the source's linkable text is
 * stemmed and compared with the stemmed title words of every other page; a target's score is the largest number of
 * its title words one sentence shares. Equal scores go to the target whose title is covered best.
 */
import { ENGLISH_WORDS, type BaselineWords } from './words.js';
import { byScoreThenUrl, isEligibleTarget, type BaselinePage, type RankedTarget } from './types.js';

/** Sentence ends: . ! ? followed by white space (so `json.dumps` or `3.11` stay whole). */
const SENTENCE_END = /(?<=[.!?])\s+/;

export class TitleWordMatchBaseline {
  private readonly titleStems: Set<string>[];

  /** `words`: the site's language's (English unless told; see words.ts). */
  constructor(
    private readonly pages: readonly BaselinePage[],
    private readonly words: BaselineWords = ENGLISH_WORDS,
  ) {
    this.titleStems = pages.map((page) => new Set(words.contentWords(page.title).map(words.stem)));
  }

  rank(sourceIndex: number, limit: number): RankedTarget[] {
    const source = this.pages[sourceIndex];
    if (!source) throw new RangeError(`no page at index ${sourceIndex}`);
    const sentences = source.text.anchorPassages
      .flatMap((passage) => passage.split(SENTENCE_END))
      .map((sentence) => new Set(this.words.contentWords(sentence).map(this.words.stem)))
      .filter((stems) => stems.size > 0);
    const matches: (RankedTarget & { titleCoverage: number })[] = [];
    this.pages.forEach((target, index) => {
      const title = this.titleStems[index];
      if (!title || title.size === 0 || !isEligibleTarget(source, target)) return;
      let shared = 0;
      for (const sentence of sentences) {
        let count = 0;
        for (const word of title) if (sentence.has(word)) count += 1;
        shared = Math.max(shared, count);
      }
      if (shared > 0) matches.push({ targetUrl: target.url, score: shared, titleCoverage: shared / title.size });
    });
    return matches
      .sort((a, b) => b.score - a.score || b.titleCoverage - a.titleCoverage || byScoreThenUrl(a, b))
      .slice(0, limit)
      .map(({ targetUrl, score }) => ({ targetUrl, score }));
  }
}
