import type { Kysely } from 'kysely';
import { inBatches } from '../db/batches.js';
import type { Executor } from '../db/database.js';
import type { Schema } from '../db/schema.js';
import type { CorpusDocument } from '../engine/site-corpus.js';
import type { StoredSourceText } from '../engine/source-text.js';
import { int32FromBytes, toBytes, uint16FromBytes } from '../engine/typed-arrays.js';

interface DocumentRow {
  page_id: string;
  doc_no: number;
  status_code: number;
  language: string;
  length: number;
  title_terms: Buffer;
  posting_terms: Buffer;
  posting_counts: Buffer;
  phrases: Buffer;
  outlinks: Buffer;
  average_length: number | null;
  vector_norm: number | null;
}

/** What is stored of a page's text at sync. */
export interface TextToStore {
  text: string;
  eligible: readonly number[];
  /** All distinct content term ids of the page version (to withdraw its document frequencies later). */
  termIds: Int32Array;
  wordTermIds: Int32Array;
  /** ANALYSIS_VERSION of the analysis the text comes from. */
  analysisVersion: number;
}

export interface StoredStats {
  revision: number;
  documentFrequencies: Int32Array;
  postingCounts: Int32Array;
  documentCount: number;
  totalLength: number;
}

/** A serialised in-memory index of a project (migration 0006). */
export interface StoredSnapshot {
  revision: number;
  format: number;
  data: Buffer;
}

const DOCUMENT_COLUMNS = [
  'page_id',
  'doc_no',
  'status_code',
  'language',
  'length',
  'title_terms',
  'posting_terms',
  'posting_counts',
  'phrases',
  'outlinks',
  'average_length',
  'vector_norm',
] as const;

/** Rows read at a time when a project's index is rebuilt: bounded memory without a server-side cursor. */
const REBUILD_CHUNK_ROWS = 5000;

function toDocument(row: DocumentRow): CorpusDocument {
  return {
    docNo: row.doc_no,
    pageId: row.page_id,
    statusCode: row.status_code,
    language: row.language,
    length: row.length,
    titleTermIds: int32FromBytes(row.title_terms),
    postingTermIds: int32FromBytes(row.posting_terms),
    postingCounts: uint16FromBytes(row.posting_counts),
    phrases: int32FromBytes(row.phrases),
    outlinks: int32FromBytes(row.outlinks),
    // Stored before migrations 0013 and 0014: the rebuild takes the restored average (SiteCorpus.impacts) and
    // computes the length (SiteCorpus.completeVectorNorm).
    averageLength: row.average_length ?? Number.NaN,
    vectorNorm: row.vector_norm ?? Number.NaN,
  };
}

/** The search index's tables (migration 0002), read and written through the executor each call is given. */
export class SearchIndexStore {
  constructor(private readonly db: Kysely<Schema>) {}

  async insertTerms(executor: Executor, projectId: string, terms: readonly { id: number; stem: string }[]): Promise<void> {
    const rows = terms.map((term) => ({ project_id: projectId, term_id: term.id, stem: term.stem }));
    for (const batch of inBatches(rows)) await executor.insertInto('search_terms').values(batch).execute();
  }

  async insertUrls(executor: Executor, projectId: string, urls: readonly { docNo: number; url: string }[]): Promise<void> {
    const rows = urls.map((entry) => ({ project_id: projectId, doc_no: entry.docNo, url: entry.url }));
    for (const batch of inBatches(rows)) await executor.insertInto('search_urls').values(batch).execute();
  }

