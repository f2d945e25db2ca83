import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { inBatches } from '../db/batches.js';
import type { Executor } from '../db/database.js';
import type { Schema } from '../db/schema.js';
import type { Suggestion, SuggestionStatus } from './suggestions.schemas.js';

export interface SuggestionUpsert {
  newId: string;
  projectId: string;
  sourcePageId: string;
  targetPageId: string;
  anchorText: string;
  context: string;
  relevanceScore: number;
  /** The model inputs it was scored with (float32 bytes). */
  inputs: Buffer;
  now: string;
}

/** An editor's verdict on a suggestion and the model inputs it was scored with. */
export interface StoredDecision {
  inputs: Float32Array;
  accepted: boolean;
  sourcePageId: string;
  targetPageId: string;
}

/** Changes whenever a decision is made, changed or removed: what a cached adapted model is keyed by. */
export interface DecisionsRevision {
  count: number;
  lastUpdatedAt: string | null;
}

export interface SuggestionOrder {
  orderBy: keyof typeof SORT_COLUMNS;
  order: 'asc' | 'desc';
}

const SORT_COLUMNS = { createdAt: 's.created_at', relevanceScore: 's.relevance_score' } as const;

export interface SuggestionFilter {
  statuses?: readonly SuggestionStatus[] | undefined;
  sourceKey?: string | undefined;
  targetKey?: string | undefined;
  implementationId?: string | undefined;
  ids?: readonly string[] | undefined;
  /** Text the anchor or either page's title contains (ASCII case ignored). */
  text?: string | undefined;
  /** Only suggestions whose source and target pages are live (2xx as last synced). */
  livePages?: boolean | undefined;
}

/** `text` as a LIKE pattern that matches it literally anywhere (%, _ and \ escaped). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Whether the page `p` is inside the project's paths (prefixes of its URL path). substr and the prefix's length in
 * code points, not LIKE: LIKE ignores ASCII case on SQLite.
 */
export function inPaths(eb: ExpressionBuilder<Schema & { p: Schema['pages'] }, 'p'>, includePaths: readonly string[], excludePaths: readonly string[]): Expression<SqlBool> {
  const under = (prefix: string) => eb(eb.fn<string>('substr', ['p.path', eb.lit(1), eb.val([...prefix].length)]), '=', prefix);
  const conditions: Expression<SqlBool>[] = [];
  if (includePaths.length > 0) conditions.push(eb.or(includePaths.map(under)));
  for (const prefix of excludePaths) conditions.push(eb.not(under(prefix)));
  return eb.and(conditions);
}

