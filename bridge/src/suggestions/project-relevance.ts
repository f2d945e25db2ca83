import {
  adaptRelevanceModel,
  MAX_DECISIONS,
  MIN_DECISIONS,
  MIN_DECISIONS_EACH,
  PRIOR_STRENGTH,
  meanScoreOver,
  withLogOddsMapped,
  withMeanScoreOf,
  type Decision,
} from '../engine/adaptation.js';
import { inputsInCurrentShape } from '../engine/decision-inputs.js';
import type { RelevanceModel } from '../engine/relevance.js';
import type { SuggestionsRepository } from './suggestions.repository.js';
import type { RelevanceSummary } from './suggestions.schemas.js';

/** The site's own links, read as examples of what its authors link (engine/site-link-examples.ts). */
export interface SiteLinks {
  /** Changes when the examples should be read again (the site grew or its links changed by a tenth). */
  key: (projectId: string) => Promise<string>;
  /** Examples from at most `maxPages` pages that link other pages of the site, found among at most `maxRead` pages. */
  examples: (
    projectId: string,
    relevance: RelevanceModel,
    limits: { maxPages: number; maxRead: number },
  ) => Promise<{ pages: number; examples: Decision[] }>;
}

/** A pair's target inputs added last, 'gone' when either page is not indexed (ProjectIndexes.laterTargetInputs). */
export type PairLaterTargetInputs = (projectId: string, sourcePageId: string, targetPageId: string) => Promise<readonly number[] | 'gone'>;

/** Pages of the site read for examples: about a thousand examples, half a second on a large site. */
export const SITE_LINK_PAGES = 100;
/**
 * Pages read at most to find them, so that a large site whose pages seldom link each other costs tens of milliseconds,
 * not a read of every page: a site where fewer than one page in twenty links another gives fewer examples instead.
 */
export const SITE_LINK_PAGES_READ = 20 * SITE_LINK_PAGES;
/** Fewer linking pages than this, or fewer linked examples, say too little about the site: its links are not used. */
export const MIN_SITE_LINK_PAGES = 20;
export const MIN_SITE_LINKED_EXAMPLES = 20;
/**
 * Pull of the site-adapted model towards the bridge's, in examples (see adaptation.ts): chosen leave-one-site-out on the
 * quality benchmark among 1, 3, 10, 30 and 100 (3 on every site; bench/quality/README.md, "Adapted to a site's links").
 */
export const SITE_LINKS_PRIOR_STRENGTH = 3;

/**
 * How the site-adapted score is spread and levelled: log-odds × `slope` + min(0, `fromExamples` × the examples' gap +
 * `offset`), where the gap is logit(share of the examples linked) − logit(their mean score). Fitted on the quality
 * benchmark's fourteen sites (`bench/quality/fit-site-level.ts`; held out, each site fitted on the others, the
 * calibration gap fell from 0.24 to 0.11; refitted for the weights of commit f0a1059). The level is only ever lowered: the
 * benchmark's examples miss half their links, a real site's do not, so a raise learnt there could not be trusted on a
 * site whose links are all in place.
 */
export const SITE_LEVEL = { slope: 1.556, fromExamples: 1.575, offset: 0.704 } as const;

/**
 * How a site with too few links to adapt to (fewer than MIN_SITE_LINK_PAGES linking pages or MIN_SITE_LINKED_EXAMPLES
 * linked examples: most sites of a few dozen posts) is levelled by them: the bridge's log-odds plus min(0, w ×
 * (`fromExamples` × gap + `offset`)), gap as for SITE_LEVEL, w = examples / (examples + `examplesPrior`), so that a
 * handful of examples moves the level a little. Fitted on the quality benchmark's small sites with links
 * (`bench/quality/fit-small-site-level.ts`; held out, each corpus's small sites levelled by the fit on the others', the
 * log loss on sites of 10 pages fell from 0.464 to 0.415 and precision at the default from 0.60 to 0.71). Lowered only,
 * as SITE_LEVEL.
 */
export const FEW_LINKS_LEVEL = { fromExamples: 1.536, offset: 0.564, examplesPrior: 30 } as const;

const logit = (p: number): number => Math.log(p / (1 - p));
const clamp = (p: number): number => Math.min(1 - 1e-4, Math.max(1e-4, p));

/** The shift of the log-odds that SITE_LEVEL gives a site whose examples were linked at `share`, at `meanScore` on average. */
export function siteLevelShift(share: number, meanScore: number): number {
  return Math.min(0, SITE_LEVEL.fromExamples * (logit(clamp(share)) - logit(clamp(meanScore))) + SITE_LEVEL.offset);
}

/** The shift of the log-odds that FEW_LINKS_LEVEL gives a site with `linked` of its `examples` linked, at `meanScore`. */
export function fewLinksLevelShift(linked: number, examples: number, meanScore: number): number {
  if (examples === 0) return 0;
  const weight = examples / (examples + FEW_LINKS_LEVEL.examplesPrior);
  const gap = logit(clamp(linked / examples)) - logit(clamp(meanScore));
  return Math.min(0, weight * (FEW_LINKS_LEVEL.fromExamples * gap + FEW_LINKS_LEVEL.offset));
}

interface SiteModel {
  key: string;
  model: RelevanceModel;
  summary: RelevanceSummary['siteLinks'];
}

interface Adapted {
  /** The site-links and decisions revisions it was fitted for. */
  key: string;
  model: RelevanceModel;
  summary: RelevanceSummary;
}

