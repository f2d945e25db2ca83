import type { Db } from '../db/connection.js';
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
  generateQueued: (project: Project, sourcePageId: string) => { created: number } | undefined;
}

export interface ProjectSource {
  findForBackgroundWork: (projectId: string) => Project | undefined;
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
    private readonly db: Db,
    private readonly queue: GenerationQueueRepository,
    private readonly clock: Clock,
    private readonly projects: ProjectSource,
    private readonly generator: QueuedPageGenerator,
    private readonly quietMs: number,
  ) {}

  /** Inside the sync's transaction: its stored pages that may be sources wait for generation, the others leave. */
  pagesStored(project: Project, stored: readonly StoredSource[]): void {
    const noPaths = project.includePaths.length === 0 && project.excludePaths.length === 0;
    const sources: string[] = [];
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
        this.queue.dequeue(page.pageId);
      }
    }
    const now = this.clock.now().toISOString();
    if (sources.length > 0) {
      this.beginOrExtendRun(project.id, now, newSources);
      for (const pageId of sources) this.queue.enqueue(project.id, pageId, now);
    } else if (stored.length > 0 && !this.queue.hasWaiting(project.id)) {
      this.queue.finishRun(project.id, now);
    }
  }

  /** Inside the project's updating transaction: its settings or paths changed, so every source is generated again. */
  requeueProject(project: Project): void {
    const now = this.clock.now().toISOString();
    this.beginOrExtendRun(project.id, now, false);
    this.queue.enqueueEligible(project.id, project.includePaths, project.excludePaths, now);
    if (!this.queue.hasWaiting(project.id)) this.queue.finishRun(project.id, now);
  }

  progress(projectId: string): GenerationProgress {
    const run = this.queue.run(projectId);
    const { queued, generated } = this.queue.counts(projectId);
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
  generateChunk(onPageError: (projectId: string, pageId: string, error: unknown) => void, maxPages = CHUNK_MAX_PAGES): boolean {
    const quietBefore = new Date(this.clock.now().getTime() - this.quietMs).toISOString();
    const projectId = this.queue.nextReadyProject(this.cursor, quietBefore) ?? this.queue.nextReadyProject('', quietBefore);
    if (projectId === undefined) return false;
    this.cursor = projectId;
    const project = this.projects.findForBackgroundWork(projectId);
    const started = performance.now();
    for (const pageId of project ? this.queue.waiting(projectId, Math.min(maxPages, CHUNK_MAX_PAGES)) : []) {
      try {
        this.db.transaction(() => {
          const result = this.generator.generateQueued(project!, pageId);
          if (result === undefined) this.queue.remove(pageId);
          else this.queue.markGenerated(pageId, this.clock.now().toISOString(), result.created, projectId);
        })();
      } catch (error) {
        if (isBusy(error)) throw error;
        onPageError(projectId, pageId, error);
        this.queue.remove(pageId);
      }
      if (performance.now() - started >= CHUNK_BUDGET_MS) break;
    }
    if (!this.queue.hasWaiting(projectId)) this.queue.finishRun(projectId, this.clock.now().toISOString());
    return true;
  }

  /** A run starts when the queue goes from empty to not empty; pages queued during a run join it. */
  private beginOrExtendRun(projectId: string, now: string, newSources: boolean): void {
    const run = this.queue.run(projectId);
    if (run === undefined || run.finishedAt !== null) {
      this.queue.startRun(projectId, now);
      return;
    }
    this.queue.touchRun(projectId, now);
    if (newSources) this.queue.requeueGenerated(projectId, now);
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}
