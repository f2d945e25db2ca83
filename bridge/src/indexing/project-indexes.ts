import v8 from 'node:v8';
import type Database from 'better-sqlite3';
import { SiteCorpus, type SiteCorpusSnapshot } from '../engine/site-corpus.js';
import { ANALYSIS_VERSION } from '../engine/page-analysis.js';
import { readSourceText } from '../engine/source-text.js';
import { stemmerFor } from '../engine/stemmer.js';
import { DEFAULT_RELEVANCE_MODEL, laterTargetInputs, type RelevanceModel } from '../engine/relevance.js';
import { suggestLinks } from '../engine/suggestion-engine.js';
import type { Decision } from '../engine/adaptation.js';
import { linksSitePages, siteLinkExamples } from '../engine/site-link-examples.js';
import { SourceTerms } from '../engine/term-cosine.js';
import { suggestInbound, type InboundRequest, type InboundSuggestion } from '../engine/inbound-suggestions.js';
import type { EngineSuggestion, GenerateRequest, IndexedPage } from '../engine/types.js';
import { SearchIndexStore } from './search-index-store.js';

/** FNV-1a of a URL: an order of pages that is the same on every run and unrelated to the site's structure. */
function urlHash(url: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < url.length; i += 1) hash = Math.imul(hash ^ url.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * Version of SiteCorpus's snapshot layout: a snapshot of another layout is ignored and the index rebuilt. 2: each
 * document's language. 3: an editor's keyphrase counts KEYPHRASE_ANCHOR_USES uses in the phrase index, not one. 4: each
 * page's postings with their counts (termVectors) in place of its key terms.
 */
const SNAPSHOT_FORMAT = 4;
/** SQLite refuses values over 1e9 bytes; a bigger snapshot is not kept (the next start rebuilds instead). */
const MAX_SNAPSHOT_BYTES = 900_000_000;

export interface ProjectIndexesOptions {
  /** The relevance model's weights; the fitted default unless INTERLINKER_RELEVANCE_MODEL names another. */
  relevance?: RelevanceModel;
}

/**
 * The search indexes of every project, in memory and persisted in SQLite through the bridge's connection.
 * A project's indexes load on first use (or all at once with warmUp) and are kept in step by applySync,
 * which runs inside the page sync transaction.
 */
export class ProjectIndexes {
  private readonly store: SearchIndexStore;
  /** The bridge's relevance model, before any project's adaptation. */
  readonly relevance: RelevanceModel;
  private readonly corpora = new Map<string, { corpus: SiteCorpus; revision: number }>();

  constructor(db: Database.Database, options: ProjectIndexesOptions = {}) {
    this.store = new SearchIndexStore(db);
    this.relevance = options.relevance ?? DEFAULT_RELEVANCE_MODEL;
  }

  /** Loads every project's indexes now instead of at its first request. */
  warmUp(): void {
    for (const projectId of this.store.projectIds()) this.corpus(projectId);
  }

  /** Indexes synced pages; a page synced before replaces its previous version. Call inside the sync transaction. */
  applySync(projectId: string, pages: readonly IndexedPage[]): void {
    const corpus = this.corpus(projectId);
    try {
      const revision = this.corpora.get(projectId)!.revision + 1;
      this.apply(projectId, corpus, pages, revision);
      this.corpora.set(projectId, { corpus, revision });
    } catch (error) {
      // The transaction rolls back; reload from the database rather than keep half-applied memory.
      this.corpora.delete(projectId);
      throw error;
    }
  }

  /**
   * Stores a snapshot of every loaded project whose memory matches the database, so the next start reads it back
   * instead of rebuilding (seconds at 100,000 pages). Called when the bridge stops; returns the projects saved.
   */
  saveSnapshots(): string[] {
    const saved: string[] = [];
    for (const [projectId, { corpus, revision }] of this.corpora) {
      if (this.store.revision(projectId) !== revision || this.store.snapshotRevision(projectId) === revision) continue;
      const data = v8.serialize(corpus.snapshot());
      if (data.length > MAX_SNAPSHOT_BYTES) continue;
      this.store.saveSnapshot(projectId, { revision, format: SNAPSHOT_FORMAT, data });
      saved.push(projectId);
    }
    return saved;
  }

  /** Whether the page is indexed with an analysis of the current version: then an unchanged page needs no new one. */
  isCurrent(pageId: string): boolean {
    return this.store.analysisVersion(pageId) === ANALYSIS_VERSION;
  }

  dropProject(projectId: string): void {
    this.corpora.delete(projectId);
    this.store.deleteProject(projectId);
  }

  /** Suggestions for the request's source page, scored by `relevance` (the project's model; the bridge's by default). */
  generate(request: GenerateRequest, relevance: RelevanceModel = this.relevance): EngineSuggestion[] {
    const corpus = this.corpus(request.projectId);
    if (request.limit <= 0 || corpus.docNoOfPage(request.sourcePageId) === undefined) return [];
    const source = this.store.document(request.sourcePageId);
    const text = this.store.text(request.sourcePageId);
    if (source === undefined || text === undefined) return [];
    // The source is read in its language; targets of other languages are never suggested (findTargets).
    const sourceText = readSourceText(text, corpus, stemmerFor(source.language));
    return suggestLinks(corpus, source, sourceText, request, relevance);
  }

  /** Pages that should link to the request's target, scored by `relevance` as forward generation scores them. */
  generateInbound(request: InboundRequest, relevance: RelevanceModel = this.relevance): InboundSuggestion[] {
    const corpus = this.corpus(request.projectId);
    if (corpus.docNoOfPage(request.targetPageId) === undefined) return [];
    const target = this.store.document(request.targetPageId);
    if (target === undefined) return [];
    const load = (docNo: number) => {
      const pageId = corpus.pageIdOf(docNo);
      const document = pageId === undefined ? undefined : this.store.document(pageId);
      if (document === undefined) return undefined;
      const readText = () => {
        const text = this.store.text(document.pageId);
        // The source is read in its language, as forward generation reads it.
        return text && readSourceText(text, corpus, stemmerFor(document.language));
      };
      return { document, readText };
    };
    return suggestInbound(corpus, target, request, load, relevance);
  }

  /**
   * The pair's target inputs added last (engine/relevance.ts, laterTargetInputs) as forward generation reads them, or
   * 'gone' when either page is not in the index: what a decision stored before them is given (decision-inputs.ts).
   */
  laterTargetInputs(projectId: string, sourcePageId: string, targetPageId: string): number[] | 'gone' {
    const corpus = this.corpus(projectId);
    const source = this.store.document(sourcePageId);
    const target = corpus.docNoOfPage(targetPageId);
    if (source === undefined || target === undefined || corpus.termVectorOf(target) === undefined) return 'gone';
    if (corpus.termVectorOf(source.docNo) === undefined) return 'gone';
    return laterTargetInputs({ termCosine: new SourceTerms(corpus, source).cosineWith(target), languagePages: corpus.documentCountOf(source.language) });
  }

  /**
   * Changes when the site's size or its number of links has changed by a tenth since: the site's own links are read
   * again as examples (siteLinkExamples) only then, not at every sync batch.
   */
  siteLinksKey(projectId: string): string {
    const corpus = this.corpus(projectId);
    const bucket = (n: number): number => Math.floor(Math.log1p(n) / Math.log(1.1));
    return `${bucket(corpus.documentCount)}/${bucket(corpus.linkedPairCount)}`;
  }

  /**
   * The site's own links as examples (engine/site-link-examples.ts), from at most `maxPages` pages that link other
   * pages of the site, looked for among at most `maxRead` pages in the order of a hash of their URL, so that the same
   * site gives the same examples. `contentOf` reads a page's stored HTML.
   */
  siteLinkExamples(
    projectId: string,
    relevance: RelevanceModel,
    { maxPages, maxRead }: { maxPages: number; maxRead: number },
    contentOf: (pageId: string) => string | undefined,
  ): { pages: number; examples: Decision[] } {
    const corpus = this.corpus(projectId);
    if (corpus.linkedPairCount === 0) return { pages: 0, examples: [] };
    const order: { docNo: number; key: number }[] = [];
    for (let docNo = 0; docNo < corpus.urlCount; docNo += 1) {
      if (corpus.isTarget(docNo)) order.push({ docNo, key: urlHash(corpus.urlOf(docNo)) });
    }
    order.sort((a, b) => a.key - b.key || a.docNo - b.docNo);
    const examples: Decision[] = [];
    let pages = 0;
    for (const { docNo } of order.slice(0, maxRead)) {
      if (pages >= maxPages) break;
      const pageId = corpus.pageIdOf(docNo)!;
      const source = this.store.document(pageId);
      if (source === undefined || !linksSitePages(corpus, source)) continue;
      const html = contentOf(pageId);
      if (html === undefined) continue;
      examples.push(...siteLinkExamples(corpus, source, html, stemmerFor(source.language), relevance));
      pages += 1;
    }
    return { pages, examples };
  }

  private apply(projectId: string, corpus: SiteCorpus, pages: readonly IndexedPage[], revision: number): void {
    const termsBefore = corpus.terms.size;
    const indexed = corpus.indexBatch(pages, (pageId) => {
      const document = this.store.document(pageId);
      return document && { document, termIds: this.store.termIds(pageId) };
    });

    const newTerms = [];
    for (let id = termsBefore; id < corpus.terms.size; id += 1) newTerms.push({ id, stem: corpus.terms.stemOf(id) });
    this.store.insertTerms(projectId, newTerms);
    this.store.insertUrls(projectId, corpus.takeNewUrls());
    for (const { page, document, prepared } of indexed) {
      this.store.saveDocument(projectId, document, {
        text: page.analysis.text,
        eligible: page.analysis.eligible,
        termIds: prepared.termIds,
        wordTermIds: prepared.wordTermIds,
        analysisVersion: ANALYSIS_VERSION,
      });
    }
    this.store.saveStats(projectId, {
      revision,
      documentFrequencies: corpus.terms.documentFrequencies(),
      postingCounts: corpus.index.postingCounts(corpus.terms.size),
      documentCount: corpus.documentCount,
      totalLength: corpus.totalLength,
    });
  }

  /**
   * The project's corpus in memory, (re)loaded when the stored revision differs: a sync transaction that rolled back
   * after applySync left memory ahead of the database.
   */
  private corpus(projectId: string): SiteCorpus {
    const loaded = this.corpora.get(projectId);
    const revision = this.store.revision(projectId);
    if (loaded !== undefined && loaded.revision === revision) return loaded.corpus;
    const corpus = this.load(projectId);
    this.corpora.set(projectId, { corpus, revision });
    return corpus;
  }

  /** The project's corpus from its snapshot when that is of the stored revision, else rebuilt from the rows. */
  private load(projectId: string): SiteCorpus {
    const snapshot = this.store.snapshot(projectId);
    if (snapshot !== undefined) {
      if (snapshot.revision === this.store.revision(projectId) && snapshot.format === SNAPSHOT_FORMAT) {
        try {
          return SiteCorpus.fromSnapshot(v8.deserialize(snapshot.data) as SiteCorpusSnapshot);
        } catch {
          // An unreadable snapshot costs only the time to rebuild from the rows, below.
        }
      }
      // Stale (a sync after the last stop) or unreadable: it can never be used again.
      this.store.deleteSnapshot(projectId);
    }
    return this.rebuild(projectId);
  }

  private rebuild(projectId: string): SiteCorpus {
    const corpus = new SiteCorpus();
    for (const [id, stem] of this.store.terms(projectId)) corpus.terms.restore(id, stem);
    for (const [docNo, url] of this.store.urls(projectId)) corpus.restoreUrl(docNo, url);
    const stats = this.store.stats(projectId);
    if (stats !== undefined) {
      corpus.terms.restoreDocumentFrequencies(stats.documentFrequencies);
      corpus.documentCount = stats.documentCount;
      corpus.totalLength = stats.totalLength;
      corpus.index.reserve(stats.postingCounts);
    }
    let withoutNorm = 0;
    for (const document of this.store.documents(projectId)) {
      corpus.restoreDocument(document);
      if (Number.isNaN(document.vectorNorm)) withoutNorm += 1;
    }
    // Rows stored before migration 0014 get their vector length under the restored counts, read a second time (the
    // corpus keeps only a page's strongest terms, not the postings the length is over).
    if (withoutNorm > 0) {
      for (const document of this.store.documents(projectId)) if (Number.isNaN(document.vectorNorm)) corpus.completeVectorNorm(document);
    }
    return corpus;
  }
}
