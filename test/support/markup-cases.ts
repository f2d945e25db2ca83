import { readFileSync } from 'node:fs';

/** One row of test/fixtures/markup-cases.json: post content and where an anchor may go. */
export interface MarkupCase {
  name: string;
  html: string;
  /** The engine's eligible text spans, in order; each must lie inside one linkable run of the plugin's Visible_Text. */
  eligible: string[];
  /** Visible text neither side may link. */
  never: string[];
}

/** A case where the engine still offers text the plugin refuses. */
export interface KnownGap extends MarkupCase {
  engineEligible: string[];
  why: string;
}

export const markupCases = JSON.parse(readFileSync(new URL('../fixtures/markup-cases.json', import.meta.url), 'utf8')) as {
  cases: MarkupCase[];
  knownGaps: KnownGap[];
  /** The plugin's default blocks whose text is never linked; the engine keeps the same list. */
  excludedBlocks: string[];
};
