import type { Db } from '../db/connection.js';
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

const SELECT = `SELECT s.id, src.url AS sourcePageUrl, tgt.url AS targetPageUrl, s.anchor_text AS anchorText,
  s.context, s.relevance_score AS relevanceScore, s.status, s.source_page_id AS sourcePageId,
  s.target_page_id AS targetPageId, s.created_at AS createdAt, s.updated_at AS updatedAt
  FROM suggestions s JOIN pages src ON src.id = s.source_page_id JOIN pages tgt ON tgt.id = s.target_page_id`;

/** A page inside the project's paths (JSON arrays @include / @exclude of path prefixes). */
const IN_PATHS = `(json_array_length(@include) = 0 OR EXISTS (SELECT 1 FROM json_each(@include) WHERE substr(p.path, 1, length(value)) = value))
  AND NOT EXISTS (SELECT 1 FROM json_each(@exclude) WHERE substr(p.path, 1, length(value)) = value)`;

const FILTER = `s.project_id = @projectId AND (@statuses IS NULL OR s.status IN (SELECT value FROM json_each(@statuses)))
  AND (@sourceKey IS NULL OR src.url_key = @sourceKey) AND (@targetKey IS NULL OR tgt.url_key = @targetKey)
  AND (@implementationId IS NULL OR s.id IN (SELECT suggestion_id FROM implementation_items WHERE implementation_id = @implementationId))
  AND (@ids IS NULL OR s.id IN (SELECT value FROM json_each(@ids)))
  AND (@text IS NULL OR instr(lower(s.anchor_text), @text) > 0 OR instr(lower(src.title), @text) > 0 OR instr(lower(tgt.title), @text) > 0)
  AND (@live = 0 OR (src.status_code BETWEEN 200 AND 299 AND tgt.status_code BETWEEN 200 AND 299))`;