export class SuggestionsRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  private joined(executor: Executor) {
    return executor
      .selectFrom('suggestions as s')
      .innerJoin('pages as src', 'src.id', 's.source_page_id')
      .innerJoin('pages as tgt', 'tgt.id', 's.target_page_id');
  }

  private selected(executor: Executor) {
    return this.joined(executor).select([
      's.id',
      'src.url as sourcePageUrl',
      'tgt.url as targetPageUrl',
      's.anchor_text as anchorText',
      's.context',
      's.relevance_score as relevanceScore',
      's.status',
      's.source_page_id as sourcePageId',
      's.target_page_id as targetPageId',
      's.created_at as createdAt',
      's.updated_at as updatedAt',
    ]);
  }

  /**
   * Removes the project's pending suggestions that its generation settings would no longer propose: those scoring
   * below `minScore`, and those whose anchor `isAnchorAllowed` refuses. Returns how many went.
   */
  async removePendingRefusedBy(
    executor: Executor,
    projectId: string,
    minScore: number,
    isAnchorAllowed: ((anchorText: string) => boolean) | undefined,
  ): Promise<number> {
    const below = await executor
      .deleteFrom('suggestions')
      .where('project_id', '=', projectId)
      .where('status', '=', 'pending')
      .where('relevance_score', '<', minScore)
      .executeTakeFirst();
    let removed = Number(below.numDeletedRows);
    if (isAnchorAllowed) {
      const pending = await executor
        .selectFrom('suggestions')
        .select(['id', 'anchor_text as anchorText'])
        .where('project_id', '=', projectId)
        .where('status', '=', 'pending')
        .execute();
      const refused = pending.filter((row) => !isAnchorAllowed(row.anchorText)).map((row) => row.id);
      for (const batch of inBatches(refused)) {
        const result = await executor.deleteFrom('suggestions').where('id', 'in', batch).executeTakeFirst();
        removed += Number(result.numDeletedRows);
      }
    }
    return removed;
  }

  /**
   * Stores the rows as pending suggestions and answers the pairs stored with their ids: a pending suggestion for the
   * pair is refreshed in place (same id); a pair of any other status is left alone and missing from the answer.
   */
  async upsertPending(executor: Executor, rows: readonly SuggestionUpsert[]): Promise<{ id: string; sourcePageId: string; targetPageId: string }[]> {
    if (rows.length === 0) return [];
    return executor
      .insertInto('suggestions')
      .values(
        rows.map((row) => ({
          id: row.newId,
          project_id: row.projectId,
          source_page_id: row.sourcePageId,
          target_page_id: row.targetPageId,
          anchor_text: row.anchorText,
          context: row.context,
          relevance_score: row.relevanceScore,
          status: 'pending' as const,
          created_at: row.now,
          updated_at: row.now,
          inputs: row.inputs,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['source_page_id', 'target_page_id'])
          .doUpdateSet((eb) => ({
            anchor_text: eb.ref('excluded.anchor_text'),
            context: eb.ref('excluded.context'),
            relevance_score: eb.ref('excluded.relevance_score'),
            updated_at: eb.ref('excluded.updated_at'),
            inputs: eb.ref('excluded.inputs'),
          }))
          .where('suggestions.status', '=', 'pending'),
      )
      .returning(['id', 'source_page_id as sourcePageId', 'target_page_id as targetPageId'])
      .execute();
  }

  find(projectId: string, id: string, executor: Executor = this.db): Promise<Suggestion | undefined> {
    return this.selected(executor).where('s.id', '=', id).where('s.project_id', '=', projectId).executeTakeFirst();
  }

  /** Several suggestions of the project (in no particular order). */
  async findMany(projectId: string, ids: readonly string[], executor: Executor = this.db): Promise<Suggestion[]> {
    const found: Suggestion[] = [];
    for (const batch of inBatches(ids)) {
      // By primary key alone, the project checked here: with project_id in the query, SQLite's planner may take the
      // project's index and read every suggestion of the project.
      const rows = await this.selected(executor).select('s.project_id as projectId').where('s.id', 'in', batch).execute();
      for (const { projectId: owner, ...suggestion } of rows) if (owner === projectId) found.push(suggestion);
    }
    return found;
  }

  list(projectId: string, filter: SuggestionFilter, order: SuggestionOrder, limit: number, offset: number): Promise<Suggestion[]> {
    return this.selected(this.db)
      .where((eb) => this.filtered(eb, projectId, filter))
      .orderBy(SORT_COLUMNS[order.orderBy], order.order)
      // Insertion order keeps equal values in a stable order.
      .orderBy('s.rowid', order.order)
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async count(projectId: string, filter: SuggestionFilter): Promise<number> {
    const row = await this.joined(this.db)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where((eb) => this.filtered(eb, projectId, filter))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Targets the source has a suggestion for that an editor has acted on (approved, rejected, implemented). */
  async settledTargetIds(sourcePageId: string, executor: Executor = this.db): Promise<string[]> {
    const rows = await executor.selectFrom('suggestions').select('target_page_id').where('source_page_id', '=', sourcePageId).where('status', '<>', 'pending').execute();
    return rows.map((row) => row.target_page_id);
  }

  /** settledTargetIds of several sources at once, by source (a source with none is missing). */
  async settledTargetsOf(sourcePageIds: readonly string[], executor: Executor = this.db): Promise<Map<string, Set<string>>> {
    const settled = new Map<string, Set<string>>();
    for (const batch of inBatches(sourcePageIds)) {
      const rows = await executor
        .selectFrom('suggestions')
        .select(['source_page_id', 'target_page_id'])
        .where('source_page_id', 'in', batch)
        .where('status', '<>', 'pending')
        .execute();
      for (const row of rows) {
        const targets = settled.get(row.source_page_id) ?? new Set<string>();
        targets.add(row.target_page_id);
        settled.set(row.source_page_id, targets);
      }
    }
    return settled;
  }

  /** Sources the target has a suggestion from that an editor has acted on (approved, rejected, implemented). */
  async settledSourceIds(targetPageId: string, executor: Executor = this.db): Promise<string[]> {
    const rows = await executor.selectFrom('suggestions').select('source_page_id').where('target_page_id', '=', targetPageId).where('status', '<>', 'pending').execute();
    return rows.map((row) => row.source_page_id);
  }

  async decisionsRevision(projectId: string, executor: Executor = this.db): Promise<DecisionsRevision> {
    // Decisions without inputs (made before they were kept) count too: the query then reads only the index.
    const row = await executor
      .selectFrom('suggestions')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('updated_at').as('lastUpdatedAt')])
      .where('project_id', '=', projectId)
      .where('status', '<>', 'pending')
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), lastUpdatedAt: row.lastUpdatedAt ?? null };
  }

  /** The most recent decisions: approved and implemented suggestions were accepted, rejected ones were not. */
  async decisions(projectId: string, limit: number, executor: Executor = this.db): Promise<StoredDecision[]> {
    const rows = await executor
      .selectFrom('suggestions')
      .select(['inputs', 'status', 'source_page_id', 'target_page_id'])
      .where('project_id', '=', projectId)
      .where('inputs', 'is not', null)
      .where('status', '<>', 'pending')
      .orderBy('updated_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => {
      const inputs = row.inputs!;
      return {
        inputs: new Float32Array(inputs.buffer.slice(inputs.byteOffset, inputs.byteOffset + inputs.byteLength)),
        accepted: row.status !== 'rejected',
        sourcePageId: row.source_page_id,
        targetPageId: row.target_page_id,
      };
    });
  }

  async setStatus(executor: Executor, id: string, status: SuggestionStatus, now: string): Promise<void> {
    await executor.updateTable('suggestions').set({ status, updated_at: now }).where('id', '=', id).execute();
  }

  async remove(executor: Executor, projectId: string, id: string): Promise<boolean> {
    const result = await executor.deleteFrom('suggestions').where('id', '=', id).where('project_id', '=', projectId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Pending suggestions from or to a page that is now excluded from suggestions. */
  async removePendingOfPage(executor: Executor, pageId: string): Promise<void> {
    await executor
      .deleteFrom('suggestions')
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('source_page_id', '=', pageId), eb('target_page_id', '=', pageId)]))
      .execute();
  }

  /** Pending suggestions to a page that no longer answers 2xx. */
  async removePendingToPage(executor: Executor, pageId: string): Promise<void> {
    await executor.deleteFrom('suggestions').where('status', '=', 'pending').where('target_page_id', '=', pageId).execute();
  }

  /**
   * Pending suggestions from or to the page whose other page is of a language `isSameLanguage` refuses (its argument:
   * that page's stored tag). Returns how many went.
   */
  async removePendingAcrossLanguages(executor: Executor, pageId: string, isSameLanguage: (otherLanguage: string) => boolean): Promise<number> {
    const outbound = await executor
      .selectFrom('suggestions as s')
      .innerJoin('pages as other', 'other.id', 's.target_page_id')
      .select(['s.id', 'other.language'])
      .where('s.status', '=', 'pending')
      .where('s.source_page_id', '=', pageId)
      .execute();
    const inbound = await executor
      .selectFrom('suggestions as s')
      .innerJoin('pages as other', 'other.id', 's.source_page_id')
      .select(['s.id', 'other.language'])
      .where('s.status', '=', 'pending')
      .where('s.target_page_id', '=', pageId)
      .execute();
    const refused = [...new Set([...outbound, ...inbound].filter((row) => !isSameLanguage(row.language)).map((row) => row.id))];
    let removed = 0;
    for (const batch of inBatches(refused)) {
      const result = await executor.deleteFrom('suggestions').where('id', 'in', batch).executeTakeFirst();
      removed += Number(result.numDeletedRows);
    }
    return removed;
  }

  /** Pending suggestions whose source or target is now outside the project's paths. */
  async removePendingOutsidePaths(executor: Executor, projectId: string, includePaths: readonly string[], excludePaths: readonly string[]): Promise<void> {
    if (includePaths.length === 0 && excludePaths.length === 0) return;
    const outside = executor
      .selectFrom('pages as p')
      .select('p.id')
      .where('p.project_id', '=', projectId)
      .where((eb) => eb.not(inPaths(eb, includePaths, excludePaths)));
    await executor
      .deleteFrom('suggestions')
      .where('project_id', '=', projectId)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('source_page_id', 'in', outside), eb('target_page_id', 'in', outside)]))
      .execute();
  }

  /** True when the suggestion was applied by a completed implementation that has not been rolled back. */
  async isLockedByImplementation(id: string, executor: Executor = this.db): Promise<boolean> {
    const row = await executor
      .selectFrom('implementation_items as i')
      .innerJoin('implementations as m', 'm.id', 'i.implementation_id')
      .select('i.suggestion_id')
      .where('i.suggestion_id', '=', id)
      .where('i.succeeded', '=', 1)
      .where('i.rolled_back_at', 'is', null)
      .where('m.status', '=', 'completed')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  private filtered(eb: ExpressionBuilder<Schema & JoinedTables, 's' | 'src' | 'tgt'>, projectId: string, filter: SuggestionFilter): Expression<SqlBool> {
    const conditions: Expression<SqlBool>[] = [eb('s.project_id', '=', projectId)];
    if (filter.statuses) conditions.push(filter.statuses.length > 0 ? eb('s.status', 'in', filter.statuses) : eb.lit(false));
    if (filter.sourceKey !== undefined) conditions.push(eb('src.url_key', '=', filter.sourceKey));
    if (filter.targetKey !== undefined) conditions.push(eb('tgt.url_key', '=', filter.targetKey));
    if (filter.implementationId !== undefined) {
      conditions.push(
        eb('s.id', 'in', eb.selectFrom('implementation_items').select('suggestion_id').where('implementation_id', '=', filter.implementationId)),
      );
    }
    if (filter.ids) conditions.push(filter.ids.length > 0 ? eb('s.id', 'in', filter.ids) : eb.lit(false));
    if (filter.text !== undefined) {
      const pattern = containsPattern(filter.text.toLowerCase());
      const contains = (column: 's.anchor_text' | 'src.title' | 'tgt.title') => sql<SqlBool>`lower(${eb.ref(column)}) LIKE ${pattern} ESCAPE '\\'`;
      conditions.push(eb.or([contains('s.anchor_text'), contains('src.title'), contains('tgt.title')]));
    }
    if (filter.livePages === true) {
      conditions.push(eb.between('src.status_code', 200, 299), eb.between('tgt.status_code', 200, 299));
    }
    return eb.and(conditions);
  }
}

type JoinedTables = { s: Schema['suggestions']; src: Schema['pages']; tgt: Schema['pages'] };
