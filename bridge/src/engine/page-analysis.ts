import { documentTerms, stemTable } from './document-terms.js';
import { phraseStems, repeatedNgrams } from './keyphrases.js';
import { stemEnglish } from './stemmer.js';
import { cleanTitle, titleHead } from './title.js';
import { tokenize, wordTable } from './tokenizer.js';
import type { Keyphrase, PageAnalysis, PageInput } from './types.js';
import { extractVisibleText } from './visible-text.js';

const NGRAMS_PER_PAGE = 5;
const HEADING_LEVELS_USED = 3;

/** Everything the engine needs from one page, computed once at sync time. Pure. */
export function analyzePage(input: PageInput): PageAnalysis {
  const stem = stemEnglish;
  const visible = extractVisibleText(input.html);
  const title = cleanTitle(input.title);
  const tokens = tokenize(visible.text);
  const words = wordTable(tokens);
  const stems = stemTable(tokens, words, stem);
  const terms = documentTerms(tokens, words, stems, title, stem);

  const keyphrases: Keyphrase[] = [];
  const seen = new Set<string>();
  const addPhrase = (kind: Keyphrase['kind'], phrase: string[] | null): void => {
    if (phrase === null) return;
    const key = phrase.join(' ');
    if (seen.has(key)) return;
    seen.add(key);
    keyphrases.push({ kind, stems: phrase });
  };
  addPhrase('title', phraseStems(title, stem));
  const head = titleHead(title);
  if (head !== null) addPhrase('title-part', phraseStems(head, stem));
  for (const heading of visible.headings) {
    if (heading.level <= HEADING_LEVELS_USED) addPhrase('heading', phraseStems(heading.text, stem));
  }
  for (const ngram of repeatedNgrams(tokens, stems, NGRAMS_PER_PAGE)) addPhrase('ngram', ngram);

  return {
    links: visible.links,
    text: visible.text,
    eligible: visible.eligible,
    cleanTitle: title,
    keyphrases,
    stems: terms.stems,
    stemCounts: terms.counts,
    tokenCount: terms.length,
  };
}