  /** Stores the documents and texts of a sync batch, replacing the pages' previous versions. */
  async saveDocuments(executor: Executor, projectId: string, synced: readonly { document: CorpusDocument; text: TextToStore }[]): Promise<void> {
    // A page sent twice in a batch: its later version, as one upsert may change a row only once (PostgreSQL).
    const documents = [...new Map(synced.map((entry) => [entry.document.pageId, entry])).values()];
    const documentRows = documents.map(({ document }) => ({
      project_id: projectId,
      page_id: document.pageId,
      doc_no: document.docNo,
      status_code: document.statusCode,
      language: document.language,
      length: document.length,
      title_terms: toBytes(document.titleTermIds),
      posting_terms: toBytes(document.postingTermIds),
      posting_counts: toBytes(document.postingCounts),
      phrases: toBytes(document.phrases),
      outlinks: toBytes(document.outlinks),
      average_length: document.averageLength,
      vector_norm: document.vectorNorm,
    }));
    const textRows = documents.map(({ document, text }) => ({
      page_id: document.pageId,
      text: text.text,
      eligible: toBytes(Int32Array.from(text.eligible)),
      term_ids: toBytes(text.termIds),
      word_term_ids: toBytes(text.wordTermIds),
      analysis_version: text.analysisVersion,
    }));
    // Small batches: a page's text is tens of kilobytes.
    for (const batch of inBatches(documentRows, 100)) {
      await executor
        .insertInto('search_documents')
        .values(batch)
        .onConflict((conflict) =>
          conflict.column('page_id').doUpdateSet((eb) => ({
            project_id: eb.ref('excluded.project_id'),
            doc_no: eb.ref('excluded.doc_no'),
            status_code: eb.ref('excluded.status_code'),
            language: eb.ref('excluded.language'),
            length: eb.ref('excluded.length'),
            title_terms: eb.ref('excluded.title_terms'),
            posting_terms: eb.ref('excluded.posting_terms'),
            posting_counts: eb.ref('excluded.posting_counts'),
            phrases: eb.ref('excluded.phrases'),
            outlinks: eb.ref('excluded.outlinks'),
            average_length: eb.ref('excluded.average_length'),
            vector_norm: eb.ref('excluded.vector_norm'),
          })),
        )
        .execute();
    }
    for (const batch of inBatches(textRows, 100)) {
      await executor
        .insertInto('search_texts')
        .values(batch)
        .onConflict((conflict) =>
          conflict.column('page_id').doUpdateSet((eb) => ({
            text: eb.ref('excluded.text'),
            eligible: eb.ref('excluded.eligible'),
            term_ids: eb.ref('excluded.term_ids'),
            word_term_ids: eb.ref('excluded.word_term_ids'),
            analysis_version: eb.ref('excluded.analysis_version'),
          })),
        )
        .execute();
    }
  }

  /** The analysis version each page was indexed with; a page that is not indexed is missing. */
  async analysisVersions(pageIds: readonly string[], executor: Executor = this.db): Promise<Map<string, number>> {
    const versions = new Map<string, number>();
    for (const batch of inBatches(pageIds)) {
      const rows = await executor.selectFrom('search_texts').select(['page_id', 'analysis_version']).where('page_id', 'in', batch).execute();
      for (const row of rows) versions.set(row.page_id, row.analysis_version);
    }
    return versions;
  }

