import { resolveHref } from '../lib/url.js';
import { idf, impact } from './bm25.js';
import { InvertedIndex, type InvertedIndexSnapshot } from './inverted-index.js';
import { phraseStems } from './keyphrases.js';
import { PhraseIndex, PhraseKind, type PhraseIndexSnapshot } from './phrase-index.js';
import { MAX_ANCHOR_USES } from './relevance.js';
import { DEFAULT_LANGUAGE, primaryLanguage } from './language.js';
import { languageOfStem, stemmerFor, type Stem } from './stemmer.js';
import { TermDictionary, type TermDictionarySnapshot } from './term-dictionary.js';
import { TermLists, type TermListsSnapshot } from './term-lists.js';
import { termOf, termVectorNorm, TermVectors, type TermVectorsSnapshot } from './term-vectors.js';
import { isContentWord, tokenize } from './tokenizer.js';
import { ensureLength } from './typed-arrays.js';
import type { IndexedPage, Keyphrase } from './types.js';

/**
 * Postings kept per page: its terms with the highest tf-idf. Static pruning keeps 100,000 pages in tens of MB;
 * a related page shares the source's topical terms, and those rank high in both.
 */
export const POSTINGS_PER_DOCUMENT = 160;

/** A page's strongest terms kept in memory, as words an anchor to it may be made of. */
export const KEY_TERMS_PER_DOCUMENT = 12;

/** A page as the corpus keeps it: everything needed to add it to (or take it out of) the indexes again. */
export interface CorpusDocument {
  docNo: number;
  pageId: string;
  statusCode: number;
  /** The page's primary language subtag ("en", "de"): it links to pages of its language only. */
  language: string;
  /** Content words in the body. */
  length: number;
  /** Content-word term ids of the clean title. */
  titleTermIds: Int32Array;
  postingTermIds: Int32Array;
  postingCounts: Uint16Array;
  /**
   * The site's average length when the postings were chosen, which the page's BM25 impacts are computed with: kept,
   * so that a rebuild from the rows gives the page the same impacts. NaN for a document stored before it was (the
   * current average is taken).
   */
  averageLength: number;
  /**
   * The length of the page's term vector (term-vectors.ts) under the idf that chose its postings; NaN for a document
   * stored before it was kept (completeVectorNorm gives it one).
   */
  vectorNorm: number;
  /** Own keyphrases (the editors' ones with kind anchor), packed: kind, word count, term ids…, repeated. */
  phrases: Int32Array;
  /** Internal links, packed: target doc number, anchor word count (0 for none), anchor term ids…, repeated. */
  outlinks: Int32Array;
}

export interface SiteCorpusSnapshot {
  terms: TermDictionarySnapshot;
  index: InvertedIndexSnapshot;
  phrases: PhraseIndexSnapshot;
  urls: string[];
  /** '' for a URL that was only linked to. */
  pageIds: string[];
  titleTerms: TermListsSnapshot;
  termVectors: TermVectorsSnapshot;
  statusCodes: Uint16Array<ArrayBuffer>;
  /** Primary language subtag per document number ('' for a URL that was only linked to). */
  languages: string[];
  inbound: Int32Array<ArrayBuffer>;
  documentCount: number;
  totalLength: number;
}

/** A new page version before it joins the corpus: all its distinct terms are needed for document frequencies. */
export interface PreparedDocument {
  document: CorpusDocument;
  termIds: Int32Array;
  termCounts: Int32Array;
  /** The term id of each distinct word of the page's text (see PageAnalysis.wordStems). */
  wordTermIds: Int32Array;
}

/** A stored version of a page, withdrawn from the corpus before its new version is indexed. */
export interface PreviousVersion {
  document: CorpusDocument;
  /** All its distinct term ids, to withdraw its document frequencies. */
  termIds: ArrayLike<number>;
}

/** A page of a sync batch as indexed: what the store keeps of it. */
export interface IndexedDocument {
  page: IndexedPage;
  document: CorpusDocument;
  prepared: PreparedDocument;
}

/**
 * Uses an editor's keyphrase counts as in the phrase index: as many as the model ever reads (MAX_ANCHOR_USES), as the
 * anchor text every linking page used would. A keyphrase is an explicit instruction ("link keyword X to URL Y"); as one
 * use it read as weak evidence and scored below the title's mentions (the more pages mentioned it, the lower).
 */
export const KEYPHRASE_ANCHOR_USES = MAX_ANCHOR_USES;

