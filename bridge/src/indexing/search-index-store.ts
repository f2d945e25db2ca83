import type Database from 'better-sqlite3';
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

const DOCUMENT_COLUMNS = 'page_id, doc_no, status_code, language, length, title_terms, posting_terms, posting_counts, phrases, outlinks, average_length, vector_norm';

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

/** The search index's tables (migration 0002): prepared statements over the connection the bridge passes in. */
export class SearchIndexStore {
  private readonly statements;

  constructor(private readonly db: Database.Database) {
    this.statements = {
      insertTerm: db.prepare('INSERT INTO search_terms (project_id, term_id, stem) VALUES (?, ?, ?)'),
      insertUrl: db.prepare('INSERT INTO search_urls (project_id, doc_no, url) VALUES (?, ?, ?)'),
      upsertDocument: db.prepare(
        `INSERT OR REPLACE INTO search_documents (project_id, ${DOCUMENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      upsertText: db.prepare(
        `INSERT OR REPLACE INTO search_texts (page_id, text, eligible, term_ids, word_term_ids, analysis_version)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      analysisVersion: db.prepare('SELECT analysis_version FROM search_texts WHERE page_id = ?').pluck(),
      upsertStats: db.prepare(
        `INSERT OR REPLACE INTO search_stats
           (project_id, revision, document_frequencies, posting_counts, document_count, total_length)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      document: db.prepare(`SELECT ${DOCUMENT_COLUMNS} FROM search_documents WHERE page_id = ?`),
      text: db.prepare('SELECT text, eligible, word_term_ids FROM search_texts WHERE page_id = ?'),
      termIds: db.prepare('SELECT term_ids FROM search_texts WHERE page_id = ?').pluck(),
      terms: db.prepare('SELECT term_id, stem FROM search_terms WHERE project_id = ? ORDER BY term_id').raw(),
      urls: db.prepare('SELECT doc_no, url FROM search_urls WHERE project_id = ? ORDER BY doc_no').raw(),
      stats: db.prepare(
        'SELECT revision, document_frequencies, posting_counts, document_count, total_length FROM search_stats WHERE project_id = ?',
      ),
      revision: db.prepare('SELECT revision FROM search_stats WHERE project_id = ?').pluck(),
      documents: db.prepare(`SELECT ${DOCUMENT_COLUMNS} FROM search_documents WHERE project_id = ?`),
      projects: db.prepare('SELECT project_id FROM search_stats').pluck(),
      deleteTerms: db.prepare('DELETE FROM search_terms WHERE project_id = ?'),
      deleteUrls: db.prepare('DELETE FROM search_urls WHERE project_id = ?'),
      deleteTexts: db.prepare('DELETE FROM search_texts WHERE page_id IN (SELECT page_id FROM search_documents WHERE project_id = ?)'),
      deleteDocuments: db.prepare('DELETE FROM search_documents WHERE project_id = ?'),
      deleteStats: db.prepare('DELETE FROM search_stats WHERE project_id = ?'),
      upsertSnapshot: db.prepare('INSERT OR REPLACE INTO search_snapshots (project_id, revision, format, data) VALUES (?, ?, ?, ?)'),
      snapshot: db.prepare('SELECT revision, format, data FROM search_snapshots WHERE project_id = ?'),
      deleteSnapshot: db.prepare('DELETE FROM search_snapshots WHERE project_id = ?'),
      snapshotRevision: db.prepare('SELECT revision FROM search_snapshots WHERE project_id = ?').pluck(),
    };
  }

  insertTerms(projectId: string, terms: readonly { id: number; stem: string }[]): void {
    for (const term of terms) this.statements.insertTerm.run(projectId, term.id, term.stem);
  }

  insertUrls(projectId: string, urls: readonly { docNo: number; url: string }[]): void {
    for (const entry of urls) this.statements.insertUrl.run(projectId, entry.docNo, entry.url);
  }

  saveDocument(projectId: string, document: CorpusDocument, text: TextToStore): void {
    this.statements.upsertDocument.run(
      projectId,
      document.pageId,
      document.docNo,
      document.statusCode,
      document.language,
      document.length,
      toBytes(document.titleTermIds),
      toBytes(document.postingTermIds),
      toBytes(document.postingCounts),
      toBytes(document.phrases),
      toBytes(document.outlinks),
      document.averageLength,
      document.vectorNorm,
    );
    this.statements.upsertText.run(
      document.pageId,
      text.text,
      toBytes(Int32Array.from(text.eligible)),
      toBytes(text.termIds),
      toBytes(text.wordTermIds),
      text.analysisVersion,
    );
  }

  /** The analysis version a page was indexed with, or undefined when it is not indexed. */
  analysisVersion(pageId: string): number | undefined {
    return this.statements.analysisVersion.get(pageId) as number | undefined;
  }

  saveStats(projectId: string, stats: StoredStats): void {
    this.statements.upsertStats.run(
      projectId,
      stats.revision,
      toBytes(stats.documentFrequencies),
      toBytes(stats.postingCounts),
      stats.documentCount,
      stats.totalLength,
    );
  }

  /** The stored revision of a project's index (0 when it has none). */
  revision(projectId: string): number {
    return (this.statements.revision.get(projectId) as number | undefined) ?? 0;
  }

  document(pageId: string): CorpusDocument | undefined {
    const row = this.statements.document.get(pageId) as DocumentRow | undefined;
    return row && toDocument(row);
  }

  /** A page's stored text; `wordTermIds` is null for pages indexed before migration 0005. */
  text(pageId: string): StoredSourceText | undefined {
    const row = this.statements.text.get(pageId) as { text: string; eligible: Buffer; word_term_ids: Buffer | null } | undefined;
    return (
      row && {
        text: row.text,
        eligible: int32FromBytes(row.eligible),
        wordTermIds: row.word_term_ids === null ? null : int32FromBytes(row.word_term_ids),
      }
    );
  }

  /** All distinct term ids of a stored page version. */
  termIds(pageId: string): Int32Array {
    const bytes = this.statements.termIds.get(pageId) as Buffer | undefined;
    return bytes ? int32FromBytes(bytes) : new Int32Array(0);
  }

  terms(projectId: string): IterableIterator<[number, string]> {
    return this.statements.terms.iterate(projectId) as IterableIterator<[number, string]>;
  }

  urls(projectId: string): IterableIterator<[number, string]> {
    return this.statements.urls.iterate(projectId) as IterableIterator<[number, string]>;
  }

  stats(projectId: string): StoredStats | undefined {
    const row = this.statements.stats.get(projectId) as
      | { revision: number; document_frequencies: Buffer; posting_counts: Buffer; document_count: number; total_length: number }
      | undefined;
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

  *documents(projectId: string): Generator<CorpusDocument> {
    for (const row of this.statements.documents.iterate(projectId)) yield toDocument(row as DocumentRow);
  }

  /** Projects that have an index (ProjectIndexes.warmUp). */
  projectIds(): string[] {
    return this.statements.projects.all() as string[];
  }

  saveSnapshot(projectId: string, snapshot: StoredSnapshot): void {
    this.statements.upsertSnapshot.run(projectId, snapshot.revision, snapshot.format, snapshot.data);
  }

  snapshot(projectId: string): StoredSnapshot | undefined {
    return this.statements.snapshot.get(projectId) as StoredSnapshot | undefined;
  }

  /** The revision of the project's stored snapshot, or undefined when it has none. */
  snapshotRevision(projectId: string): number | undefined {
    return this.statements.snapshotRevision.get(projectId) as number | undefined;
  }

  deleteSnapshot(projectId: string): void {
    this.statements.deleteSnapshot.run(projectId);
  }

  deleteProject(projectId: string): void {
    this.db.transaction(() => {
      this.statements.deleteSnapshot.run(projectId);
      this.statements.deleteTexts.run(projectId);
      this.statements.deleteDocuments.run(projectId);
      this.statements.deleteUrls.run(projectId);
      this.statements.deleteTerms.run(projectId);
      this.statements.deleteStats.run(projectId);
    })();
  }
}