  async saveStats(executor: Executor, projectId: string, stats: StoredStats): Promise<void> {
    const row = {
      project_id: projectId,
      revision: stats.revision,
      document_frequencies: toBytes(stats.documentFrequencies),
      posting_counts: toBytes(stats.postingCounts),
      document_count: stats.documentCount,
      total_length: stats.totalLength,
    };
    await executor
      .insertInto('search_stats')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('project_id').doUpdateSet((eb) => ({
          revision: eb.ref('excluded.revision'),
          document_frequencies: eb.ref('excluded.document_frequencies'),
          posting_counts: eb.ref('excluded.posting_counts'),
          document_count: eb.ref('excluded.document_count'),
          total_length: eb.ref('excluded.total_length'),
        })),
      )
      .execute();
  }

  /** The stored revision of a project's index (0 when it has none). */
  async revision(projectId: string, executor: Executor = this.db): Promise<number> {
    const row = await executor.selectFrom('search_stats').select('revision').where('project_id', '=', projectId).executeTakeFirst();
    return row?.revision ?? 0;
  }

  async document(pageId: string, executor: Executor = this.db): Promise<CorpusDocument | undefined> {
    const row = await executor.selectFrom('search_documents').select(DOCUMENT_COLUMNS).where('page_id', '=', pageId).executeTakeFirst();
    return row && toDocument(row);
  }

  /** The documents of several pages, by page id (pages not indexed are missing). */
  async documentsOf(pageIds: readonly string[], executor: Executor = this.db): Promise<Map<string, CorpusDocument>> {
    const documents = new Map<string, CorpusDocument>();
    for (const batch of inBatches(pageIds)) {
      const rows = await executor.selectFrom('search_documents').select(DOCUMENT_COLUMNS).where('page_id', 'in', batch).execute();
      for (const row of rows) documents.set(row.page_id, toDocument(row));
    }
    return documents;
  }

  /** A page's stored text; `wordTermIds` is null for pages indexed before migration 0005. */
  async text(pageId: string, executor: Executor = this.db): Promise<StoredSourceText | undefined> {
    return (await this.textsOf([pageId], executor)).get(pageId);
  }

  /** The stored texts of several pages, by page id. */
  async textsOf(pageIds: readonly string[], executor: Executor = this.db): Promise<Map<string, StoredSourceText>> {
    const texts = new Map<string, StoredSourceText>();
    for (const batch of inBatches(pageIds)) {
      const rows = await executor.selectFrom('search_texts').select(['page_id', 'text', 'eligible', 'word_term_ids']).where('page_id', 'in', batch).execute();
      for (const row of rows) {
        texts.set(row.page_id, {
          text: row.text,
          eligible: int32FromBytes(row.eligible),
          wordTermIds: row.word_term_ids === null ? null : int32FromBytes(row.word_term_ids),
        });
      }
    }
    return texts;
  }

  /** All distinct term ids of each stored page version, by page id. */
  async termIdsOf(pageIds: readonly string[], executor: Executor = this.db): Promise<Map<string, Int32Array>> {
    const termIds = new Map<string, Int32Array>();
    for (const batch of inBatches(pageIds)) {
      const rows = await executor.selectFrom('search_texts').select(['page_id', 'term_ids']).where('page_id', 'in', batch).execute();
      for (const row of rows) termIds.set(row.page_id, int32FromBytes(row.term_ids));
    }
    return termIds;
  }

  async terms(projectId: string, executor: Executor = this.db): Promise<[number, string][]> {
    const terms: [number, string][] = [];
    for (let after = -1; ; ) {
      const rows = await executor
        .selectFrom('search_terms')
        .select(['term_id', 'stem'])
        .where('project_id', '=', projectId)
        .where('term_id', '>', after)
        .orderBy('term_id')
        .limit(REBUILD_CHUNK_ROWS * 10)
        .execute();
      for (const row of rows) terms.push([row.term_id, row.stem]);
      if (rows.length < REBUILD_CHUNK_ROWS * 10) return terms;
      after = rows.at(-1)!.term_id;
    }
  }

  async urls(projectId: string, executor: Executor = this.db): Promise<[number, string][]> {
    const urls: [number, string][] = [];
    for (let after = -1; ; ) {
      const rows = await executor
        .selectFrom('search_urls')
        .select(['doc_no', 'url'])
        .where('project_id', '=', projectId)
        .where('doc_no', '>', after)
        .orderBy('doc_no')
        .limit(REBUILD_CHUNK_ROWS * 10)
        .execute();
      for (const row of rows) urls.push([row.doc_no, row.url]);
      if (rows.length < REBUILD_CHUNK_ROWS * 10) return urls;
      after = rows.at(-1)!.doc_no;
    }
  }

  async stats(projectId: string, executor: Executor = this.db): Promise<StoredStats | undefined> {
    const row = await executor
      .selectFrom('search_stats')
      .select(['revision', 'document_frequencies', 'posting_counts', 'document_count', 'total_length'])
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return (
      row && {
        revision: row.revision,
        documentFrequencies: int32FromBytes(row.document_frequencies),
        postingCounts: int32FromBytes(row.posting_counts),
        documentCount: row.document_count,
        totalLength: row.total_length,
      }
    );
  }

  /** The project's documents in order of document number, `REBUILD_CHUNK_ROWS` rows read at a time. */
  async *documents(projectId: string, executor: Executor = this.db): AsyncGenerator<CorpusDocument> {
    for (let after = -1; ; ) {
      const rows = await executor
        .selectFrom('search_documents')
        .select(DOCUMENT_COLUMNS)
        .where('project_id', '=', projectId)
        .where('doc_no', '>', after)
        .orderBy('doc_no')
        .limit(REBUILD_CHUNK_ROWS)
        .execute();
      for (const row of rows) yield toDocument(row);
      if (rows.length < REBUILD_CHUNK_ROWS) return;
      after = rows.at(-1)!.doc_no;
    }
  }

  /** Projects that have an index (ProjectIndexes.warmUp). */
  async projectIds(executor: Executor = this.db): Promise<string[]> {
    const rows = await executor.selectFrom('search_stats').select('project_id').execute();
    return rows.map((row) => row.project_id);
  }

  async saveSnapshot(projectId: string, snapshot: StoredSnapshot, executor: Executor = this.db): Promise<void> {
    await executor
      .insertInto('search_snapshots')
      .values({ project_id: projectId, revision: snapshot.revision, format: snapshot.format, data: snapshot.data })
      .onConflict((conflict) =>
        conflict.column('project_id').doUpdateSet((eb) => ({ revision: eb.ref('excluded.revision'), format: eb.ref('excluded.format'), data: eb.ref('excluded.data') })),
      )
      .execute();
  }

  snapshot(projectId: string, executor: Executor = this.db): Promise<StoredSnapshot | undefined> {
    return executor.selectFrom('search_snapshots').select(['revision', 'format', 'data']).where('project_id', '=', projectId).executeTakeFirst();
  }

  /** The revision of the project's stored snapshot, or undefined when it has none. */
  async snapshotRevision(projectId: string, executor: Executor = this.db): Promise<number | undefined> {
    const row = await executor.selectFrom('search_snapshots').select('revision').where('project_id', '=', projectId).executeTakeFirst();
    return row?.revision;
  }

  async deleteSnapshot(projectId: string, executor: Executor = this.db): Promise<void> {
    await executor.deleteFrom('search_snapshots').where('project_id', '=', projectId).execute();
  }
}