/** In a page's own phrases, the kind anchor is an editor's keyphrase (the others are its title, headings and ids). */
const usesOfOwnPhrase = (kind: PhraseKind): number => (kind === PhraseKind.anchor ? KEYPHRASE_ANCHOR_USES : 1);

const KIND_BY_NAME: Record<Keyphrase['kind'], PhraseKind> = {
  title: PhraseKind.title,
  'title-part': PhraseKind.titlePart,
  heading: PhraseKind.heading,
  definition: PhraseKind.definition,
};

/** Distinct terms of one page fit in 20 bits; weights × 1e4 fit in the remaining 33 bits of a double's integer range. */
const INDEX_SPACE = 2 ** 20;

const WORD_CACHE_LIMIT = 300_000;

const isSuccess = (statusCode: number): boolean => statusCode >= 200 && statusCode < 300;

/**
 * The in-memory search state of one site: vocabulary, inverted index, phrase index, and per-page numbers
 * (status, length, inbound links). Every URL seen (synced or only linked to) has a document number.
 */
export class SiteCorpus {
  readonly terms = new TermDictionary();
  readonly index = new InvertedIndex();
  readonly phrases = new PhraseIndex();

  private readonly urls: string[] = [];
  private readonly docByUrl = new Map<string, number>();
  private readonly pageIds: (string | undefined)[] = [];
  private readonly docByPage = new Map<string, number>();
  private readonly titleTerms = new TermLists();
  /** Each page's strongest postings with their counts (term-vectors.ts), strongest first. */
  readonly termVectors = new TermVectors();
  private statusCodes = new Uint16Array(1024);
  private inbound = new Int32Array(1024);
  private persistedUrlCount = 0;
  private idfCache = new Float64Array(0);
  private idfStale = true;
  /** Term id by word, per language (the same word is another term in another language). */
  private readonly wordTerms = new Map<string, Map<string, number>>();
  /** Primary language subtag per document number; undefined for a URL only linked to. */
  private readonly languages: (string | undefined)[] = [];
  /** Pages that can be targets, per language: the N of a term's idf is its language's. */
  private readonly languageCounts = new Map<string, number>();

  /** Pages that can be targets (2xx), and their total length: the N and average length of BM25. */
  documentCount = 0;
  totalLength = 0;
  /** Distinct (page, target) links: how much the site's editors link, a site-level input of the relevance model. */
  private linkedPairs = 0;

  get averageLength(): number {
    return this.documentCount === 0 ? 1 : this.totalLength / this.documentCount;
  }

  /** Distinct (page, target) links of the site. */
  get linkedPairCount(): number {
    return this.linkedPairs;
  }

  /** Distinct pages linked per page, over the site: 0 on a site without internal links. */
  get linksPerPage(): number {
    return this.documentCount === 0 ? 0 : this.linkedPairs / this.documentCount;
  }

  get urlCount(): number {
    return this.urls.length;
  }

  /**
   * Cached per term until document frequencies change (once per sync batch). A term belongs to one language (see
   * Stem), and counts against the pages of that language: a German page's common words are as common among German
   * pages on a site that is mostly English.
   */
  idf(termId: number): number {
    if (this.idfStale || termId >= this.idfCache.length) {
      this.idfCache = new Float64Array(Math.max(this.terms.size, termId + 1)).fill(-1);
      this.idfStale = false;
    }
    let value = this.idfCache[termId]!;
    if (value < 0) {
      value = this.idfOfFrequency(this.terms.documentFrequency(termId), languageOfStem(this.terms.stemOf(termId)));
      this.idfCache[termId] = value;
    }
    return value;
  }

  /** The idf of a document frequency among the pages of `language`, or of the whole site without one. */
  idfOfFrequency(documentFrequency: number, language?: string): number {
    const pages = language === undefined ? this.documentCount : (this.languageCounts.get(language) ?? 0);
    return idf(documentFrequency, Math.max(1, pages));
  }

  /** Pages of a primary language subtag that can be targets. */
  documentCountOf(language: string): number {
    return this.languageCounts.get(language) ?? 0;
  }

