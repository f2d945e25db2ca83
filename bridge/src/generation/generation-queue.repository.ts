import { inBatches } from '../db/batches.js';
import type { Executor } from '../db/database.js';
import { inPaths } from '../suggestions/suggestions.repository.js';

/** A project's generation run in progress, or its last one. */
export interface GenerationRun {
  startedAt: string;
  finishedAt: string | null;
  suggestionsCreated: number;
  /** When pages were last queued: generation waits until this is `quietMs` old. */
  lastQueuedAt: string;
}

/** The generation queue and runs (migration 15). Each method is one statement or a few; callers hold the transaction. */
export class GenerationQueueRepository {
  run(executor: Executor, projectId: string): Promise<GenerationRun | undefined> {
    return executor
      .selectFrom('generation_runs')
      .select(['started_at as startedAt', 'finished_at as finishedAt', 'suggestions_created as suggestionsCreated', 'last_queued_at as lastQueuedAt'])
      .where('project_id', '=', projectId)
      .executeTakeFirst();
  }

  /** A new run: the last run's rows are forgotten. */
  async startRun(executor: Executor, projectId: string, now: string): Promise<void> {
    await executor.deleteFrom('generation_queue').where('project_id', '=', projectId).execute();
    await executor
      .insertInto('generation_runs')
      .values({ project_id: projectId, started_at: now, last_queued_at: now })
      .onConflict((conflict) =>
        conflict.column('project_id').doUpdateSet((eb) => ({
          started_at: eb.ref('excluded.started_at'),
          finished_at: null,
          suggestions_created: 0,
          last_queued_at: eb.ref('excluded.last_queued_at'),
        })),
      )
      .execute();
  }

  async touchRun(executor: Executor, projectId: string, now: string): Promise<void> {
    await executor.updateTable('generation_runs').set({ last_queued_at: now }).where('project_id', '=', projectId).execute();
  }

  /** The pages generated so far in the run wait again. */
  async requeueGenerated(executor: Executor, projectId: string, now: string): Promise<void> {
    await executor
      .updateTable('generation_queue')
      .set({ generated_at: null, queued_at: now })
      .where('project_id', '=', projectId)
      .where('generated_at', 'is not', null)
      .execute();
  }

  async enqueue(executor: Executor, projectId: string, pageIds: readonly string[], now: string): Promise<void> {
    // Once each: one upsert may change a row only once (PostgreSQL).
    for (const batch of inBatches([...new Set(pageIds)])) {
      await executor
        .insertInto('generation_queue')
        .values(batch.map((pageId) => ({ page_id: pageId, project_id: projectId, queued_at: now })))
        .onConflict((conflict) => conflict.column('page_id').doUpdateSet((eb) => ({ generated_at: null, queued_at: eb.ref('excluded.queued_at') })))
        .execute();
    }
  }

  /** Queues every page of the project that may be a source: 2xx, not excluded, inside the paths. */
  async enqueueEligible(executor: Executor, projectId: string, includePaths: readonly string[], excludePaths: readonly string[], now: string): Promise<void> {
    await executor
      .insertInto('generation_queue')
      .columns(['page_id', 'project_id', 'queued_at'])
      .expression(
        executor
          .selectFrom('pages as p')
          .select((eb) => ['p.id', 'p.project_id', eb.cast<string>(eb.val(now), 'text').as('queued_at')])
          .where('p.project_id', '=', projectId)
          .where('p.excluded', '=', 0)
          .where('p.status_code', '>=', 200)
          .where('p.status_code', '<=', 299)
          .where((eb) => inPaths(eb, includePaths, excludePaths))
          // SQLite's upsert after a SELECT needs a WHERE to parse; this one is always true.
          .where((eb) => eb.lit(true)),
      )
      .onConflict((conflict) => conflict.column('page_id').doUpdateSet((eb) => ({ generated_at: null, queued_at: eb.ref('excluded.queued_at') })))
      .execute();
  }

  /** The page stops waiting (it is generated in the run already, it stays counted). */
  async dequeue(executor: Executor, pageIds: readonly string[]): Promise<void> {
    for (const batch of inBatches(pageIds)) {
      await executor.deleteFrom('generation_queue').where('page_id', 'in', batch).where('generated_at', 'is', null).execute();
    }
  }

  /** The page leaves the run altogether. */
  async remove(executor: Executor, pageId: string): Promise<void> {
    await executor.deleteFrom('generation_queue').where('page_id', '=', pageId).execute();
  }

  async waiting(executor: Executor, projectId: string, limit: number): Promise<string[]> {
    const rows = await executor
      .selectFrom('generation_queue')
      .select('page_id')
      .where('project_id', '=', projectId)
      .where('generated_at', 'is', null)
      .orderBy('queued_at')
      .orderBy('rowid')
      .limit(limit)
      .execute();
    return rows.map((row) => row.page_id);
  }

  async markGenerated(executor: Executor, pageId: string, now: string, suggestionsCreated: number, projectId: string): Promise<void> {
    await executor.updateTable('generation_queue').set({ generated_at: now }).where('page_id', '=', pageId).where('generated_at', 'is', null).execute();
    if (suggestionsCreated > 0) {
      await executor
        .updateTable('generation_runs')
        .set((eb) => ({ suggestions_created: eb('suggestions_created', '+', suggestionsCreated) }))
        .where('project_id', '=', projectId)
        .execute();
    }
  }

  async hasWaiting(executor: Executor, projectId: string): Promise<boolean> {
    const row = await executor
      .selectFrom('generation_queue')
      .select('page_id')
      .where('project_id', '=', projectId)
      .where('generated_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async finishRun(executor: Executor, projectId: string, now: string): Promise<void> {
    await executor.updateTable('generation_runs').set({ finished_at: now }).where('project_id', '=', projectId).where('finished_at', 'is', null).execute();
  }

  /** The first project after `afterProjectId` (by id) with a run in progress whose pages were last queued by `quietBefore`. */
  async nextReadyProject(executor: Executor, afterProjectId: string, quietBefore: string): Promise<string | undefined> {
    const row = await executor
      .selectFrom('generation_runs')
      .select('project_id')
      .where('finished_at', 'is', null)
      .where('project_id', '>', afterProjectId)
      .where('last_queued_at', '<=', quietBefore)
      .orderBy('project_id')
      .limit(1)
      .executeTakeFirst();
    return row?.project_id;
  }

  async counts(executor: Executor, projectId: string): Promise<{ queued: number; generated: number }> {
    const row = await executor
      .selectFrom('generation_queue')
      .select((eb) => [
        eb.fn.countAll().filterWhere('generated_at', 'is', null).as('queued'),
        eb.fn.countAll().filterWhere('generated_at', 'is not', null).as('generated'),
      ])
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    return { queued: Number(row.queued), generated: Number(row.generated) };
  }
}
