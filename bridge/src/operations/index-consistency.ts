import type { Db } from '../db/connection.js';
import { int32FromBytes } from '../engine/typed-arrays.js';

/** What `check` found of one project's stored search index. */
export interface ProjectIndexReport {
  projectId: string;
  pages: number;
  /** The stored index's revision (sync batches applied), 0 when it has none. */
  revision: number;
  problems: string[];
}

interface StatsRow {
  revision: number;
  document_frequencies: Buffer;
  posting_counts: Buffer;
  document_count: number;
  total_length: number;
}

interface DocumentRow {
  page_id: string;
  doc_no: number;
  status_code: number;
  length: number;
  posting_terms: Buffer;
  term_ids: Buffer | null;
  page_project: string | null;
  url_key: string | null;
  doc_url: string | null;
}

/** Only pages that answered 2xx count in document frequencies, lengths and postings (engine/site-corpus.ts). */
const isSuccess = (statusCode: number): boolean => statusCode >= 200 && statusCode < 300;

/** Counts each id of `ids` in `counts`; false when an id is outside the vocabulary. */
function countInto(counts: Int32Array, ids: Int32Array): boolean {
  for (const id of ids) {
    if (id < 0 || id >= counts.length) return false;
    counts[id]! += 1;
  }
  return true;
}

function firstDifference(stored: Int32Array, computed: Int32Array): number {
  for (let id = 0; id < computed.length; id += 1) if (stored[id] !== computed[id]) return id;
  return -1;
}

/**
 * Compares a project's stored index (migration 0002: vocabulary, URLs, documents, statistics; 0006: snapshot) with
 * its page rows and with itself, the way a rebuild at the next load would read it: every page indexed under its own
 * project and URL, the totals and document frequencies those documents add up to, the posting counts the inverted
 * index is allocated with, a snapshot no newer than the index. Reads only.
 */
export function checkProjectIndex(db: Db, projectId: string): ProjectIndexReport {
  const problems: string[] = [];
  const pages = db.prepare('SELECT COUNT(*) FROM pages WHERE project_id = ?').pluck().get(projectId) as number;
  const stats = db
    .prepare('SELECT revision, document_frequencies, posting_counts, document_count, total_length FROM search_stats WHERE project_id = ?')
    .get(projectId) as StatsRow | undefined;

  const unindexed = db
    .prepare('SELECT COUNT(*) FROM pages p WHERE p.project_id = ? AND NOT EXISTS (SELECT 1 FROM search_documents d WHERE d.page_id = p.id)')
    .pluck()
    .get(projectId) as number;
  if (unindexed > 0) problems.push(`${unindexed} of ${pages} pages have no search document`);

  const terms = db.prepare('SELECT COUNT(*) AS count, MAX(term_id) AS max FROM search_terms WHERE project_id = ?').get(projectId) as {
    count: number;
    max: number | null;
  };
  if (terms.count > 0 && terms.max !== terms.count - 1) problems.push(`term ids are not 0…${terms.count - 1} (highest ${terms.max})`);

  const documents = db.prepare(
    `SELECT d.page_id, d.doc_no, d.status_code, d.length, d.posting_terms, t.term_ids,
            p.project_id AS page_project, p.url_key, u.url AS doc_url
       FROM search_documents d
       LEFT JOIN search_texts t ON t.page_id = d.page_id
       LEFT JOIN pages p ON p.id = d.page_id
       LEFT JOIN search_urls u ON u.project_id = d.project_id AND u.doc_no = d.doc_no
      WHERE d.project_id = ?`,
  );
  const frequencies = new Int32Array(terms.count);
  const postings = new Int32Array(terms.count);
  const docNos = new Set<number>();
  let successful = 0;
  let totalLength = 0;
  let documentCount = 0;
  const wrong = { project: 0, url: 0, text: 0, docNo: 0, termIds: 0 };
  for (const row of documents.iterate(projectId) as IterableIterator<DocumentRow>) {
    documentCount += 1;
    if (row.page_project !== projectId) wrong.project += 1;
    if (row.doc_url === null || row.doc_url !== row.url_key) wrong.url += 1;
    if (docNos.has(row.doc_no)) wrong.docNo += 1;
    docNos.add(row.doc_no);
    if (row.term_ids === null) {
      wrong.text += 1;
      continue;
    }
    if (!isSuccess(row.status_code)) continue;
    successful += 1;
    totalLength += row.length;
    if (!countInto(frequencies, int32FromBytes(row.term_ids)) || !countInto(postings, int32FromBytes(row.posting_terms))) wrong.termIds += 1;
  }
  if (wrong.project > 0) problems.push(`${wrong.project} search documents belong to pages of another project`);
  if (wrong.url > 0) problems.push(`${wrong.url} search documents have no URL entry, or another page's URL`);
  if (wrong.docNo > 0) problems.push(`${wrong.docNo} search documents share a document number`);
  if (wrong.text > 0) problems.push(`${wrong.text} search documents have no stored text`);
  if (wrong.termIds > 0) problems.push(`${wrong.termIds} search documents name terms outside the vocabulary`);

  if (stats === undefined) {
    if (documentCount > 0) problems.push(`${documentCount} search documents but no index statistics`);
  } else {
    if (stats.document_count !== successful) problems.push(`statistics count ${stats.document_count} documents, the rows ${successful}`);
    if (stats.total_length !== totalLength) problems.push(`statistics total length ${stats.total_length}, the rows ${totalLength}`);
    const storedFrequencies = int32FromBytes(stats.document_frequencies);
    const storedPostings = int32FromBytes(stats.posting_counts);
    if (storedFrequencies.length !== terms.count) {
      problems.push(`document frequencies cover ${storedFrequencies.length} terms, the vocabulary ${terms.count}`);
    } else if (wrong.termIds === 0) {
      const id = firstDifference(storedFrequencies, frequencies);
      if (id !== -1) problems.push(`document frequency of term ${id} is ${storedFrequencies[id]}, the rows give ${frequencies[id]}`);
    }
    if (storedPostings.length !== terms.count) {
      problems.push(`posting counts cover ${storedPostings.length} terms, the vocabulary ${terms.count}`);
    } else if (wrong.termIds === 0) {
      const id = firstDifference(storedPostings, postings);
      if (id !== -1) problems.push(`posting count of term ${id} is ${storedPostings[id]}, the rows give ${postings[id]}`);
    }
  }

  const revision = stats?.revision ?? 0;
  const snapshot = db.prepare('SELECT revision FROM search_snapshots WHERE project_id = ?').pluck().get(projectId) as number | undefined;
  if (snapshot !== undefined && snapshot > revision) problems.push(`snapshot of revision ${snapshot} is newer than the index (${revision})`);
  return { projectId, pages, revision, problems };
}
