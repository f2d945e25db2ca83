/**
 * One measurement of the engine at one site size, in its own process so its memory is its own:
 *   npx tsx bench/speed/measure-site.ts --pages 10000 --db .cache/speed/10000.db --phase sync|reload
 * "sync" builds the site into a fresh SQLite file (page rows + analyzePage + ProjectIndexes.applySync in 500-page
 * transactions, as the bridge's batch sync does) and then measures generation; "reload" opens the existing file as a
 * restarted bridge would (warmUp) and measures generation again. Prints one JSON line.
 */
import { rmSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { openDatabase } from '../../bridge/src/db/connection.js';
import { sqliteBackend } from '../../bridge/src/db/database.js';
import { migrate } from '../../bridge/src/db/migrate.js';
import { analyzePage } from '../../bridge/src/engine/page-analysis.js';
import type { IndexedPage } from '../../bridge/src/engine/types.js';
import { ProjectIndexes } from '../../bridge/src/indexing/project-indexes.js';
import { isOnSite, normalizePageUrl, resolveHref } from '../../bridge/src/lib/url.js';
import { SITE_DOMAIN, syntheticPage } from './synthetic-site.js';

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: '1000' },
    db: { type: 'string', default: '.cache/speed/site.db' },
    phase: { type: 'string', default: 'sync' },
    queries: { type: 'string', default: '1000' },
  },
});
const siteSize = Number(args.pages);
const PROJECT = 'prj_speed';
const BATCH = 500;

const mib = (bytes: number): number => Math.round(bytes / 1024 / 1024);
const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function createSite(db: Database.Database): void {
  db.prepare("INSERT INTO accounts (id, name, tier, rate_limit, created_at) VALUES ('acc_speed', 'speed', 'enterprise', 1000000, 'now')").run();
  db.prepare(`INSERT INTO projects (id, account_id, name, domain, created_at, updated_at)
    VALUES ('${PROJECT}', 'acc_speed', 'speed', '${SITE_DOMAIN}', 'now', 'now')`).run();
}

/** Syncs the site batch by batch; returns the time spent in analysis and in the sync transactions. */
async function syncSite(db: Database.Database, indexes: ProjectIndexes): Promise<{ analyseMs: number; transactionMs: number; generateMs: number }> {
  const insertPage = db.prepare(`INSERT INTO pages (id, project_id, url, url_key, title, status_code, created_at, last_synced_at)
    VALUES (?, '${PROJECT}', ?, ?, ?, 200, 'now', 'now')`);
  const insertContent = db.prepare('INSERT INTO page_contents (page_id, content) VALUES (?, ?)');
  const insertLink = db.prepare(`INSERT INTO page_links (source_page_id, project_id, target_key, anchor_text, position)
    VALUES (?, '${PROJECT}', ?, ?, ?)`);
  let analyseMs = 0;
  let transactionMs = 0;
  let generateMs = 0;
  for (let first = 0; first < siteSize; first += BATCH) {
    const started = performance.now();
    const batch = Array.from({ length: Math.min(BATCH, siteSize - first) }, (_, i) => syntheticPage(first + i, siteSize));
    const analysed = performance.now();
    generateMs += analysed - started;
    const indexed: IndexedPage[] = batch.map((page, i) => {
      const url = normalizePageUrl(page.url)!;
      const analysis = analyzePage({ url, title: page.title, html: page.content });
      const linkedUrls = analysis.links
        .map((link) => resolveHref(link.href, url))
        .filter((target): target is string => target !== null && isOnSite(target, SITE_DOMAIN));
      return { pageId: `pg_${first + i}`, url, title: page.title, statusCode: 200, analysis, linkedUrls };
    });
    const written = performance.now();
    analyseMs += written - analysed;
    await indexes.serialized(PROJECT, () =>
      sqliteBackend(db)
        .db.transaction()
        .execute(async (trx) => {
          // The same connection: these rows are in the transaction.
          indexed.forEach((page, i) => {
            insertPage.run(page.pageId, page.url, page.url, page.title);
            insertContent.run(page.pageId, batch[i]!.content);
            page.linkedUrls.forEach((target, position) => insertLink.run(page.pageId, target, '', position));
          });
          await indexes.applySync(trx, PROJECT, indexed);
        }),
    );
    transactionMs += performance.now() - written;
  }
  return { analyseMs, transactionMs, generateMs };
}

