import v8 from 'node:v8';
import type { Kysely } from 'kysely';
import type { Db } from '../db/connection.js';
import type { Executor } from '../db/database.js';
import type { Schema } from '../db/schema.js';
import { SiteCorpus, type SiteCorpusSnapshot } from '../engine/site-corpus.js';
import { ANALYSIS_VERSION } from '../engine/page-analysis.js';
import { readSourceText } from '../engine/source-text.js';
import { stemmerFor } from '../engine/stemmer.js';
import { DEFAULT_RELEVANCE_MODEL, laterTargetInputs, type RelevanceModel } from '../engine/relevance.js';
import { suggestLinks } from '../engine/suggestion-engine.js';
import type { Decision } from '../engine/adaptation.js';
import { linksSitePages, siteLinkExamples } from '../engine/site-link-examples.js';
import { SourceTerms } from '../engine/term-cosine.js';
import { candidateSources, suggestInbound, type InboundRequest, type InboundSuggestion } from '../engine/inbound-suggestions.js';
import type { EngineSuggestion, GenerateRequest, IndexedPage } from '../engine/types.js';
import { collectGarbage } from '../lib/heap.js';
import { estimateHeapBytes } from './memory-estimate.js';
import { ProjectQueue } from './project-queue.js';
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
/** Pages whose rows siteLinkExamples reads at a time. */
const SITE_LINK_READ_SLICE = 50;

/** 1 GiB: a 100,000-page site's index (about 270 MB) and many small ones. INTERLINKER_INDEX_MEMORY_MB changes it. */
export const DEFAULT_INDEX_MEMORY_BYTES = 1024 * 1024 * 1024;

export interface ProjectIndexesOptions {
  /** The relevance model's weights; the fitted default unless INTERLINKER_RELEVANCE_MODEL names another. */
  relevance?: RelevanceModel;
  /** Estimated bytes the loaded indexes may hold together (DEFAULT_INDEX_MEMORY_BYTES when not given). */
  memoryBudgetBytes?: number;
  /** Milliseconds since the epoch, for when an index was last used (Date.now when not given). */
  now?: () => number;
  /** The SQLite connection, whose page cache is shrunk after a large index goes; null on PostgreSQL. */
  sqlite?: Db | null;
}

/** What the loaded indexes hold, for /healthz. */
export interface IndexMemory {
  loaded: number;
  bytes: number;
  budgetBytes: number;
}

interface LoadedCorpus {
  corpus: SiteCorpus;
  revision: number;
  /** Estimated heap the corpus holds (sizeOf). */
  bytes: number;
  /** The last full estimate (estimateHeapBytes) and the document count then. */
  measuredBytes: number;
  measuredDocuments: number;
  lastUsed: number;
}

/**
 * An index at least this large (a site of about 2,000 pages), once dropped (a deleted project) or released, is followed
 * by a full garbage collection (lib/heap.ts): otherwise a quiet bridge keeps its memory resident. Smaller ones are left
 * to V8: a collection costs a pause, and releases of small indexes for the budget may come often.
 */
const COLLECT_AFTER_BYTES = 8 * 1024 * 1024;

/** A sync changing the document count by less than this share scales the last estimate instead of walking the corpus. */
const REMEASURE_SHARE = 0.05;

/**
 * The corpus's estimated size: estimateHeapBytes walks it (about 10 ms at 10,000 pages), so after a sync that changed
 * the site by less than REMEASURE_SHARE since the last walk, the last figure is scaled by the document count instead.
 */
function sizeOf(corpus: SiteCorpus, previous?: LoadedCorpus): Pick<LoadedCorpus, 'bytes' | 'measuredBytes' | 'measuredDocuments'> {
  const documents = corpus.documentCount;
  if (previous !== undefined && previous.measuredDocuments > 0) {
    const { measuredBytes, measuredDocuments } = previous;
    const ratio = documents / measuredDocuments;
    if (Math.abs(ratio - 1) < REMEASURE_SHARE) return { bytes: Math.round(measuredBytes * ratio), measuredBytes, measuredDocuments };
  }
  const bytes = estimateHeapBytes(corpus);
  return { bytes, measuredBytes: bytes, measuredDocuments: documents };
}