  /** The term id of a word's stem in `stem`'s language, or -1. Cached by word: a term id never changes once given. */
  termIdOfWord(word: string, stem: Stem): number {
    let cache = this.wordTerms.get(stem.language);
    if (cache === undefined) {
      cache = new Map();
      this.wordTerms.set(stem.language, cache);
    }
    const cached = cache.get(word);
    if (cached !== undefined) return cached;
    const termId = this.terms.idOf(stem(word));
    if (termId === undefined) return -1;
    if (cache.size >= WORD_CACHE_LIMIT) cache.clear();
    cache.set(word, termId);
    return termId;
  }

  docNoOfPage(pageId: string): number | undefined {
    return this.docByPage.get(pageId);
  }

  docNoOfUrl(url: string): number | undefined {
    return this.docByUrl.get(url);
  }

  urlOf(docNo: number): string {
    return this.urls[docNo]!;
  }

  pageIdOf(docNo: number): string | undefined {
    return this.pageIds[docNo];
  }

  /** The primary language subtag of a synced page (English for a URL only linked to). */
  languageOf(docNo: number): string {
    return this.languages[docNo] ?? DEFAULT_LANGUAGE;
  }

  statusOf(docNo: number): number {
    return this.statusCodes[docNo] ?? 0;
  }

  /** A synced page with a 2xx status. */
  isTarget(docNo: number): boolean {
    return this.pageIds[docNo] !== undefined && isSuccess(this.statusOf(docNo));
  }

  inboundLinks(docNo: number): number {
    return this.inbound[docNo] ?? 0;
  }

  titleTermIds(docNo: number): Int32Array | undefined {
    return this.titleTerms.get(docNo);
  }

  /** The page's KEY_TERMS_PER_DOCUMENT highest tf-idf terms (postings are stored strongest first). */
  keyTermIds(docNo: number): Int32Array | undefined {
    const vector = this.termVectors.get(docNo);
    return vector === undefined ? undefined : Int32Array.from(vector.subarray(0, KEY_TERMS_PER_DOCUMENT), termOf);
  }

  /** The page's VECTOR_TERMS strongest postings with their counts (packed, see term-vectors.ts), as a view valid until the corpus changes. */
  termVectorOf(docNo: number): Int32Array | undefined {
    return this.termVectors.get(docNo);
  }

  /** The length of the page's whole term vector, counts × idf as of when its postings were chosen (0 without one). */
  termVectorNorm(docNo: number): number {
    return this.termVectors.norm(docNo);
  }

  /** The document number of a URL, allocated when new. */
  internUrl(url: string): number {
    let docNo = this.docByUrl.get(url);
    if (docNo === undefined) {
      docNo = this.urls.length;
      this.urls.push(url);
      this.docByUrl.set(url, docNo);
      this.pageIds.push(undefined);
      this.languages.push(undefined);
      this.statusCodes = ensureLength(this.statusCodes, docNo + 1);
      this.inbound = ensureLength(this.inbound, docNo + 1);
    }
    return docNo;
  }

  /** Restores a stored URL; document numbers are dense and restored in order. */
  restoreUrl(docNo: number, url: string): void {
    if (docNo !== this.urls.length) throw new Error(`document numbers must be restored in order: got ${docNo}`);
    this.internUrl(url);
    this.persistedUrlCount = this.urls.length;
  }

  /** URLs allocated since the last call, for persistence. */
  takeNewUrls(): { docNo: number; url: string }[] {
    const fresh = this.urls.slice(this.persistedUrlCount).map((url, i) => ({ docNo: this.persistedUrlCount + i, url }));
    this.persistedUrlCount = this.urls.length;
    return fresh;
  }

  /** The whole in-memory state, as plain values and typed arrays (v8-serialisable), for a fast restart. */
  snapshot(): SiteCorpusSnapshot {
    return {
      terms: this.terms.snapshot(),
      index: this.index.snapshot(),
      phrases: this.phrases.snapshot(),
      urls: this.urls.slice(),
      pageIds: this.pageIds.map((pageId) => pageId ?? ''),
      titleTerms: this.titleTerms.snapshot(),
      termVectors: this.termVectors.snapshot(),
      statusCodes: this.statusCodes.slice(0, this.urls.length),
      languages: this.languages.map((language) => language ?? ''),
      inbound: this.inbound.slice(0, this.urls.length),
      documentCount: this.documentCount,
      totalLength: this.totalLength,
    };
  }

