import { documentTerms, stemTable, type DocumentTerms, type StemTable } from './document-terms.js';
import { phraseStems } from './keyphrases.js';
import { stemmerFor } from './stemmer.js';
import { cleanTitle, titleHead } from './title.js';
import { tokenizeWithWords } from './tokenizer.js';
import type { Keyphrase, PageAnalysis, PageInput } from './types.js';
import { extractVisibleText } from './visible-text.js';

/**
 * Version of analyzePage's output. Bump it whenever the same page would be analysed differently: a page synced again
 * unchanged is only re-analysed when the version it was indexed with is older.
 */
export const ANALYSIS_VERSION = 3;

const HEADING_LEVELS_USED = 3;
/** Element ids taken as names of what the page defines; a page with more is a long reference page. */
const DEFINITIONS_PER_PAGE = 100;

/** The stem of each distinct word, as an index into the page's stems followed by the stems of its other words. */
function wordStemsOf(table: StemTable, terms: DocumentTerms): Pick<PageAnalysis, 'otherStems' | 'wordStems'> {
  const otherStems: string[] = [];
  const indexOf = Int32Array.from(terms.stemIndex);
  for (let id = 0; id < indexOf.length; id += 1) {
    if (indexOf[id] !== -1) continue;
    indexOf[id] = terms.stems.length + otherStems.length;
    otherStems.push(table.stems[id]!);
  }
  const wordStems = new Int32Array(table.stemOfWord.length);
  for (let word = 0; word < wordStems.length; word += 1) wordStems[word] = indexOf[table.stemOfWord[word]!]!;
  return { otherStems, wordStems };
}

/**
 * Everything the engine needs from one page, computed once at sync time, with its language's stemmer and stop words
 * (English when it has none). Pure.
 */
export function analyzePage(input: PageInput): PageAnalysis {
  const stem = stemmerFor(input.language);
  const visible = extractVisibleText(input.html);
  const title = cleanTitle(input.title);
  const { tokens, words } = tokenizeWithWords(visible.text);
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
  for (const id of visible.ids.slice(0, DEFINITIONS_PER_PAGE)) addPhrase('definition', phraseStems(id, stem));

  return {
    links: visible.links,
    text: visible.text,
    eligible: visible.eligible,
    cleanTitle: title,
    keyphrases,
    stems: terms.stems,
    stemCounts: terms.counts,
    tokenCount: terms.length,
    ...wordStemsOf(stems, terms),
  };
}
