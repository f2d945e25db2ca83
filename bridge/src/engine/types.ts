/**
 * The contract between the bridge's services and the suggestion engine.
 *
 * engine/ is pure (no HTTP, no SQL): text analysis, index structures, anchor finding and scoring.
 * indexing/ holds the per-project in-memory indexes and persists them in SQLite through the connection it is given.
 */

/** What page sync hands to the engine for one page. */
export interface PageInput {
  /** Normalised absolute URL (see lib/url.ts). */
  url: string;
  title: string;
  /** HTML body as synced. */
  html: string;
  /** BCP 47 tag of the page's language ("de-DE"); English when absent. Its primary subtag chooses the analysis. */
  language?: string;
}

/** A link found in a page's content. */
export interface ExtractedLink {
  /** href as written in the content (not yet resolved). */
  href: string;
  /** Visible text of the link, whitespace collapsed. */
  anchorText: string;
}

/** A phrase that names a page: its title, the head of its title, a heading, or an element id (a defined name). */
export interface Keyphrase {
  kind: 'title' | 'title-part' | 'heading' | 'definition';
  /** Stems of the phrase's words in order (stopwords inside kept, leading and trailing ones dropped). */
  stems: string[];
}

/** Result of analysing one page at sync time. Serialisable; the service stores what it needs from it. */
export interface PageAnalysis {
  links: ExtractedLink[];
  /** Visible text, entities decoded, "\n" between blocks; script, style and similar are left out. */
  text: string;
  /**
   * Where anchors may go: flattened [start, end) pairs of `text` offsets, each one text node written verbatim in the
   * HTML (no entity) outside links, headings, script, style, code, pre and form controls.
   */
  eligible: number[];
  /** The title without a site-name suffix or section numbering. */
  cleanTitle: string;
  keyphrases: Keyphrase[];
  /** Distinct stems of the page (body and title) and how often each occurs; parallel arrays. */
  stems: string[];
  stemCounts: number[];
  /** Number of word tokens (the document length used by BM25). */
  tokenCount: number;
  /** Stems of the text's words that are not in `stems` (stopwords, numbers, one-letter words). */
  otherStems: string[];
  /**
   * The stem of each distinct word of `text`, in order of first occurrence (`wordTable(tokenize(text)).distinct`),
   * as an index into `stems` followed by `otherStems`. Stored as term ids, so a generation reads the source's words
   * without stemming or looking each one up.
   */
  wordStems: Int32Array;
  /** Engine-private data may be added later. */
  [key: string]: unknown;
}

/** One page as the index sees it after sync. */
export interface IndexedPage {
  pageId: string;
  url: string;
  title: string;
  statusCode: number;
  analysis: PageAnalysis;
  /** Normalised URLs this page links to (resolved from analysis.links; internal to the site only). */
  linkedUrls: string[];
  /**
   * Phrases the site's editors want the page linked for (a focus keyphrase): indexed like the anchor text of an
   * existing link to the page, the most used one (SiteCorpus, KEYPHRASE_ANCHOR_USES).
   */
  keyphrases?: readonly string[];
  /** BCP 47 tag of the page's language; English when absent. Pages link only to pages of the same primary subtag. */
  language?: string;
}

export interface GenerateRequest {
  projectId: string;
  sourcePageId: string;
  limit: number;
  minRelevanceScore: number;
  /** Targets that must not be suggested: self, already linked, rejected pairs, existing non-pending suggestions… */
  excludedTargetIds: Pick<ReadonlySet<string>, 'has'>;
  /** includePaths / excludePaths of the project, applied to target URLs. */
  isTargetUrlAllowed: (url: string) => boolean;
  /** Whether an anchor text may be proposed (the project's ignored words); every anchor when absent. */
  isAnchorAllowed?: (anchorText: string) => boolean;
  /**
   * Sees the source as if its authors had written none of its links: the pages it links are candidates, and its own
   * links count nowhere (not in inbound links, anchor texts or links per page). For the site's own links as examples
   * of what its authors link (site-link-examples.ts); never for suggestions shown.
   */
  asIfUnlinked?: boolean;
}

export interface EngineSuggestion {
  targetPageId: string;
  /** Verbatim substring of the source's visible text, outside links, headings, script, style, code and pre. */
  anchorText: string;
  /** The passage around the anchor; contains anchorText verbatim. */
  context: string;
  /** In [0, 1]; reads as the chance an editor accepts it. */
  relevanceScore: number;
  /**
   * The relevance model's inputs for this suggestion (targetVector then anchorVector): kept with the suggestion so
   * that an editor's decision on it can adapt the project's model (adaptation.ts).
   */
  inputs: number[];
}
