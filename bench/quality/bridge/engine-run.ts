/** Puts one variant through the bridge: a project, batch sync, then suggestions for every page. */
import type { Variant } from '../corpus/variants.js';
import type { SuggestionLike } from '../metrics/validity.js';
import type { InterlinkerClient, RelevanceSummary } from '../../../bridge/src/client/index.js';

export interface EngineRun {
  projectId: string;
  syncMs: number;
  generateMs: number;
  /** Source URL → the answer, in answer order. */
  answers: Map<string, SuggestionLike[]>;
  /** Per-request generation latency. */
  latenciesMs: number[];
  /** The project's relevance summary after its answers: how its model was adapted to the site's links. */
  relevance: RelevanceSummary;
  /** Pages whose generation request failed, with the reason. */
  failures: { url: string; message: string }[];
}

export interface EngineRunOptions {
  /** One project per corpus and variant, named so in the bridge's database. */
  projectName: string;
  domain: string;
  /** A batch holds at most this many pages (contract §3: 500) … */
  batchSize: number;
  /** … and at most this many bytes of JSON, to stay under the bridge's body limit. */
  batchBytes: number;
  concurrency: number;
  limit: number;
  minRelevanceScore: number;
  /** The pages suggestions are asked for (every page is synced). */
  sourceUrls: ReadonlySet<string>;
  /** The site's language (a BCP 47 tag), synced with every page; none (English) unless told. */
  language?: string;
}

/** Splits pages into consecutive batches within both limits (a page over the byte limit travels alone). */
export function batchesOf<T>(items: readonly T[], maxItems: number, maxBytes: number): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = 2;
  for (const item of items) {
    const size = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (current.length > 0 && (current.length >= maxItems || bytes + size > maxBytes)) {
      batches.push(current);
      current = [];
      bytes = 2;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

async function inPool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

export async function runEngine(api: InterlinkerClient, variant: Variant, options: EngineRunOptions): Promise<EngineRun> {
  const project = await api.createProject({ name: options.projectName, domain: options.domain, preferredSdk: 'benchmark' });

  const syncStarted = performance.now();
  const language = options.language === undefined ? {} : { language: options.language };
  const pages = variant.pages.map((page) => ({ url: page.url, title: page.title, content: page.content, statusCode: 200, ...language }));
  for (const batch of batchesOf(pages, options.batchSize, options.batchBytes)) {
    const outcome = await api.syncPages(project.id, batch);
    if (outcome.failed > 0 || outcome.synced !== batch.length) {
      throw new Error(`sync of ${variant.name} lost pages: ${JSON.stringify(outcome.errors).slice(0, 500)}`);
    }
  }
  const syncMs = performance.now() - syncStarted;

  const answers = new Map<string, SuggestionLike[]>();
  const latenciesMs: number[] = [];
  const failures: EngineRun['failures'] = [];
  const generateStarted = performance.now();
  await inPool(variant.pages.filter((page) => options.sourceUrls.has(page.url)), options.concurrency, async (page) => {
    const started = performance.now();
    try {
      const answer = await api.generateSuggestions(project.id, {
        sourcePageUrl: page.url,
        limit: options.limit,
        minRelevanceScore: options.minRelevanceScore,
      });
      answers.set(page.url, answer.map(({ sourcePageUrl, targetPageUrl, anchorText, context, relevanceScore }) => ({ sourcePageUrl, targetPageUrl, anchorText, context, relevanceScore })));
    } catch (error) {
      failures.push({ url: page.url, message: error instanceof Error ? error.message : String(error) });
    }
    latenciesMs.push(performance.now() - started);
  });
  const generateMs = performance.now() - generateStarted;
  const relevance = await api.getRelevanceSummary(project.id);
  return { projectId: project.id, syncMs, generateMs, answers, latenciesMs, relevance, failures };
}
