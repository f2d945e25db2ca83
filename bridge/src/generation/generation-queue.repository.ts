import type { Db } from '../db/connection.js';

/** A project's generation run in progress, or its last one. */
export interface GenerationRun {
  startedAt: string;
  finishedAt: string | null;
  suggestionsCreated: number;
  /** When pages were last queued: generation waits until this is `quietMs` old. */
  lastQueuedAt: string;
}

/** A page of the project inside its includePaths / excludePaths (JSON arrays @include / @exclude of path prefixes). */
const IN_PATHS = `(json_array_length(@include) = 0 OR EXISTS (SELECT 1 FROM json_each(@include) WHERE substr(p.path, 1, length(value)) = value))
  AND NOT EXISTS (SELECT 1 FROM json_each(@exclude) WHERE substr(p.path, 1, length(value)) = value)`;

/** The generation queue and runs (migration 15). Each method is one statement or a few; callers hold the transaction. */
export class GenerationQueueRepository {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      run: db.prepare(
        `SELECT started_at AS startedAt, finished_at AS finishedAt, suggestions_created AS suggestionsCreated,
           last_queued_at AS lastQueuedAt FROM generation_runs WHERE project_id = ?`,
      ),
      startRun: db.prepare(
        `INSERT INTO generation_runs (project_id, started_at, last_queued_at) VALUES (@projectId, @now, @now)
         ON CONFLICT (project_id) DO UPDATE SET started_at = excluded.started_at, finished_at = NULL,
           suggestions_created = 0, last_queued_at = excluded.last_queued_at`,
      ),
      forgetRun: db.prepare('DELETE FROM generation_queue WHERE project_id = ?'),
      touchRun: db.prepare('UPDATE generation_runs SET last_queued_at = ? WHERE project_id = ?'),
      requeueGenerated: db.prepare(
        'UPDATE generation_queue SET generated_at = NULL, queued_at = ? WHERE project_id = ? AND generated_at IS NOT NULL',
      ),
      enqueue: db.prepare(
        `INSERT INTO generation_queue (page_id, project_id, queued_at) VALUES (?, ?, ?)
         ON CONFLICT (page_id) DO UPDATE SET generated_at = NULL, queued_at = excluded.queued_at`,
      ),
      // `WHERE true`: SQLite's upsert after a SELECT needs it to parse.
      enqueueEligible: db.prepare(
        `INSERT INTO generation_queue (page_id, project_id, queued_at)
         SELECT p.id, p.project_id, @now FROM pages p
         WHERE p.project_id = @projectId AND p.excluded = 0 AND p.status_code BETWEEN 200 AND 299 AND ${IN_PATHS} AND true
         ON CONFLICT (page_id) DO UPDATE SET generated_at = NULL, queued_at = excluded.queued_at`,
      ),
      dequeue: db.prepare('DELETE FROM generation_queue WHERE page_id = ? AND generated_at IS NULL'),
      remove: db.prepare('DELETE FROM generation_queue WHERE page_id = ?'),
      waiting: db
        .prepare(
          `SELECT page_id FROM generation_queue WHERE project_id = ? AND generated_at IS NULL
           ORDER BY queued_at, rowid LIMIT ?`,
        )
        .pluck(),
      markGenerated: db.prepare('UPDATE generation_queue SET generated_at = ? WHERE page_id = ? AND generated_at IS NULL'),
      addCreated: db.prepare('UPDATE generation_runs SET suggestions_created = suggestions_created + ? WHERE project_id = ?'),
      hasWaiting: db
        .prepare('SELECT EXISTS (SELECT 1 FROM generation_queue WHERE project_id = ? AND generated_at IS NULL)')
        .pluck(),
      finishRun: db.prepare('UPDATE generation_runs SET finished_at = ? WHERE project_id = ? AND finished_at IS NULL'),
      nextReady: db
        .prepare(
          `SELECT project_id FROM generation_runs WHERE finished_at IS NULL AND project_id > ? AND last_queued_at <= ?
           ORDER BY project_id LIMIT 1`,
        )
        .pluck(),
      counts: db.prepare(
        `SELECT COUNT(*) FILTER (WHERE generated_at IS NULL) AS queued, COUNT(*) FILTER (WHERE generated_at IS NOT NULL) AS generated
         FROM generation_queue WHERE project_id = ?`,
      ),
    };
  }

  run(projectId: string): GenerationRun | undefined {
    return this.statements.run.get(projectId) as GenerationRun | undefined;
  }

  /** A new run: the last run's rows are forgotten. */
  startRun(projectId: string, now: string): void {
    this.statements.forgetRun.run(projectId);
    this.statements.startRun.run({ projectId, now });
  }

  touchRun(projectId: string, now: string): void {
    this.statements.touchRun.run(now, projectId);
  }

  /** The pages generated so far in the run wait again. */
  requeueGenerated(projectId: string, now: string): void {
    this.statements.requeueGenerated.run(now, projectId);
  }

  enqueue(projectId: string, pageId: string, now: string): void {
    this.statements.enqueue.run(pageId, projectId, now);
  }

  /** Queues every page of the project that may be a source: 2xx, not excluded, inside the paths. */
  enqueueEligible(projectId: string, includePaths: readonly string[], excludePaths: readonly string[], now: string): void {
    this.statements.enqueueEligible.run({ projectId, now, include: JSON.stringify(includePaths), exclude: JSON.stringify(excludePaths) });
  }

  /** The page stops waiting (it is generated in the run already, it stays counted). */
  dequeue(pageId: string): void {
    this.statements.dequeue.run(pageId);
  }

  /** The page leaves the run altogether. */
  remove(pageId: string): void {
    this.statements.remove.run(pageId);
  }

  waiting(projectId: string, limit: number): string[] {
    return this.statements.waiting.all(projectId, limit) as string[];
  }

  markGenerated(pageId: string, now: string, suggestionsCreated: number, projectId: string): void {
    this.statements.markGenerated.run(now, pageId);
    if (suggestionsCreated > 0) this.statements.addCreated.run(suggestionsCreated, projectId);
  }

  hasWaiting(projectId: string): boolean {
    return this.statements.hasWaiting.get(projectId) === 1;
  }

  finishRun(projectId: string, now: string): void {
    this.statements.finishRun.run(now, projectId);
  }

  /** The first project after `afterProjectId` (by id) with a run in progress whose pages were last queued by `quietBefore`. */
  nextReadyProject(afterProjectId: string, quietBefore: string): string | undefined {
    return this.statements.nextReady.get(afterProjectId, quietBefore) as string | undefined;
  }

  counts(projectId: string): { queued: number; generated: number } {
    return this.statements.counts.get(projectId) as { queued: number; generated: number };
  }
}
