import type { Decision } from './adaptation.js';
import type { RelevanceModel } from './relevance.js';
import { linkedDocuments, type CorpusDocument, type SiteCorpus } from './site-corpus.js';
import { readSourceText } from './source-text.js';
import type { Stem } from './stemmer.js';
import { suggestLinks } from './suggestion-engine.js';
import { extractVisibleText } from './visible-text.js';

/**
 * The site's own links as examples of what its authors link. A page that already links other pages of the site is
 * read as if its authors had written none of its links (the link texts become ordinary text, its links count nowhere);
 * the engine's first suggestions for it are then labelled by whether the authors did link those targets. These are the
 * decisions the site's editors already made, before Interlinker: adapting the model to them (adaptation.ts) makes the
 * score read as this site's chance of a link, on a site the model was never fitted on. Pure.
 */

/** Suggestions taken per page, as many as a generation shows by default. */
export const EXAMPLES_PER_PAGE = 10;

/** Whether the page links at least one page of the site that can be a target: only then is it an example. */
export function linksSitePages(corpus: SiteCorpus, source: CorpusDocument): boolean {
  for (const docNo of linkedDocuments(source)) if (docNo !== source.docNo && corpus.isTarget(docNo)) return true;
  return false;
}

/** The examples one page gives: its first suggestions had it no links, each accepted when the page links the target. */
export function siteLinkExamples(
  corpus: SiteCorpus,
  source: CorpusDocument,
  html: string,
  stem: Stem,
  model: RelevanceModel,
): Decision[] {
  const sourcePageId = corpus.pageIdOf(source.docNo);
  if (sourcePageId === undefined || !linksSitePages(corpus, source)) return [];
  const linked = linkedDocuments(source);
  const visible = extractVisibleText(html, { linkTextEligible: true });
  const text = readSourceText({ text: visible.text, eligible: visible.eligible, wordTermIds: null }, corpus, stem);
  const suggestions = suggestLinks(
    corpus,
    source,
    text,
    {
      projectId: '',
      sourcePageId,
      limit: EXAMPLES_PER_PAGE,
      minRelevanceScore: 0,
      excludedTargetIds: new Set([sourcePageId]),
      isTargetUrlAllowed: () => true,
      asIfUnlinked: true,
    },
    model,
  );
  return suggestions.map((suggestion) => ({
    inputs: suggestion.inputs,
    accepted: linked.has(corpus.docNoOfPage(suggestion.targetPageId)!),
  }));
}