async function measureQueries(indexes: ProjectIndexes, count: number) {
  const latencies: number[] = [];
  let suggestions = 0;
  let empty = 0;
  for (let q = 0; q < count + 50; q += 1) {
    const source = Math.floor(((q * 2654435761) >>> 0) % siteSize);
    const started = performance.now();
    const answer = await indexes.generate({
      projectId: PROJECT,
      sourcePageId: `pg_${source}`,
      limit: 10,
      minRelevanceScore: 0,
      excludedTargetIds: new Set(),
      isTargetUrlAllowed: () => true,
    });
    const elapsed = performance.now() - started;
    if (q >= 50) {
      latencies.push(elapsed);
      suggestions += answer.length;
      if (answer.length === 0) empty += 1;
    }
  }
  latencies.sort((a, b) => a - b);
  return {
    queries: count,
    p50Ms: +percentile(latencies, 50).toFixed(2),
    p95Ms: +percentile(latencies, 95).toFixed(2),
    p99Ms: +percentile(latencies, 99).toFixed(2),
    maxMs: +latencies[latencies.length - 1]!.toFixed(2),
    meanSuggestions: +(suggestions / count).toFixed(2),
    emptyAnswers: empty,
  };
}

async function main(): Promise<void> {
  const file = args.db;
  if (args.phase === 'sync') {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    const db = openDatabase(file);
    migrate(db);
    createSite(db);
    const indexes = new ProjectIndexes(sqliteBackend(db).db, { sqlite: db });
    const sync = await syncSite(db, indexes);
    const indexingMs = sync.analyseMs + sync.transactionMs;
    global.gc?.();
    const rssAfterSync = process.memoryUsage().rss;
    const queries = await measureQueries(indexes, Number(args.queries));
    // As the bridge does when it stops, so that "reload" measures a restart.
    const snapshotStarted = performance.now();
    await indexes.saveSnapshots();
    const snapshotMs = Math.round(performance.now() - snapshotStarted);
    db.pragma('wal_checkpoint(TRUNCATE)');
    console.log(
      JSON.stringify({
        phase: 'sync',
        pages: siteSize,
        pagesPerSecond: Math.round(siteSize / (indexingMs / 1000)),
        analyseMsPerPage: +(sync.analyseMs / siteSize).toFixed(3),
        transactionMsPerPage: +(sync.transactionMs / siteSize).toFixed(3),
        rssMiB: mib(rssAfterSync),
        heapMiB: mib(process.memoryUsage().heapUsed),
        heapTotalMiB: mib(process.memoryUsage().heapTotal),
        arrayBuffersMiB: mib(process.memoryUsage().arrayBuffers),
        dbMiB: mib(statSync(file).size),
        snapshotMs,
        ...queries,
      }),
    );
    db.close();
  } else {
    const started = performance.now();
    const db = openDatabase(file);
    migrate(db);
    const indexes = new ProjectIndexes(sqliteBackend(db).db, { sqlite: db });
    await indexes.warmUp();
    const readyMs = performance.now() - started;
    global.gc?.();
    const rss = process.memoryUsage().rss;
    const queries = await measureQueries(indexes, Number(args.queries));
    console.log(
      JSON.stringify({
        phase: 'reload',
        pages: siteSize,
        readyMs: Math.round(readyMs),
        rssMiB: mib(rss),
        heapMiB: mib(process.memoryUsage().heapUsed),
        arrayBuffersMiB: mib(process.memoryUsage().arrayBuffers),
        ...queries,
      }),
    );
    db.close();
  }
}

await main();