/**
 * The search indexes of the projects, persisted in the database and held in memory while they are used. A project's
 * index loads on first use (from its snapshot, else its rows) and is kept in step by applySync, which runs inside the
 * page sync transaction. The loaded indexes keep to a memory budget: past it, the least recently used are released
 * (releaseIdle releases those unused for a while); the database holds everything, so a released index loses nothing
 * and is read back when asked again. Every reader (requests, background generation) goes through here.
 *
 * Reads and writes of the database are awaited, so two requests could meet half-way through one project's index. Every
 * use of a project's index, with the transaction that goes with it, runs inside `serialized(projectId, …)`: one at a
 * time per project, so that nobody reads an index a sync has changed before its transaction committed, and no two
 * syncs change it at once. Take it before the transaction (never inside one): a transaction waiting for the project
 * while the project's holder waits for a connection would wait forever on SQLite's one connection.
 */
export class ProjectIndexes {
  private readonly store: SearchIndexStore;
  /** The bridge's relevance model, before any project's adaptation. */
  readonly relevance: RelevanceModel;
  /** In order of last use, least recent first (a use moves the entry to the end). */
  private readonly corpora = new Map<string, LoadedCorpus>();
  /** Projects whose sync is in progress (PagesService), by number of syncs: not released for the budget. */
  private readonly pinned = new Map<string, number>();
  private readonly budgetBytes: number;
  private readonly now: () => number;
  private collectionScheduled = false;
  private readonly sqlite: Db | null;
  private readonly queue = new ProjectQueue();
  /** Snapshots of released indexes being written: saveSnapshots waits for them. */
  private readonly pendingSaves = new Set<Promise<void>>();

  constructor(
    private readonly db: Kysely<Schema>,
    options: ProjectIndexesOptions = {},
  ) {
    this.store = new SearchIndexStore(db);
    this.sqlite = options.sqlite ?? null;
    this.relevance = options.relevance ?? DEFAULT_RELEVANCE_MODEL;
    this.budgetBytes = options.memoryBudgetBytes ?? DEFAULT_INDEX_MEMORY_BYTES;
    this.now = options.now ?? Date.now;
  }

  /**
   * Loads every project's index now rather than at its first use, as far as the budget allows (the least recently
   * loaded are released past it). The bridge does not call it at start: benchmarks and tests do.
   */
  async warmUp(): Promise<void> {
    for (const projectId of await this.store.projectIds()) await this.serialized(projectId, () => this.corpus(projectId));
  }

  /** Runs `work` when no other work on the project's index is in progress (see the class). */
  serialized<T>(projectId: string, work: () => Promise<T>): Promise<T> {
    return this.queue.run(projectId, work);
  }

  memory(): IndexMemory {
    let bytes = 0;
    for (const entry of this.corpora.values()) bytes += entry.bytes;
    return { loaded: this.corpora.size, bytes, budgetBytes: this.budgetBytes };
  }

  /** Whether the project's index is in memory now. */
  isLoaded(projectId: string): boolean {
    return this.corpora.has(projectId);
  }