export class SuggestionsRepository {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      // A pending suggestion for the pair is refreshed in place (same id); any other status is left alone.
      upsert: db.prepare(
        `INSERT INTO suggestions (id, project_id, source_page_id, target_page_id, anchor_text, context, relevance_score,
           status, created_at, updated_at, inputs)
         VALUES (@newId, @projectId, @sourcePageId, @targetPageId, @anchorText, @context, @relevanceScore, 'pending', @now, @now, @inputs)
         ON CONFLICT (source_page_id, target_page_id) DO UPDATE SET anchor_text = excluded.anchor_text,
           context = excluded.context, relevance_score = excluded.relevance_score, updated_at = excluded.updated_at,
           inputs = excluded.inputs
         WHERE suggestions.status = 'pending'
         RETURNING id`,
      ).pluck(),
      byId: db.prepare(`${SELECT} WHERE s.id = ? AND s.project_id = ?`),
      // `+` keeps the planner on the primary key: the project index would scan every suggestion of the project.
      byIds: db.prepare(`${SELECT} WHERE +s.project_id = ? AND s.id IN (SELECT value FROM json_each(?))`),
      // One prepared statement per sort order: ORDER BY cannot take parameters. rowid keeps the order stable.
      list: Object.fromEntries(
        Object.entries(SORT_COLUMNS).flatMap(([field, column]) =>
          (['asc', 'desc'] as const).map((direction) => [
            `${field}:${direction}`,
            db.prepare(`${SELECT} WHERE ${FILTER} ORDER BY ${column} ${direction}, s.rowid ${direction} LIMIT @limit OFFSET @offset`),
          ]),
        ),
      ),
      count: db.prepare(
        `SELECT COUNT(*) FROM suggestions s JOIN pages src ON src.id = s.source_page_id
         JOIN pages tgt ON tgt.id = s.target_page_id WHERE ${FILTER}`,
      ).pluck(),
      settledTargets: db.prepare(
        "SELECT target_page_id FROM suggestions WHERE source_page_id = ? AND status <> 'pending'",
      ).pluck(),
      settledSources: db.prepare(
        "SELECT source_page_id FROM suggestions WHERE target_page_id = ? AND status <> 'pending'",
      ).pluck(),
      decisionsRevision: db.prepare(
        // Decisions without inputs (made before they were kept) count too: the query then reads only the index.
        `SELECT COUNT(*) AS count, MAX(updated_at) AS lastUpdatedAt FROM suggestions
         WHERE project_id = ? AND status <> 'pending'`,
      ),
      decisions: db.prepare(
        `SELECT inputs, status, source_page_id, target_page_id FROM suggestions
         WHERE project_id = ? AND inputs IS NOT NULL AND status <> 'pending'
         ORDER BY updated_at DESC LIMIT ?`,
      ),
      setStatus: db.prepare('UPDATE suggestions SET status = ?, updated_at = ? WHERE id = ?'),
      remove: db.prepare('DELETE FROM suggestions WHERE id = ? AND project_id = ?'),
      removePendingOfPage: db.prepare(
        "DELETE FROM suggestions WHERE status = 'pending' AND (source_page_id = @pageId OR target_page_id = @pageId)",
      ),
      removePendingToPage: db.prepare("DELETE FROM suggestions WHERE status = 'pending' AND target_page_id = ?"),
      // The page's pending suggestions, each with the language of the page at its other end.
      pendingWithOtherLanguage: db.prepare(
        `SELECT s.id, other.language FROM suggestions s
         JOIN pages other ON other.id = CASE WHEN s.source_page_id = @pageId THEN s.target_page_id ELSE s.source_page_id END
         WHERE s.status = 'pending' AND (s.source_page_id = @pageId OR s.target_page_id = @pageId)`,
      ),
      removePendingBelow: db.prepare("DELETE FROM suggestions WHERE project_id = ? AND status = 'pending' AND relevance_score < ?"),
      pendingAnchors: db.prepare("SELECT id, anchor_text AS anchorText FROM suggestions WHERE project_id = ? AND status = 'pending'"),
      removeById: db.prepare('DELETE FROM suggestions WHERE id = ?'),
      removePendingOutsidePaths: db.prepare(
        `DELETE FROM suggestions WHERE project_id = @projectId AND status = 'pending' AND (
           source_page_id IN (SELECT id FROM pages p WHERE p.project_id = @projectId AND NOT (${IN_PATHS}))
           OR target_page_id IN (SELECT id FROM pages p WHERE p.project_id = @projectId AND NOT (${IN_PATHS})))`,
      ),
      lockedByImplementation: db.prepare(
        `SELECT 1 FROM implementation_items i JOIN implementations m ON m.id = i.implementation_id
         WHERE i.suggestion_id = ? AND i.succeeded = 1 AND i.rolled_back_at IS NULL AND m.status = 'completed' LIMIT 1`,
      ).pluck(),
    };
  }

  /**
   * Removes the project's pending suggestions that its generation settings would no longer propose: those scoring
   * below `minScore`, and those whose anchor `isAnchorAllowed` refuses. Returns how many went.
   */
  removePendingRefusedBy(projectId: string, minScore: number, isAnchorAllowed: ((anchorText: string) => boolean) | undefined): number {
    let removed = this.statements.removePendingBelow.run(projectId, minScore).changes;
    if (isAnchorAllowed) {
      const refused = (this.statements.pendingAnchors.all(projectId) as { id: string; anchorText: string }[])
        .filter((row) => !isAnchorAllowed(row.anchorText))
        .map((row) => row.id);
      for (const id of refused) removed += this.statements.removeById.run(id).changes;
    }
    return removed;
  }

  /** Returns the id of the inserted or refreshed suggestion, or undefined when the pair is settled already. */
  upsertPending(row: SuggestionUpsert): string | undefined {
    return this.statements.upsert.get(row) as string | undefined;
  }

  find(projectId: string, id: string): Suggestion | undefined {
    return this.statements.byId.get(id, projectId) as Suggestion | undefined;
  }

  /** Several suggestions in one query (in no particular order). */
  findMany(projectId: string, ids: readonly string[]): Suggestion[] {
    return this.statements.byIds.all(projectId, JSON.stringify(ids)) as Suggestion[];
  }

  list(projectId: string, filter: SuggestionFilter, order: SuggestionOrder, limit: number, offset: number): Suggestion[] {
    const statement = this.statements.list[`${order.orderBy}:${order.order}`]!;
    return statement.all({ ...this.bind(projectId, filter), limit, offset }) as Suggestion[];
  }

  count(projectId: string, filter: SuggestionFilter): number {
    return this.statements.count.get(this.bind(projectId, filter)) as number;
  }

  /** Targets the source has a suggestion for that an editor has acted on (approved, rejected, implemented). */
  settledTargetIds(sourcePageId: string): string[] {
    return this.statements.settledTargets.all(sourcePageId) as string[];
  }

  /** Sources the target has a suggestion from that an editor has acted on (approved, rejected, implemented). */
  settledSourceIds(targetPageId: string): string[] {
    return this.statements.settledSources.all(targetPageId) as string[];
  }

  decisionsRevision(projectId: string): DecisionsRevision {
    return this.statements.decisionsRevision.get(projectId) as DecisionsRevision;
  }

  /** The most recent decisions: approved and implemented suggestions were accepted, rejected ones were not. */
  decisions(projectId: string, limit: number): StoredDecision[] {
    const rows = this.statements.decisions.all(projectId, limit) as {
      inputs: Buffer;
      status: SuggestionStatus;
      source_page_id: string;
      target_page_id: string;
    }[];
    return rows.map((row) => ({
      inputs: new Float32Array(row.inputs.buffer.slice(row.inputs.byteOffset, row.inputs.byteOffset + row.inputs.byteLength)),
      accepted: row.status !== 'rejected',
      sourcePageId: row.source_page_id,
      targetPageId: row.target_page_id,
    }));
  }

  setStatus(id: string, status: SuggestionStatus, now: string): void {
    this.statements.setStatus.run(status, now, id);
  }

  remove(projectId: string, id: string): boolean {
    return this.statements.remove.run(id, projectId).changes > 0;
  }

  /** Pending suggestions from or to a page that is now excluded from suggestions. */
  removePendingOfPage(pageId: string): void {
    this.statements.removePendingOfPage.run({ pageId });
  }

  /** Pending suggestions to a page that no longer answers 2xx. */
  removePendingToPage(pageId: string): void {
    this.statements.removePendingToPage.run(pageId);
  }

  /**
   * Pending suggestions from or to the page whose other page is of a language `isSameLanguage` refuses (its argument:
   * that page's stored tag). Returns how many went.
   */
  removePendingAcrossLanguages(pageId: string, isSameLanguage: (otherLanguage: string) => boolean): number {
    const pending = this.statements.pendingWithOtherLanguage.all({ pageId }) as { id: string; language: string }[];
    let removed = 0;
    for (const row of pending) if (!isSameLanguage(row.language)) removed += this.statements.removeById.run(row.id).changes;
    return removed;
  }

  /** Pending suggestions whose source or target is now outside the project's paths. */
  removePendingOutsidePaths(projectId: string, includePaths: readonly string[], excludePaths: readonly string[]): void {
    this.statements.removePendingOutsidePaths.run({
      projectId,
      include: JSON.stringify(includePaths),
      exclude: JSON.stringify(excludePaths),
    });
  }

  /** True when the suggestion was applied by a completed implementation that has not been rolled back. */
  isLockedByImplementation(id: string): boolean {
    return this.statements.lockedByImplementation.get(id) === 1;
  }

  private bind(projectId: string, filter: SuggestionFilter) {
    return {
      projectId,
      statuses: filter.statuses ? JSON.stringify(filter.statuses) : null,
      sourceKey: filter.sourceKey ?? null,
      targetKey: filter.targetKey ?? null,
      implementationId: filter.implementationId ?? null,
      ids: filter.ids ? JSON.stringify(filter.ids) : null,
      // instr, not LIKE: the text is matched as written, % and _ included.
      text: filter.text === undefined ? null : filter.text.toLowerCase(),
      live: filter.livePages === true ? 1 : 0,
    };
  }
}