  /** A corpus in the state of a snapshot; every URL counts as persisted (snapshots are taken of a stored state). */
  static fromSnapshot(snapshot: SiteCorpusSnapshot): SiteCorpus {
    const corpus = new SiteCorpus();
    corpus.terms.restoreSnapshot(snapshot.terms);
    corpus.index.restoreSnapshot(snapshot.index);
    corpus.phrases.restoreSnapshot(snapshot.phrases);
    snapshot.urls.forEach((url, docNo) => {
      corpus.urls.push(url);
      corpus.docByUrl.set(url, docNo);
      const pageId = snapshot.pageIds[docNo] || undefined;
      corpus.pageIds.push(pageId);
      if (pageId !== undefined) corpus.docByPage.set(pageId, docNo);
      corpus.languages.push(sharedLanguage(snapshot.languages[docNo] || undefined));
    });
    corpus.persistedUrlCount = snapshot.urls.length;
    corpus.titleTerms.restoreSnapshot(snapshot.titleTerms);
    corpus.termVectors.restoreSnapshot(snapshot.termVectors);
    corpus.statusCodes = snapshot.statusCodes;
    corpus.inbound = snapshot.inbound;
    corpus.linkedPairs = snapshot.inbound.reduce((sum, count) => sum + count, 0);
    corpus.documentCount = snapshot.documentCount;
    corpus.totalLength = snapshot.totalLength;
    corpus.languages.forEach((language, docNo) => {
      if (language !== undefined && corpus.isTarget(docNo)) corpus.countLanguage(language, 1);
    });
    return corpus;
  }

  /**
   * Puts back a stored document when the corpus is rebuilt from its rows (document frequencies and the site's counts
   * are restored apart; its language's count of pages is counted here).
   */
  restoreDocument(document: CorpusDocument): void {
    this.add(document);
    if (isSuccess(document.statusCode)) this.countLanguage(document.language, 1);
  }

  /**
   * Gives a restored document stored without its vector length (before migration 0014) one under the idf of now: a
   * rebuild calls it once every document is restored, so that it is the same on each rebuild until the page is synced.
   */
  completeVectorNorm(document: CorpusDocument): void {
    this.termVectors.setNorm(document.docNo, termVectorNorm(document.postingTermIds, document.postingCounts, (termId) => this.idf(termId)));
  }

  private countLanguage(language: string, sign: 1 | -1): void {
    this.languageCounts.set(language, (this.languageCounts.get(language) ?? 0) + sign);
  }

  /**
   * Indexes one sync batch: each page's previous version (from `previousOf`) is withdrawn and the page prepared; the
   * whole batch is counted before any page's postings are chosen, so tf-idf sees the batch's own document
   * frequencies. A page listed twice is indexed once, in its last version. Each page is read in its language.
   */
  indexBatch(
    pages: readonly IndexedPage[],
    previousOf: (pageId: string) => PreviousVersion | undefined = () => undefined,
  ): IndexedDocument[] {
    const latest = new Map<string, IndexedPage>();
    for (const page of pages) latest.set(page.pageId, page);
    const batch: { page: IndexedPage; prepared: PreparedDocument }[] = [];
    for (const page of latest.values()) {
      const previous = previousOf(page.pageId);
      if (previous !== undefined) {
        this.remove(previous.document);
        this.countDocument(previous.document, previous.termIds, -1);
      }
      batch.push({ page, prepared: this.prepare(page) });
    }
    for (const { prepared } of batch) this.countDocument(prepared.document, prepared.termIds, 1);
    return batch.map(({ page, prepared }) => {
      const document = this.finalize(prepared);
      this.add(document);
      return { page, document, prepared };
    });
  }