  /**
   * Keeps the project's index from being released for the budget until the returned function is called: a sync
   * holds it from its analysis to its transaction, so that a sync's index is not read again between the two.
   */
  pin(projectId: string): () => void {
    this.pinned.set(projectId, (this.pinned.get(projectId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const count = (this.pinned.get(projectId) ?? 1) - 1;
      if (count > 0) this.pinned.set(projectId, count);
      else {
        this.pinned.delete(projectId);
        // The budget was kept without it: it may be over now.
        this.keepWithinBudget();
      }
    };
  }

  /** Releases the indexes not used for `idleMs` (pinned ones too: they are read back at their sync's store). */
  releaseIdle(idleMs: number): string[] {
    const cutoff = this.now() - idleMs;
    const released: string[] = [];
    for (const [projectId, entry] of this.corpora) {
      if (entry.lastUsed > cutoff || this.pinned.has(projectId)) continue;
      this.release(projectId, entry);
      released.push(projectId);
    }
    return released;
  }

  /**
   * Indexes synced pages; a page synced before replaces its previous version. Call inside the sync transaction, inside
   * `serialized`. Should the transaction roll back, memory is a revision ahead of the rows, and the next use reloads it.
   */
  async applySync(trx: Executor, projectId: string, pages: readonly IndexedPage[]): Promise<void> {
    const corpus = await this.corpus(projectId, trx);
    try {
      const loaded = this.corpora.get(projectId)!;
      const revision = loaded.revision + 1;
      await this.apply(trx, projectId, corpus, pages, revision);
      this.corpora.set(projectId, { corpus, revision, ...sizeOf(corpus, loaded), lastUsed: this.now() });
      this.keepWithinBudget();
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
  async saveSnapshots(): Promise<string[]> {
    await Promise.all(this.pendingSaves);
    const saved: string[] = [];
    for (const [projectId, entry] of [...this.corpora]) {
      if (await this.serialized(projectId, () => this.saveSnapshot(projectId, entry))) saved.push(projectId);
    }
    return saved;
  }

  /** Stores the loaded index as its project's snapshot when it is of the stored revision and newer than the snapshot. */
  private async saveSnapshot(projectId: string, { corpus, revision }: LoadedCorpus): Promise<boolean> {
    if ((await this.store.revision(projectId)) !== revision || (await this.store.snapshotRevision(projectId)) === revision) return false;
    const data = v8.serialize(corpus.snapshot());
    if (data.length > MAX_SNAPSHOT_BYTES) return false;
    await this.store.saveSnapshot(projectId, { revision, format: SNAPSHOT_FORMAT, data });
    return true;
  }

  /**
   * Drops a loaded index, saved as a snapshot (in the background, outside whatever transaction is open) so that it is
   * read back quickly.
   */
  private release(projectId: string, entry: LoadedCorpus): void {
    this.corpora.delete(projectId);
    this.collectAfter(entry);
    const saving = this.serialized(projectId, () => this.saveSnapshot(projectId, entry)).then(
      () => undefined,
      // Only the speed of its next load depends on it: it is rebuilt from the rows instead.
      () => undefined,
    );
    this.pendingSaves.add(saving);
    void saving.finally(() => this.pendingSaves.delete(saving));
  }

  /**
   * Releases the least recently used indexes while the loaded ones are over budget, never a pinned one nor the most
   * recently used (the one in use: a single index over the budget still serves).
   */
  private keepWithinBudget(): void {
    let { bytes } = this.memory();
    const inUse = [...this.corpora.keys()].at(-1);
    for (const [projectId, entry] of this.corpora) {
      if (bytes <= this.budgetBytes) break;
      if (projectId === inUse || this.pinned.has(projectId)) continue;
      this.release(projectId, entry);
      bytes -= entry.bytes;
    }
  }

  /** Those of the pages indexed with an analysis of the current version: an unchanged one of them needs no new one. */
  async currentPages(trx: Executor, pageIds: readonly string[]): Promise<Set<string>> {
    const versions = await this.store.analysisVersions(pageIds, trx);
    return new Set(pageIds.filter((pageId) => versions.get(pageId) === ANALYSIS_VERSION));
  }

  /** After the project was deleted (its index rows went with it): its index leaves memory. */
  dropProject(projectId: string): void {
    const entry = this.corpora.get(projectId);
    this.corpora.delete(projectId);
    if (entry !== undefined) this.collectAfter(entry);
  }

  /**
   * After the current request or transaction (whose locals may still hold the index), a full collection when the
   * index dropped was large: its memory goes back to the system rather than waiting for the next busy moment.
   */
  private collectAfter(dropped: LoadedCorpus): void {
    if (dropped.bytes < COLLECT_AFTER_BYTES || this.collectionScheduled) return;
    this.collectionScheduled = true;
    setImmediate(() => {
      this.collectionScheduled = false;
      collectGarbage();
      // SQLite's page cache of the pages just deleted or read back: freed too, it refills as pages are read.
      if (this.sqlite?.open) this.sqlite.pragma('shrink_memory');
    }).unref();
  }

  /** Suggestions for the request's source page, scored by `relevance` (the project's model; the bridge's by default). */
  async generate(request: GenerateRequest, relevance: RelevanceModel = this.relevance): Promise<EngineSuggestion[]> {
    const corpus = await this.corpus(request.projectId);
    if (request.limit <= 0 || corpus.docNoOfPage(request.sourcePageId) === undefined) return [];
    const source = await this.store.document(request.sourcePageId);
    const text = await this.store.text(request.sourcePageId);
    if (source === undefined || text === undefined) return [];
    // The source is read in its language; targets of other languages are never suggested (findTargets).
    const sourceText = readSourceText(text, corpus, stemmerFor(source.language));
    return suggestLinks(corpus, source, sourceText, request, relevance);
  }

  /**
   * Pages that should link to the request's target, scored by `relevance` as forward generation scores them.
   * `beforeScoring` hears which pages are candidate sources before their forward requests are asked for.
   */
  async generateInbound(
    request: InboundRequest,
    relevance: RelevanceModel = this.relevance,
    beforeScoring?: (sourcePageIds: readonly string[]) => Promise<void>,
  ): Promise<InboundSuggestion[]> {
    const corpus = await this.corpus(request.projectId);
    if (corpus.docNoOfPage(request.targetPageId) === undefined) return [];
    const target = await this.store.document(request.targetPageId);
    if (target === undefined) return [];
    // The candidates are few (a bounded number per suggestion asked for): their rows are read at once.
    const candidates = candidateSources(corpus, target, request);
    const pageIds = candidates.flatMap((docNo) => corpus.pageIdOf(docNo) ?? []);
    const documents = await this.store.documentsOf(pageIds);
    const texts = await this.store.textsOf(pageIds);
    await beforeScoring?.(pageIds);
    const load = (docNo: number) => {
      const pageId = corpus.pageIdOf(docNo);
      const document = pageId === undefined ? undefined : documents.get(pageId);
      if (document === undefined) return undefined;
      const readText = () => {
        const text = texts.get(document.pageId);
        // The source is read in its language, as forward generation reads it.
        return text && readSourceText(text, corpus, stemmerFor(document.language));
      };
      return { document, readText };
    };
    return suggestInbound(corpus, target, request, load, relevance, candidates);
  }

  /**
   * The pair's target inputs added last (engine/relevance.ts, laterTargetInputs) as forward generation reads them, or
   * 'gone' when either page is not in the index: what a decision stored before them is given (decision-inputs.ts).
   */
  async laterTargetInputs(projectId: string, sourcePageId: string, targetPageId: string): Promise<number[] | 'gone'> {
    const corpus = await this.corpus(projectId);
    const source = await this.store.document(sourcePageId);
    const target = corpus.docNoOfPage(targetPageId);
    if (source === undefined || target === undefined || corpus.termVectorOf(target) === undefined) return 'gone';
    if (corpus.termVectorOf(source.docNo) === undefined) return 'gone';
    return laterTargetInputs({ termCosine: new SourceTerms(corpus, source).cosineWith(target), languagePages: corpus.documentCountOf(source.language) });
  }

  /**
   * Changes when the site's size or its number of links has changed by a tenth since: the site's own links are read
   * again as examples (siteLinkExamples) only then, not at every sync batch.
   */
  async siteLinksKey(projectId: string): Promise<string> {
    const corpus = await this.corpus(projectId);
    const bucket = (n: number): number => Math.floor(Math.log1p(n) / Math.log(1.1));
    return `${bucket(corpus.documentCount)}/${bucket(corpus.linkedPairCount)}`;
  }

  /**
   * The site's own links as examples (engine/site-link-examples.ts), from at most `maxPages` pages that link other
   * pages of the site, looked for among at most `maxRead` pages in the order of a hash of their URL, so that the same
   * site gives the same examples. `contentOf` reads a page's stored HTML.
   */
  async siteLinkExamples(
    projectId: string,
    relevance: RelevanceModel,
    { maxPages, maxRead }: { maxPages: number; maxRead: number },
    contentsOf: (pageIds: readonly string[]) => Promise<Map<string, string>>,
  ): Promise<{ pages: number; examples: Decision[] }> {
    const corpus = await this.corpus(projectId);
    if (corpus.linkedPairCount === 0) return { pages: 0, examples: [] };
    const order: { docNo: number; key: number }[] = [];
    for (let docNo = 0; docNo < corpus.urlCount; docNo += 1) {
      if (corpus.isTarget(docNo)) order.push({ docNo, key: urlHash(corpus.urlOf(docNo)) });
    }
    order.sort((a, b) => a.key - b.key || a.docNo - b.docNo);
    const examples: Decision[] = [];
    let pages = 0;
    const read = order.slice(0, maxRead).map(({ docNo }) => corpus.pageIdOf(docNo)!);
    // Read a slice at a time: most sites give their examples from the first pages.
    for (let start = 0; start < read.length && pages < maxPages; start += SITE_LINK_READ_SLICE) {
      const slice = read.slice(start, start + SITE_LINK_READ_SLICE);
      const documents = await this.store.documentsOf(slice);
      const linking = slice.filter((pageId) => {
        const source = documents.get(pageId);
        return source !== undefined && linksSitePages(corpus, source);
      });
      const contents = await contentsOf(linking);
      for (const pageId of linking) {
        if (pages >= maxPages) break;
        const source = documents.get(pageId)!;
        const html = contents.get(pageId);
        if (html === undefined) continue;
        examples.push(...siteLinkExamples(corpus, source, html, stemmerFor(source.language), relevance));
        pages += 1;
      }
    }
    return { pages, examples };
  }

  private async apply(trx: Executor, projectId: string, corpus: SiteCorpus, pages: readonly IndexedPage[], revision: number): Promise<void> {
    const pageIds = pages.map((page) => page.pageId);
    const previousDocuments = await this.store.documentsOf(pageIds, trx);
    const previousTermIds = await this.store.termIdsOf(pageIds, trx);
    const termsBefore = corpus.terms.size;
    const indexed = corpus.indexBatch(pages, (pageId) => {
      const document = previousDocuments.get(pageId);
      return document && { document, termIds: previousTermIds.get(pageId) ?? new Int32Array(0) };
    });

    const newTerms = [];
    for (let id = termsBefore; id < corpus.terms.size; id += 1) newTerms.push({ id, stem: corpus.terms.stemOf(id) });
    await this.store.insertTerms(trx, projectId, newTerms);
    await this.store.insertUrls(trx, projectId, corpus.takeNewUrls());
    await this.store.saveDocuments(
      trx,
      projectId,
      indexed.map(({ page, document, prepared }) => ({
        document,
        text: {
          text: page.analysis.text,
          eligible: page.analysis.eligible,
          termIds: prepared.termIds,
          wordTermIds: prepared.wordTermIds,
          analysisVersion: ANALYSIS_VERSION,
        },
      })),
    );
    await this.store.saveStats(trx, projectId, {
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
  private async corpus(projectId: string, executor: Executor = this.db): Promise<SiteCorpus> {
    const loaded = this.corpora.get(projectId);
    const revision = await this.store.revision(projectId, executor);
    // Deleted and set again: the map's order is the order of last use.
    this.corpora.delete(projectId);
    if (loaded !== undefined && loaded.revision === revision) {
      this.corpora.set(projectId, { ...loaded, lastUsed: this.now() });
      return loaded.corpus;
    }
    const corpus = await this.load(projectId, revision, executor);
    this.corpora.set(projectId, { corpus, revision, ...sizeOf(corpus), lastUsed: this.now() });
    this.keepWithinBudget();
    return corpus;
  }

  /** The project's corpus from its snapshot when that is of the stored revision, else rebuilt from the rows. */
  private async load(projectId: string, revision: number, executor: Executor): Promise<SiteCorpus> {
    const snapshot = await this.store.snapshot(projectId, executor);
    if (snapshot !== undefined) {
      if (snapshot.revision === revision && snapshot.format === SNAPSHOT_FORMAT) {
        try {
          return SiteCorpus.fromSnapshot(v8.deserialize(snapshot.data) as SiteCorpusSnapshot);
        } catch {
          // An unreadable snapshot costs only the time to rebuild from the rows, below.
        }
      }
      // Stale (a sync after the last stop) or unreadable: it can never be used again.
      await this.store.deleteSnapshot(projectId, executor);
    }
    return this.rebuild(projectId, executor);
  }

  private async rebuild(projectId: string, executor: Executor): Promise<SiteCorpus> {
    const corpus = new SiteCorpus();
    for (const [id, stem] of await this.store.terms(projectId, executor)) corpus.terms.restore(id, stem);
    for (const [docNo, url] of await this.store.urls(projectId, executor)) corpus.restoreUrl(docNo, url);
    const stats = await this.store.stats(projectId, executor);
    if (stats !== undefined) {
      corpus.terms.restoreDocumentFrequencies(stats.documentFrequencies);
      corpus.documentCount = stats.documentCount;
      corpus.totalLength = stats.totalLength;
      corpus.index.reserve(stats.postingCounts);
    }
    let withoutNorm = 0;
    for await (const document of this.store.documents(projectId, executor)) {
      corpus.restoreDocument(document);
      if (Number.isNaN(document.vectorNorm)) withoutNorm += 1;
    }
    // Rows stored before migration 0014 get their vector length under the restored counts, read a second time (the
    // corpus keeps only a page's strongest terms, not the postings the length is over).
    if (withoutNorm > 0) {
      for await (const document of this.store.documents(projectId, executor)) if (Number.isNaN(document.vectorNorm)) corpus.completeVectorNorm(document);
    }
    return corpus;
  }
}
