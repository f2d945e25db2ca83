import type { Kysely } from 'kysely';
import { isDatabaseBusy } from '../db/connection.js';
import type { Executor } from '../db/database.js';
import type { Schema } from '../db/schema.js';
import { isPathAllowed } from '../lib/url.js';
import type { Clock } from '../lib/clock.js';
import type { Project } from '../projects/projects.schemas.js';
import type { GenerationQueueRepository } from './generation-queue.repository.js';
import type { GenerationProgress } from './generation.schemas.js';

/** A page a sync batch stored (not one it found unchanged). */
export interface StoredSource {
  pageId: string;
  url: string;
  statusCode: number;
  excluded: boolean;
  /** First stored by this batch. */
  isNew: boolean;
}

/** What background generation does with one queued page: the explicit generate's work (SuggestionsService). */
export interface QueuedPageGenerator {
  /** Generates the page, writing `alongside` in the transaction of its suggestions (undefined: no longer a source). */
  generateQueued: (
    project: Project,
    sourcePageId: string,
    alongside: (trx: Executor, result: { created: number } | undefined) => Promise<void>,
  ) => Promise<void>;
  /** One project's generation at a time, each with its transaction (ProjectIndexes.serialized). */
  serialized: <T>(projectId: string, work: () => Promise<T>) => Promise<T>;
}

export interface ProjectSource {
  findForBackgroundWork: (projectId: string) => Promise<Project | undefined>;
}

/** At most this many pages per chunk, and no new page once a chunk has run this long: requests wait little. */
const CHUNK_MAX_PAGES = 20;
const CHUNK_BUDGET_MS = 25;

/**
 * The generation queue (A): which source pages wait for background generation, the runs' progress, and one chunk
 * of the work at a time for the BackgroundGenerator.
 *
 * A sync batch queues the pages it stored that may be sources and takes the others out of the queue. The pages of a
 * run wait until the project's syncs have been quiet for `quietMs`, so that a full sync of many batches is generated
 * once, after its last batch, with every page of the site as a possible target. Should a batch bring new pages after
 * a longer pause (the run has begun meanwhile), the pages the run generated already are queued again, so that they
 * may link to the new ones: they are never more than what the generator did during that pause, so the extra work is
 * bounded by time, not by the size of the site. A page synced after its run ended becomes a target of pages generated
 * after it, not of those generated before (inbound suggestions find links to it).
 */
export class GenerationQueue {
  /** The project served last: the next chunk goes to the next project with work, by id (round robin). */
  private cursor = '';

  constructor(
    private readonly db: Kysely<Schema>,
    private readonly queue: GenerationQueueRepository,
    private readonly clock: Clock,
    private readonly projects: ProjectSource,
    private readonly generator: QueuedPageGenerator,
    private readonly quietMs: number,
  ) {}

  /** Inside the sync's transaction: its stored pages that may be sources wait for generation, the others leave. */
  async pagesStored(trx: Executor, project: Project, stored: readonly StoredSource[]): Promise<void> {
    const noPaths = project.includePaths.length === 0 && project.excludePaths.length === 0;
    const sources: string[] = [];
    const others: string[] = [];
    let newSources = false;
    for (const page of stored) {
      const eligible =
        !page.excluded &&
        page.statusCode >= 200 &&
        page.statusCode <= 299 &&
        (noPaths || isPathAllowed(page.url, project.includePaths, project.excludePaths));
      if (eligible) {
        sources.push(page.pageId);
        newSources ||= page.isNew;
      } else {
        others.push(page.pageId);
      }
    }
    await this.queue.dequeue(trx, others);
    const now = this.clock.now().toISOString();
    if (sources.length > 0) {
      await this.beginOrExtendRun(trx, project.id, now, newSources);
      await this.queue.enqueue(trx, project.id, sources, now);
    } else if (stored.length > 0 && !(await this.queue.hasWaiting(trx, project.id))) {
      await this.queue.finishRun(trx, project.id, now);
    }
  }

  /** Inside the project's updating transaction: its settings or paths changed, so every source is generated again. */
  async requeueProject(trx: Executor, project: Project): Promise<void> {
    const now = this.clock.now().toISOString();
    await this.beginOrExtendRun(trx, project.id, now, false);
    await this.queue.enqueueEligible(trx, project.id, project.includePaths, project.excludePaths, now);
    if (!(await this.queue.hasWaiting(trx, project.id))) await this.queue.finishRun(trx, project.id, now);
  }

  async progress(projectId: string): Promise<GenerationProgress> {
    const run = await this.queue.run(this.db, projectId);
    const { queued, generated } = await this.queue.counts(this.db, projectId);
    return {
      state: queued > 0 ? 'generating' : 'idle',
      queuedPages: queued,
      generatedPages: generated,
      totalPages: queued + generated,
      suggestionsCreated: run?.suggestionsCreated ?? 0,
      startedAt: run?.startedAt ?? null,
      finishedAt: queued > 0 ? null : (run?.finishedAt ?? null),
    };
  }

  /**
   * Generates a few queued pages of the next project (round robin over the projects whose syncs are quiet). Returns
   * whether there was anything to do. `onPageError` hears of a page whose generation failed: it is skipped (taken
   * out of the run) rather than tried forever; a busy database is not a page's failure and is thrown. `maxPages`
   * lowers CHUNK_MAX_PAGES (one page while foreground requests are waiting, BackgroundGenerator).
   */
  async generateChunk(onPageError: (projectId: string, pageId: string, error: unknown) => void, maxPages = CHUNK_MAX_PAGES): Promise<boolean> {
    const quietBefore = new Date(this.clock.now().getTime() - this.quietMs).toISOString();
    const projectId =
      (await this.queue.nextReadyProject(this.db, this.cursor, quietBefore)) ?? (await this.queue.nextReadyProject(this.db, '', quietBefore));
    if (projectId === undefined) return false;
    this.cursor = projectId;
    const project = await this.projects.findForBackgroundWork(projectId);
    const started = performance.now();
    for (const pageId of project ? await this.queue.waiting(this.db, projectId, Math.min(maxPages, CHUNK_MAX_PAGES)) : []) {
      try {
        await this.generator.serialized(projectId, () =>
          this.generator.generateQueued(project!, pageId, async (trx, result) => {
            if (result === undefined) await this.queue.remove(trx, pageId);
            else await this.queue.markGenerated(trx, pageId, this.clock.now().toISOString(), result.created, projectId);
          }),
        );
      } catch (error) {
        if (isDatabaseBusy(error)) throw error;
        onPageError(projectId, pageId, error);
        await this.queue.remove(this.db, pageId);
      }
      if (performance.now() - started >= CHUNK_BUDGET_MS) break;
    }
    if (!(await this.queue.hasWaiting(this.db, projectId))) await this.queue.finishRun(this.db, projectId, this.clock.now().toISOString());
    return true;
  }

  /** A run starts when the queue goes from empty to not empty; pages queued during a run join it. */
  private async beginOrExtendRun(trx: Executor, projectId: string, now: string, newSources: boolean): Promise<void> {
    const run = await this.queue.run(trx, projectId);
    if (run === undefined || run.finishedAt !== null) {
      await this.queue.startRun(trx, projectId, now);
      return;
    }
    await this.queue.touchRun(trx, projectId, now);
    if (newSources) await this.queue.requeueGenerated(trx, projectId, now);
  }
}
