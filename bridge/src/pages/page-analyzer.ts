import { analyzePage } from '../engine/page-analysis.js';
import type { PageAnalysis, PageInput } from '../engine/types.js';
import { InternalError, type AppError } from '../errors.js';

/** One page's analysis, or why it has none: a failure of that page alone, reported in the sync's `data.errors`. */
export type AnalysisResult = { analysis: PageAnalysis } | { failure: AppError };

/** Where the pages of a sync are analysed: on the calling thread, or spread over worker threads (AnalysisPool). */
export interface PageAnalyzer {
  /**
   * The result of each of `inputs`, in the same order. Rejects only when no page can be analysed at all (the
   * analyser is closed, or no worker could start). `owner` (the account) is whose work it is: the analyser shares its
   * threads fairly between owners.
   */
  analyzeAll: (inputs: readonly PageInput[], owner?: string) => Promise<AnalysisResult[]>;
  /** Gives back the memory of its caches while it is idle (a project was deleted); it stays usable. */
  releaseMemory?: () => void;
  /** Releases what the analyser holds (worker threads); it is not used afterwards. */
  close: () => Promise<void>;
}

/** What a page whose analysis threw (a bug, never the page's fault alone) is reported with; details go to the log. */
export const PAGE_NOT_ANALYSED = 'The page could not be analysed.';

/**
 * Analyses on the calling thread, without time or memory limits. What in-process callers (the API tests, which run
 * the TypeScript sources) use: the worker pool loads the compiled JavaScript.
 */
export const inlineAnalyzer: PageAnalyzer = {
  analyzeAll: async (inputs) =>
    inputs.map((input): AnalysisResult => {
      try {
        return { analysis: analyzePage(input) };
      } catch {
        return { failure: new InternalError(PAGE_NOT_ANALYSED) };
      }
    }),
  close: async () => {},
};
