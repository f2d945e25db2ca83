import type { Db } from '../db/connection.js';
import type { Implementation, ImplementationStatus } from './implementations.schemas.js';

interface ImplementationRow {
  id: string;
  project_id: string;
  platform: Implementation['platform'];
  status: ImplementationStatus;
  created_at: string;
  implemented_at: string | null;
  succeeded: number | null;
  failed: number | null;
  rolled_back_at: string | null;
  rollback_reason: string | null;
}

interface ItemRow {
  implementation_id: string;
  suggestion_id: string;
  succeeded: number | null;
  error: string | null;
  rolled_back_at: string | null;
  rollback_reason: string | null;
}

export interface ImplementationFilter {
  status?: ImplementationStatus | undefined;
  ids?: readonly string[] | undefined;
}

function bindFilter(projectId: string, filter: ImplementationFilter) {
  return { projectId, status: filter.status ?? null, ids: filter.ids ? JSON.stringify(filter.ids) : null };
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
  private readonly statements;

  constructor(private readonly db: Db) {
    this.statements = {
      insert: db.prepare(
        `INSERT INTO implementations (id, project_id, platform, status, created_at) VALUES (?, ?, ?, 'pending', ?)`,
      ),
      insertItem: db.prepare(
        'INSERT INTO implementation_items (implementation_id, suggestion_id, position) VALUES (?, ?, ?)',
      ),
      byId: db.prepare('SELECT * FROM implementations WHERE id = ? AND project_id = ?'),
      items: db.prepare('SELECT * FROM implementation_items WHERE implementation_id = ? ORDER BY position'),
      list: db.prepare(
        `SELECT * FROM implementations WHERE project_id = @projectId AND (@status IS NULL OR status = @status)
           AND (@ids IS NULL OR id IN (SELECT value FROM json_each(@ids)))
         ORDER BY created_at DESC, rowid DESC LIMIT @limit OFFSET @offset`,
      ),
      count: db.prepare(
        `SELECT COUNT(*) FROM implementations WHERE project_id = @projectId AND (@status IS NULL OR status = @status)
           AND (@ids IS NULL OR id IN (SELECT value FROM json_each(@ids)))`,
      ).pluck(),
      suggestionStates: db.prepare(
        // `+`: look the ids up by primary key instead of scanning the project's suggestions.
        "SELECT id, status FROM suggestions WHERE +project_id = ? AND id IN (SELECT value FROM json_each(?))",
      ),
      holders: db.prepare(
        `SELECT item.suggestion_id AS suggestionId, implementation.id AS implementationId, implementation.status AS status
         FROM implementation_items item JOIN implementations implementation ON implementation.id = item.implementation_id
         WHERE item.suggestion_id IN (SELECT value FROM json_each(?))
           AND (implementation.status = 'pending'
             OR (implementation.status = 'completed' AND item.succeeded = 1 AND item.rolled_back_at IS NULL))`,
      ),
      setItemResult: db.prepare(
        'UPDATE implementation_items SET succeeded = ?, error = ? WHERE implementation_id = ? AND suggestion_id = ?',
      ),
      complete: db.prepare(
        'UPDATE implementations SET status = ?, implemented_at = ?, succeeded = ?, failed = ? WHERE id = ?',
      ),
      rollBackItem: db.prepare(
        `UPDATE implementation_items SET rolled_back_at = ?, rollback_reason = ?
         WHERE implementation_id = ? AND suggestion_id = ? AND succeeded = 1 AND rolled_back_at IS NULL`,
      ),
      rollBack: db.prepare(
        "UPDATE implementations SET status = 'rolled_back', rolled_back_at = ?, rollback_reason = ? WHERE id = ?",
      ),
      setSuggestionStatus: db.prepare(
        'UPDATE suggestions SET status = ?, updated_at = ? WHERE id = ? AND status = ?',
      ),
    };
  }

  insert(projectId: string, id: string, platform: string, suggestionIds: readonly string[], createdAt: string): void {
    this.statements.insert.run(id, projectId, platform, createdAt);
    suggestionIds.forEach((suggestionId, position) => this.statements.insertItem.run(id, suggestionId, position));
  }

  find(projectId: string, id: string): Implementation | undefined {
    const row = this.statements.byId.get(id, projectId) as ImplementationRow | undefined;
    return row ? this.toImplementation(row) : undefined;
  }

  list(projectId: string, filter: ImplementationFilter, limit: number, offset: number): Implementation[] {
    const rows = this.statements.list.all({ ...bindFilter(projectId, filter), limit, offset }) as ImplementationRow[];
    return rows.map((row) => this.toImplementation(row));
  }

  count(projectId: string, filter: ImplementationFilter): number {
    return this.statements.count.get(bindFilter(projectId, filter)) as number;
  }

  suggestionStates(projectId: string, ids: readonly string[]): SuggestionState[] {
    return this.statements.suggestionStates.all(projectId, JSON.stringify(ids)) as SuggestionState[];
  }

  /**
   * The implementations that hold any of these suggestions: a pending one (its links may be being inserted), or a
   * completed one in which the suggestion's link was inserted and not rolled back since. A failed item holds nothing.
   */
  holders(ids: readonly string[]): SuggestionHolder[] {
    return this.statements.holders.all(JSON.stringify(ids)) as SuggestionHolder[];
  }

  setItemResult(implementationId: string, suggestionId: string, succeeded: boolean, error: string | null): void {
    this.statements.setItemResult.run(succeeded ? 1 : 0, error, implementationId, suggestionId);
  }

  complete(id: string, status: 'completed' | 'failed', at: string, succeeded: number, failed: number): void {
    this.statements.complete.run(status, at, succeeded, failed, id);
  }

  /** Marks a succeeded item's link rolled back. */
  rollBackItem(implementationId: string, suggestionId: string, at: string, reason: string | null): void {
    this.statements.rollBackItem.run(at, reason, implementationId, suggestionId);
  }

  rollBack(id: string, at: string, reason: string | null): void {
    this.statements.rollBack.run(at, reason, id);
  }

  /** Moves a suggestion from one status to another; a suggestion no longer in `from` is left as it is. */
  moveSuggestion(id: string, from: string, to: string, at: string): void {
    this.statements.setSuggestionStatus.run(to, at, id, from);
  }

  private toImplementation(row: ImplementationRow): Implementation {
    const items = this.statements.items.all(row.id) as ItemRow[];
    return {
      id: row.id,
      suggestionIds: items.map((item) => item.suggestion_id),
      platform: row.platform,
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