  /**
   * Turns an analysed page into a document (interning its terms and URLs); postings are chosen by `finalize`. The
   * analysis's stems are its language's already (see Stem); the title, keyphrases and anchors are stemmed here with
   * the same stemmer.
   */
  prepare(page: IndexedPage): PreparedDocument {
    const { analysis } = page;
    const stem = stemmerFor(page.language);
    const docNo = this.internUrl(page.url);
    const termIds = new Int32Array(analysis.stems.length);
    for (let i = 0; i < termIds.length; i += 1) termIds[i] = this.terms.intern(analysis.stems[i]!);
    const termCounts = Int32Array.from(analysis.stemCounts);
    // Every word's stem gets a term id, stopwords and numbers too: the text then never needs stemming again.
    const stemTermIds = new Int32Array(termIds.length + analysis.otherStems.length);
    stemTermIds.set(termIds);
    for (let i = 0; i < analysis.otherStems.length; i += 1) stemTermIds[termIds.length + i] = this.terms.intern(analysis.otherStems[i]!);
    const wordTermIds = new Int32Array(analysis.wordStems.length);
    for (let word = 0; word < wordTermIds.length; word += 1) wordTermIds[word] = stemTermIds[analysis.wordStems[word]!]!;
    const titleTermIds = Int32Array.from(
      tokenize(analysis.cleanTitle).words.filter((word) => isContentWord(word, stem)),
      (word) => this.terms.intern(stem(word)),
    );

    const phrases: number[] = [];
    for (const phrase of analysis.keyphrases) {
      phrases.push(KIND_BY_NAME[phrase.kind], phrase.stems.length, ...phrase.stems.map((s) => this.terms.intern(s)));
    }
    // An editor's keyphrase is a name they gave the page, as the anchor text of a link to it is; kept with the kind
    // anchor, it counts as KEYPHRASE_ANCHOR_USES uses in the phrase index (register).
    const editorPhrases = new Set<string>();
    for (const text of page.keyphrases ?? []) {
      const phrase = phraseStems(text, stem);
      if (phrase === null || editorPhrases.has(phrase.join(' '))) continue;
      editorPhrases.add(phrase.join(' '));
      phrases.push(PhraseKind.anchor, phrase.length, ...phrase.map((s) => this.terms.intern(s)));
    }

    const anchorsByUrl = new Map<string, Set<string>>();
    for (const link of analysis.links) {
      const url = resolveHref(link.href, page.url);
      if (url === null) continue;
      const anchors = anchorsByUrl.get(url) ?? new Set<string>();
      anchors.add(link.anchorText);
      anchorsByUrl.set(url, anchors);
    }
    const outlinks: number[] = [];
    for (const url of new Set(page.linkedUrls)) {
      if (url === page.url) continue;
      const target = this.internUrl(url);
      const seen = new Set<string>();
      for (const anchorText of anchorsByUrl.get(url) ?? []) {
        const anchor = phraseStems(anchorText, stem);
        if (anchor === null || seen.has(anchor.join(' '))) continue;
        seen.add(anchor.join(' '));
        outlinks.push(target, anchor.length, ...anchor.map((s) => this.terms.intern(s)));
      }
      if (seen.size === 0) outlinks.push(target, 0);
    }

    return {
      document: {
        docNo,
        pageId: page.pageId,
        statusCode: page.statusCode,
        language: primaryLanguage(page.language),
        length: analysis.tokenCount,
        titleTermIds,
        postingTermIds: new Int32Array(0),
        postingCounts: new Uint16Array(0),
        averageLength: 0,
        vectorNorm: 0,
        phrases: Int32Array.from(phrases),
        outlinks: Int32Array.from(outlinks),
      },
      termIds,
      termCounts,
      wordTermIds,
    };
  }

  /** Chooses the page's postings: its terms with the highest tf-idf under the current document frequencies. */
  private finalize(prepared: PreparedDocument): CorpusDocument {
    const { termIds, termCounts } = prepared;
    // Sort packed (weight, index) keys natively instead of calling a comparator ~10 times per term.
    const keys = new Float64Array(termIds.length);
    for (let i = 0; i < termIds.length; i += 1) {
      keys[i] = -Math.min(2 ** 32, Math.round(termCounts[i]! * this.idf(termIds[i]!) * 1e4)) * INDEX_SPACE + i;
    }
    keys.sort();
    const kept = Array.from(keys.subarray(0, POSTINGS_PER_DOCUMENT), (key) => ((key % INDEX_SPACE) + INDEX_SPACE) % INDEX_SPACE);
    const postingTermIds = Int32Array.from(kept, (i) => termIds[i]!);
    const postingCounts = Uint16Array.from(kept, (i) => Math.min(65_535, termCounts[i]!));
    // The weights' inputs as of now, kept with the document: a rebuild from the rows gives the page the same impacts
    // and length (and asks no idf while document counts are being restored).
    const vectorNorm = termVectorNorm(postingTermIds, postingCounts, (termId) => this.idf(termId));
    return { ...prepared.document, postingTermIds, postingCounts, averageLength: this.averageLength, vectorNorm };
  }

  /** Adds (+1) or withdraws (-1) a page version's contribution to document frequencies and lengths. */
  private countDocument(document: CorpusDocument, termIds: ArrayLike<number>, sign: 1 | -1): void {
    if (!isSuccess(document.statusCode)) return;
    this.idfStale = true;
    for (let i = 0; i < termIds.length; i += 1) this.terms.adjustDocumentFrequency(termIds[i]!, sign);
    this.documentCount += sign;
    this.totalLength += sign * document.length;
    this.countLanguage(document.language, sign);
  }