/** Adapted models kept in memory; past this many projects the cache starts again (a refit costs milliseconds). */
const MAX_CACHED_PROJECTS = 1000;

/**
 * Each project's relevance model, in two steps. First the bridge's model adapted to the links the site already has
 * (when it has enough): what this site's authors link, learnt before anyone uses Interlinker. Then that model adapted
 * to the project's editors' decisions once there are enough of them (engine/adaptation.ts). The first is read again
 * when the site changes by a tenth; the second is refitted when a decision is made, changed or removed, which one
 * indexed query per generation notices.
 */
export class ProjectRelevance {
  private readonly cache = new Map<string, Adapted>();
  private readonly siteModels = new Map<string, SiteModel>();

  constructor(
    private readonly suggestions: SuggestionsRepository,
    private readonly base: RelevanceModel,
    private readonly siteLinks: SiteLinks | null = null,
    private readonly laterTargetInputs: PairLaterTargetInputs | null = null,
  ) {}

  /** The project's model; call inside ProjectIndexes.serialized, as it reads the project's index. */
  async modelFor(projectId: string): Promise<RelevanceModel> {
    return (await this.current(projectId)).model;
  }

  /** Call inside ProjectIndexes.serialized, as modelFor. */
  async summary(projectId: string): Promise<RelevanceSummary> {
    return (await this.current(projectId)).summary;
  }

  private async siteModel(projectId: string): Promise<SiteModel> {
    const key = (await this.siteLinks?.key(projectId)) ?? '';
    const cached = this.siteModels.get(projectId);
    if (cached?.key === key) return cached;
    const read = (await this.siteLinks?.examples(projectId, this.base, { maxPages: SITE_LINK_PAGES, maxRead: SITE_LINK_PAGES_READ })) ?? { pages: 0, examples: [] };
    const linked = read.examples.filter((example) => example.accepted).length;
    const enough = read.pages >= MIN_SITE_LINK_PAGES && linked >= MIN_SITE_LINKED_EXAMPLES;
    const adapted = enough ? adaptRelevanceModel(this.base, read.examples, SITE_LINKS_PRIOR_STRENGTH) : null;
    const meanScore = meanScoreOver(this.base, read.examples);
    // A page's links say which pages its authors prefer, not how many more it needs: a site's pages are rarely linked
    // to everything worth linking, so the level starts from the bridge's, and is only lowered where the site's authors
    // link fewer of the examples than the bridge's mean score says (SITE_LEVEL; FEW_LINKS_LEVEL on a site with too few
    // links to adapt to, whose order stays the bridge's).
    let levelShift = 0;
    let model = this.base;
    if (adapted !== null) {
      levelShift = meanScore === null ? 0 : siteLevelShift(linked / read.examples.length, meanScore);
      model = withLogOddsMapped(withMeanScoreOf(adapted, this.base, read.examples), SITE_LEVEL.slope, levelShift);
    } else if (meanScore !== null) {
      levelShift = fewLinksLevelShift(linked, read.examples.length, meanScore);
      if (levelShift < 0) model = withLogOddsMapped(this.base, 1, levelShift);
    }
    const entry: SiteModel = {
      key,
      model,
      summary: { adapted: adapted !== null, pages: read.pages, examples: read.examples.length, linked, meanScore, levelShift },
    };
    if (this.siteModels.size >= MAX_CACHED_PROJECTS) this.siteModels.clear();
    this.siteModels.set(projectId, entry);
    return entry;
  }

  /** The most recent decisions whose inputs the model reads, older engines' brought into its shape. */
  private async decisions(projectId: string): Promise<Decision[]> {
    const decisions: Decision[] = [];
    for (const decision of await this.suggestions.decisions(projectId, MAX_DECISIONS)) {
      let inputs = inputsInCurrentShape(decision.inputs, () => 'gone');
      // Read only for decisions stored before the later inputs existed.
      if (inputs === null && this.laterTargetInputs) {
        const later = await this.laterTargetInputs(projectId, decision.sourcePageId, decision.targetPageId);
        inputs = inputsInCurrentShape(decision.inputs, () => later);
      }
      if (inputs !== null) decisions.push({ inputs, accepted: decision.accepted });
    }
    return decisions;
  }

  private async current(projectId: string): Promise<Adapted> {
    const site = await this.siteModel(projectId);
    const revision = await this.suggestions.decisionsRevision(projectId);
    const key = `${site.key}|${site.summary.adapted}|${revision.count}/${revision.lastUpdatedAt ?? ''}`;
    const cached = this.cache.get(projectId);
    if (cached?.key === key) return cached;
    const decisions = revision.count === 0 ? [] : await this.decisions(projectId);
    const warmStart = cached?.summary.adapted ? cached.model : undefined;
    const adapted = adaptRelevanceModel(site.model, decisions, PRIOR_STRENGTH, warmStart);
    const accepted = decisions.filter((decision) => decision.accepted).length;
    const entry: Adapted = {
      key,
      model: adapted ?? site.model,
      summary: {
        adapted: adapted !== null,
        decisions: decisions.length,
        accepted,
        rejected: decisions.length - accepted,
        minimumDecisions: MIN_DECISIONS,
        minimumOfEach: MIN_DECISIONS_EACH,
        siteLinks: site.summary,
      },
    };
    if (this.cache.size >= MAX_CACHED_PROJECTS) this.cache.clear();
    this.cache.set(projectId, entry);
    return entry;
  }
}
