import type { Expression, ExpressionBuilder, Kysely, Selectable, SqlBool } from 'kysely';
import { inBatches } from '../db/batches.js';
import type { Executor } from '../db/database.js';
import type { ImplementationItemsTable, ImplementationsTable, Schema } from '../db/schema.js';
import type { SuggestionStatus } from '../suggestions/suggestions.schemas.js';
import type { Implementation, ImplementationStatus } from './implementations.schemas.js';

/** A row as selected: the table's columns without the insertion order. */
type ImplementationRow = Omit<Selectable<ImplementationsTable>, 'rowid'>;
type ItemRow = Omit<Selectable<ImplementationItemsTable>, 'position'>;

export interface ImplementationFilter {
  status?: ImplementationStatus | undefined;
  ids?: readonly string[] | undefined;
}

export interface SuggestionState {
  id: string;
  status: string;
}

/** A suggestion held by an implementation that is not over for it (see `holders`). */
export interface SuggestionHolder {
  suggestionId: string;
  implementationId: string;
  status: ImplementationStatus;
}

export class ImplementationsRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async insert(executor: Executor, projectId: string, id: string, platform: string, suggestionIds: readonly string[], createdAt: string): Promise<void> {
    await executor.insertInto('implementations').values({ id, project_id: projectId, platform, status: 'pending', created_at: createdAt }).execute();
    const items = suggestionIds.map((suggestionId, position) => ({ implementation_id: id, suggestion_id: suggestionId, position }));
    for (const batch of inBatches(items)) await executor.insertInto('implementation_items').values(batch).execute();
  }

  async find(projectId: string, id: string, executor: Executor = this.db): Promise<Implementation | undefined> {
    const row = await this.rows(executor).where('id', '=', id).where('project_id', '=', projectId).executeTakeFirst();
    return row ? this.toImplementation(executor, row) : undefined;
  }

  async list(projectId: string, filter: ImplementationFilter, limit: number, offset: number): Promise<Implementation[]> {
    const rows = await this.rows(this.db)
      .where((eb) => filtered(eb, projectId, filter))
      .orderBy('created_at', 'desc')
      .orderBy('rowid', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return Promise.all(rows.map((row) => this.toImplementation(this.db, row)));
  }

  async count(projectId: string, filter: ImplementationFilter): Promise<number> {
    const row = await this.db
      .selectFrom('implementations')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where((eb) => filtered(eb, projectId, filter))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async suggestionStates(executor: Executor, projectId: string, ids: readonly string[]): Promise<SuggestionState[]> {
    const states: SuggestionState[] = [];
    for (const batch of inBatches(ids)) {
      // By primary key alone, the project checked here (findMany in suggestions.repository.ts says why).
      const rows = await executor.selectFrom('suggestions').select(['id', 'status', 'project_id']).where('id', 'in', batch).execute();
      states.push(...rows.filter((row) => row.project_id === projectId).map(({ id, status }) => ({ id, status })));
    }
    return states;
  }

  /**
   * The implementations that hold any of these suggestions: a pending one (its links may be being inserted), or a
   * completed one in which the suggestion's link was inserted and not rolled back since. A failed item holds nothing.
   */
  async holders(executor: Executor, ids: readonly string[]): Promise<SuggestionHolder[]> {
    const holders: SuggestionHolder[] = [];
    for (const batch of inBatches(ids)) {
      holders.push(
        ...(await executor
          .selectFrom('implementation_items as item')
          .innerJoin('implementations as implementation', 'implementation.id', 'item.implementation_id')
          .select(['item.suggestion_id as suggestionId', 'implementation.id as implementationId', 'implementation.status as status'])
          .where('item.suggestion_id', 'in', batch)
          .where((eb) =>
            eb.or([
              eb('implementation.status', '=', 'pending'),
              eb.and([eb('implementation.status', '=', 'completed'), eb('item.succeeded', '=', 1), eb('item.rolled_back_at', 'is', null)]),
            ]),
          )
          .execute()),
      );
    }
    return holders;
  }

  async setItemResult(executor: Executor, implementationId: string, suggestionId: string, succeeded: boolean, error: string | null): Promise<void> {
    await executor
      .updateTable('implementation_items')
      .set({ succeeded: succeeded ? 1 : 0, error })
      .where('implementation_id', '=', implementationId)
      .where('suggestion_id', '=', suggestionId)
      .execute();
  }

  async complete(executor: Executor, id: string, status: 'completed' | 'failed', at: string, succeeded: number, failed: number): Promise<void> {
    await executor.updateTable('implementations').set({ status, implemented_at: at, succeeded, failed }).where('id', '=', id).execute();
  }

  /** Marks a succeeded item's link rolled back. */
  async rollBackItem(executor: Executor, implementationId: string, suggestionId: string, at: string, reason: string | null): Promise<void> {
    await executor
      .updateTable('implementation_items')
      .set({ rolled_back_at: at, rollback_reason: reason })
      .where('implementation_id', '=', implementationId)
      .where('suggestion_id', '=', suggestionId)
      .where('succeeded', '=', 1)
      .where('rolled_back_at', 'is', null)
      .execute();
  }

  async rollBack(executor: Executor, id: string, at: string, reason: string | null): Promise<void> {
    await executor.updateTable('implementations').set({ status: 'rolled_back', rolled_back_at: at, rollback_reason: reason }).where('id', '=', id).execute();
  }

  /**
   * Takes the rows' write locks for the rest of the transaction (a no-op update, the same on both backends): a
   * concurrent transaction over the same suggestions waits here, and then sees what this one committed.
   */
  async lockSuggestions(executor: Executor, ids: readonly string[]): Promise<void> {
    for (const batch of inBatches(ids)) {
      // By primary key alone (findMany in suggestions.repository.ts says why): ids are unguessable, and one of another
      // project is locked for a moment and then refused as unknown.
      await executor.updateTable('suggestions').set((eb) => ({ status: eb.ref('status') })).where('id', 'in', batch).execute();
    }
  }

  /** The implementation's write lock for the rest of the transaction (see lockSuggestions). */
  async lock(executor: Executor, id: string): Promise<void> {
    await executor.updateTable('implementations').set((eb) => ({ status: eb.ref('status') })).where('id', '=', id).execute();
  }

  /** Moves a suggestion from one status to another; a suggestion no longer in `from` is left as it is. */
  async moveSuggestion(executor: Executor, id: string, from: SuggestionStatus, to: SuggestionStatus, at: string): Promise<void> {
    await executor.updateTable('suggestions').set({ status: to, updated_at: at }).where('id', '=', id).where('status', '=', from).execute();
  }

  private rows(executor: Executor) {
    return executor
      .selectFrom('implementations')
      .select(['id', 'project_id', 'platform', 'status', 'created_at', 'implemented_at', 'succeeded', 'failed', 'rolled_back_at', 'rollback_reason']);
  }

  private async toImplementation(executor: Executor, row: ImplementationRow): Promise<Implementation> {
    const items: ItemRow[] = await executor
      .selectFrom('implementation_items')
      .select(['implementation_id', 'suggestion_id', 'succeeded', 'error', 'rolled_back_at', 'rollback_reason'])
      .where('implementation_id', '=', row.id)
      .orderBy('position')
      .execute();
    return {
      id: row.id,
      suggestionIds: items.map((item) => item.suggestion_id),
      platform: row.platform as Implementation['platform'],
      status: row.status,
      createdAt: row.created_at,
      implementedAt: row.implemented_at,
      summary: {
        succeeded: row.succeeded ?? 0,
        failed: row.failed ?? 0,
        rolledBack: items.filter((item) => item.rolled_back_at !== null).length,
      },
      rolledBackAt: row.rolled_back_at,
      rollbackReason: row.rollback_reason,
      results: items.map((item) => ({
        suggestionId: item.suggestion_id,
        succeeded: item.succeeded === null ? null : item.succeeded === 1,
        error: item.error,
        rolledBackAt: item.rolled_back_at,
        rollbackReason: item.rollback_reason,
      })),
    };
  }
}

function filtered(eb: ExpressionBuilder<Schema, 'implementations'>, projectId: string, filter: ImplementationFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('project_id', '=', projectId)];
  if (filter.status !== undefined) conditions.push(eb('status', '=', filter.status));
  if (filter.ids) conditions.push(filter.ids.length > 0 ? eb('id', 'in', filter.ids) : eb.lit(false));
  return eb.and(conditions);
}