  /** Puts a document into the indexes (document frequencies are counted separately, see countDocument). */
  add(document: CorpusDocument): void {
    this.register(document);
    if (isSuccess(document.statusCode)) this.index.add(document.docNo, document.postingTermIds, this.impacts(document));
  }

  private impacts(document: CorpusDocument): Uint8Array {
    const average = Number.isNaN(document.averageLength) ? this.averageLength : document.averageLength;
    const impacts = new Uint8Array(document.postingCounts.length);
    for (let i = 0; i < impacts.length; i += 1) impacts[i] = impact(document.postingCounts[i]!, document.length, average);
    return impacts;
  }

  /** Everything but the postings: page identity, status, title and key terms, phrases and links. */
  private register(document: CorpusDocument): void {
    const { docNo } = document;
    this.pageIds[docNo] = document.pageId;
    this.languages[docNo] = sharedLanguage(document.language);
    this.docByPage.set(document.pageId, docNo);
    this.statusCodes[docNo] = document.statusCode;
    this.titleTerms.set(docNo, document.titleTermIds);
    this.termVectors.set(docNo, document.postingTermIds, document.postingCounts, document.vectorNorm);
    if (isSuccess(document.statusCode)) {
      forEachPhrase(document.phrases, (kind, ids) => this.phrases.add(docNo, kind, ids, usesOfOwnPhrase(kind)));
    }
    forEachOutlink(document.outlinks, (target, anchor, first) => {
      if (first) {
        this.inbound[target] = this.inbound[target]! + 1;
        this.linkedPairs += 1;
      }
      if (anchor.length > 0) this.phrases.add(target, PhraseKind.anchor, anchor);
    });
  }

  /** Takes a document out of the indexes, before its new version is added. */
  remove(document: CorpusDocument): void {
    const { docNo } = document;
    if (isSuccess(document.statusCode)) {
      this.index.remove(docNo, document.postingTermIds);
      forEachPhrase(document.phrases, (kind, ids) => this.phrases.remove(docNo, kind, ids, usesOfOwnPhrase(kind)));
    }
    forEachOutlink(document.outlinks, (target, anchor, first) => {
      if (first) {
        this.inbound[target] = this.inbound[target]! - 1;
        this.linkedPairs -= 1;
      }
      if (anchor.length > 0) this.phrases.remove(target, PhraseKind.anchor, anchor);
    });
    this.statusCodes[docNo] = 0;
    this.titleTerms.clear(docNo);
    this.termVectors.clear(docNo);
  }
}

/** Visits each packed phrase; `termIds` is a view into `packed`, valid during the call. */
export function forEachPhrase(packed: Int32Array, visit: (kind: PhraseKind, termIds: Int32Array) => void): void {
  for (let i = 0; i < packed.length; ) {
    const kind = packed[i]! as PhraseKind;
    const n = packed[i + 1]!;
    visit(kind, packed.subarray(i + 2, i + 2 + n));
    i += 2 + n;
  }
}

/** Visits each (target, anchor) of a page's links; `first` is true once per target. */
export function forEachOutlink(packed: Int32Array, visit: (target: number, anchor: Int32Array, first: boolean) => void): void {
  let previous = -1;
  for (let i = 0; i < packed.length; ) {
    const target = packed[i]!;
    const n = packed[i + 1]!;
    visit(target, packed.subarray(i + 2, i + 2 + n), target !== previous);
    previous = target;
    i += 2 + n;
  }
}

/** Target document numbers a page links to. */
export function linkedDocuments(document: CorpusDocument): Set<number> {
  const targets = new Set<number>();
  forEachOutlink(document.outlinks, (target) => targets.add(target));
  return targets;
}

const languageInstances = new Map<string, string>();

/**
 * One string per language subtag for the corpus's pages: a target's language is compared with the source's for
 * every page a source names (hundreds a source), and comparing a string means reading it, a cache miss per page when
 * each page holds its own copy of "en".
 */
function sharedLanguage(language: string | undefined): string | undefined {
  if (language === undefined) return undefined;
  let shared = languageInstances.get(language);
  if (shared === undefined) {
    shared = language;
    languageInstances.set(language, shared);
  }
  return shared;
}
