import { analyzePage } from '../engine/page-analysis.js';
import type { PageAnalysis, PageInput } from '../engine/types.js';

/** Where the pages of a sync are analysed: on the calling thread, or spread over worker threads (AnalysisPool). */
export interface PageAnalyzer {
  /** The analyses of `inputs`, in the same order. */
  analyzeAll(inputs: readonly PageInput[]): Promise<PageAnalysis[]>;
  /** Releases what the analyser holds (worker threads); it is not used afterwards. */
  close(): Promise<void>;
}

/**
 * Analyses on the calling thread. What in-process callers (the API tests, which run the TypeScript sources) use:
 * the worker pool loads the compiled JavaScript.
 */
export const inlineAnalyzer: PageAnalyzer = {
  analyzeAll: async (inputs) => inputs.map((input) => analyzePage(input)),
  close: async () => {},
};
