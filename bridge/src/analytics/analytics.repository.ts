import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Schema } from '../db/schema.js';
import { inPaths } from '../suggestions/suggestions.repository.js';
import type { DateWindow } from './date-window.js';
import type { BrokenLink, OrphanPage } from './analytics.schemas.js';

export interface PathFilter {
  includePaths: readonly string[];
  excludePaths: readonly string[];
}

type Counted<K extends string> = Record<K, number>;

/** COUNT results as numbers (PostgreSQL's bigint arrives as a string without the pool's parser). */
function numbers<K extends string>(row: Record<K, unknown>): Counted<K> {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as Counted<K>;
}

function inWindow(eb: ExpressionBuilder<Schema, 'suggestions' | 'implementations'>, window: DateWindow): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (window.from !== null) conditions.push(eb('created_at', '>=', window.from));
  if (window.toExclusive !== null) conditions.push(eb('created_at', '<', window.toExclusive));
  return eb.and(conditions);
}

export class AnalyticsRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  /**
   * Every internal link of the project: links found in synced content, plus implemented suggestions whose link the
   * synced content does not show yet (the platform re-syncs the page after inserting it).
   */
  private allLinks(projectId: string) {
    const db = this.db;
    return db
      .selectFrom('page_links as l')
      .select(['l.source_page_id', 'l.target_key', 'l.anchor_text'])
      .where('l.project_id', '=', projectId)
      .unionAll(
        db
          .selectFrom('suggestions as s')
          .innerJoin('pages as t', 't.id', 's.target_page_id')
          .select(['s.source_page_id', 't.url_key as target_key', 's.anchor_text'])
          .where('s.project_id', '=', projectId)
          .where('s.status', '=', 'implemented')
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('page_links as l2')
                  .select('l2.position')
                  .whereRef('l2.source_page_id', '=', 's.source_page_id')
                  .whereRef('l2.target_key', '=', 't.url_key'),
              ),
            ),
          ),
      );
  }

  /** Distinct (source, target page) pairs between synced pages; a page linking to itself does not count. */
  private inboundPairs(projectId: string) {
    return this.db
      .selectFrom(this.allLinks(projectId).as('a'))
      .innerJoin('pages as p', (join) => join.on('p.project_id', '=', projectId).onRef('p.url_key', '=', 'a.target_key'))
      .select(['a.source_page_id', 'p.id as target_page_id'])
      .distinct()
      .whereRef('p.id', '<>', 'a.source_page_id');
  }

  /** Pages that take part in suggestions: live, not excluded, inside includePaths (when any) and outside excludePaths. */
  private eligiblePages(projectId: string, paths: PathFilter) {
    return this.db
      .selectFrom('pages as p')
      .where('p.project_id', '=', projectId)
      .where('p.status_code', '>=', 200)
      .where('p.status_code', '<=', 299)
      .where('p.excluded', '=', 0)
      .where((eb) => inPaths(eb, paths.includePaths, paths.excludePaths));
  }

  async suggestionCounts(projectId: string, window: DateWindow) {
    const row = await this.db
      .selectFrom('suggestions')
      .select((eb) => [
        eb.fn.countAll().as('total'),
        eb.fn.countAll().filterWhere('status', '=', 'pending').as('pending'),
        eb.fn.countAll().filterWhere('status', '=', 'approved').as('approved'),
        eb.fn.countAll().filterWhere('status', '=', 'implemented').as('implemented'),
        eb.fn.countAll().filterWhere('status', '=', 'rejected').as('rejected'),
      ])
      .where('project_id', '=', projectId)
      .where((eb) => inWindow(eb, window))
      .executeTakeFirstOrThrow();
    return numbers(row);
  }

  async implementationCounts(projectId: string, window: DateWindow) {
    const row = await this.db
      .selectFrom('implementations')
      .select((eb) => [
        eb.fn.countAll().as('total'),
        eb.fn.countAll().filterWhere('status', '=', 'completed').as('successful'),
        eb.fn.countAll().filterWhere('status', '=', 'failed').as('failed'),
        eb.fn.countAll().filterWhere('status', '=', 'pending').as('pending'),
        eb.fn.countAll().filterWhere('status', '=', 'rolled_back').as('rolledBack'),
      ])
      .where('project_id', '=', projectId)
      .where((eb) => inWindow(eb, window))
      .executeTakeFirstOrThrow();
    return numbers(row);
  }

  async pageCounts(projectId: string) {
    const synced = await this.db
      .selectFrom('pages')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    const pending = await this.db
      .selectFrom('page_links as l')
      .select((eb) => eb.fn.count('l.target_key').distinct().as('count'))
      .where('l.project_id', '=', projectId)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('pages as p').select('p.id').where('p.project_id', '=', projectId).whereRef('p.url_key', '=', 'l.target_key'))),
      )
      .executeTakeFirstOrThrow();
    return { synced: Number(synced.count), pending: Number(pending.count) };
  }

  async linkCounts(projectId: string) {
    const row = await this.db
      .selectFrom(this.allLinks(projectId).as('a'))
      .leftJoin('pages as p', (join) => join.on('p.project_id', '=', projectId).onRef('p.url_key', '=', 'a.target_key'))
      .select((eb) => [
        eb.fn.countAll().as('total'),
        eb.fn.countAll().filterWhere(eb.between('p.status_code', 200, 299)).as('active'),
        eb.fn.countAll().filterWhere(eb.between('p.status_code', 400, 599)).as('broken'),
        eb.fn
          .countAll()
          .filterWhere(eb.or([eb.between('p.status_code', 300, 399), eb('p.status_code', '<', 200)]))
          .as('redirected'),
        eb.fn.countAll().filterWhere('p.id', 'is', null).as('unresolved'),
      ])
      .executeTakeFirstOrThrow();
    return numbers(row);
  }

  async daily(projectId: string, window: DateWindow): Promise<{ suggestions: Map<string, number>; implementations: Map<string, number> }> {
    const perDay = async (table: 'suggestions' | 'implementations') => {
      const rows = await this.db
        .selectFrom(table)
        .select((eb) => [eb.fn<string>('substr', ['created_at', eb.lit(1), eb.lit(10)]).as('day'), eb.fn.countAll().as('n')])
        .where('project_id', '=', projectId)
        .where((eb) => inWindow(eb, window))
        .groupBy('day')
        .execute();
      return new Map(rows.map((row) => [row.day, Number(row.n)]));
    };
    return { suggestions: await perDay('suggestions'), implementations: await perDay('implementations') };
  }

  async orphans(projectId: string, paths: PathFilter, limit: number, offset: number): Promise<{ items: OrphanPage[]; total: number }> {
    const orphan = () =>
      this.eligiblePages(projectId, paths).where('p.id', 'not in', this.db.selectFrom(this.inboundPairs(projectId).as('pairs')).select('pairs.target_page_id'));
    const items = await orphan()
      .select(['p.id', 'p.url', 'p.title'])
      .orderBy('p.created_at', 'desc')
      .orderBy('p.rowid', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const total = await orphan().select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
    return { items, total: Number(total.count) };
  }

  async brokenLinks(projectId: string, limit: number, offset: number): Promise<{ items: BrokenLink[]; total: number }> {
    // A link in a page the site reported gone is no link a visitor follows, and quotes a page that is no longer public.
    const broken = () =>
      this.db
        .selectFrom(this.allLinks(projectId).as('a'))
        .innerJoin('pages as t', (join) => join.on('t.project_id', '=', projectId).onRef('t.url_key', '=', 'a.target_key'))
        .innerJoin('pages as s', 's.id', 'a.source_page_id')
        .where('t.status_code', '>=', 400)
        .where('t.status_code', '<=', 599)
        .where('s.status_code', '>=', 200)
        .where('s.status_code', '<=', 299);
    const items = await broken()
      .select(['a.source_page_id as sourcePageId', 's.url as sourcePageUrl', 't.url as targetUrl', 'a.anchor_text as anchorText', 't.status_code as statusCode'])
      .orderBy('s.url')
      .orderBy('t.url')
      .limit(limit)
      .offset(offset)
      .execute();
    const total = await broken().select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
    return { items, total: Number(total.count) };
  }

  async inboundCounts(projectId: string, paths: PathFilter): Promise<{ inbound: number; pages: number }[]> {
    const perTarget = this.db
      .selectFrom(this.inboundPairs(projectId).as('pairs'))
      .select((eb) => ['pairs.target_page_id', eb.fn.countAll().as('n')])
      .groupBy('pairs.target_page_id');
    const rows = await this.eligiblePages(projectId, paths)
      .leftJoin(perTarget.as('c'), 'c.target_page_id', 'p.id')
      .select((eb) => [eb.fn.coalesce('c.n', eb.lit(0)).as('inbound'), eb.fn.countAll().as('pages')])
      .groupBy('inbound')
      .execute();
    return rows.map((row) => ({ inbound: Number(row.inbound), pages: Number(row.pages) }));
  }
}
