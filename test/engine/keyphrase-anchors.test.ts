import Database from 'better-sqlite3';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { sqliteBackend } from '../../bridge/src/db/database.js';
import { migrate } from '../../bridge/src/db/migrate.js';
import { analyzePage } from '../../bridge/src/engine/page-analysis.js';
import { SiteCorpus } from '../../bridge/src/engine/site-corpus.js';
import { anchorVector, DEFAULT_MIN_RELEVANCE_SCORE, MAX_ANCHOR_USES, type AnchorFeatures } from '../../bridge/src/engine/relevance.js';
import type { EngineSuggestion, IndexedPage } from '../../bridge/src/engine/types.js';
import { ProjectIndexes } from '../../bridge/src/indexing/project-indexes.js';
import { contractViolations } from '../support/suggestion-validity.js';

/**
 * An editor's keyphrase is an explicit "link these words to this page": its mentions must score at least as a mention
 * of the page's title would, pass the default threshold however many pages mention it, and change nothing for pages
 * without keyphrases.
 */
const SITE = 'https://garden.example';
const PHRASE = 'terracotta pots';

interface Page {
  path: string;
  title: string;
  html: string;
  keyphrases?: string[];
  /** Paths linked, with their anchor texts. */
  links?: [path: string, anchor: string][];
}

const CONTAINERS: Page = {
  path: '/containers',
  title: 'Growing vegetables in containers',
  html: '<p>Pots dry out faster than beds, so water containers every morning in summer. Unglazed terracotta breathes and keeps roots cool; plastic holds water longer.</p><p>Fill them with a peat-free potting mix and feed every two weeks once the plants flower.</p>',
};

const OTHERS: Page[] = [
  { path: '/tomatoes', title: 'Tomatoes', html: '<p>Tomatoes need sun, a sturdy cane and steady watering. Pinch out the side shoots of cordon varieties every week, and grow basil from the kitchen herbs bed beside them.</p>' },
  { path: '/herbs', title: 'Kitchen herbs', html: '<p>Basil, parsley and chives grow well by the kitchen door. Cut them often so that they stay bushy.</p>' },
  { path: '/compost', title: 'Making compost', html: '<p>Mix green and brown waste, turn the heap every month and keep it as damp as a wrung-out sponge. Tomatoes and squash love a spadeful of it.</p>' },
  { path: '/balcony', title: 'A balcony garden', html: '<p>A small balcony holds more than you think: climbing beans on the railing, lettuce in boxes, strawberries hanging, and tomatoes in the sunniest corner.</p>' },
  { path: '/seeds', title: 'Sowing seeds indoors', html: '<p>Sow seeds on a bright windowsill in March, prick them out when the first true leaves show, and harden them off in May.</p>' },
  { path: '/pests', title: 'Slugs and snails', html: '<p>Slugs eat seedlings overnight. Copper tape, beer traps and a torchlit hunt after rain keep them in check.</p>' },
  { path: '/watering', title: 'Watering wisely', html: '<p>Water at the roots in the evening, and mulch the soil with your own compost so that it keeps the moisture through a hot day. Slugs and snails love damp evenings, though.</p>' },
];

/** The sentence a page adds to mention the phrase. */
const mentioning = (page: Page): Page => ({ ...page, html: `${page.html}<p>Mine grow in ${PHRASE} by the back door.</p>` });

function htmlOf(page: Page): string {
  const links = (page.links ?? []).map(([path, anchor]) => `<p>More in <a href="${SITE}${path}">${anchor}</a>.</p>`).join('');
  return page.html + links;
}

/** A project in an in-memory bridge database, synced and asked as the bridge does. */
class Site {
  readonly db = new Database(':memory:');
  indexes: ProjectIndexes;
  readonly pages = new Map<string, Page>();

  constructor() {
    migrate(this.db);
    this.db.prepare("INSERT INTO accounts (id, name, tier, rate_limit, created_at) VALUES ('acc', 'acc', 'free', 100, 'now')").run();
    this.db
      .prepare(`INSERT INTO projects (id, account_id, name, domain, created_at, updated_at) VALUES ('prj', 'acc', 'Garden', '${SITE}', 'now', 'now')`)
      .run();
    this.indexes = this.restarted();
  }

  /** The indexes a restarted bridge has: nothing in memory. */
  restarted(): ProjectIndexes {
    return new ProjectIndexes(sqliteBackend(this.db).db, { sqlite: this.db });
  }

  async sync(pages: readonly Page[]): Promise<void> {
    const upsert = this.db.prepare(`INSERT INTO pages (id, project_id, url, url_key, title, status_code, created_at, last_synced_at)
      VALUES (@id, 'prj', @url, @url, @title, 200, 'now', 'now') ON CONFLICT(id) DO UPDATE SET title = @title`);
    const indexed: IndexedPage[] = pages.map((page) => {
      const url = `${SITE}${page.path}`;
      const analysis = analyzePage({ url, title: page.title, html: htmlOf(page) });
      const linkedUrls = (page.links ?? []).map(([path]) => `${SITE}${path}`);
      return { pageId: `pg${page.path}`, url, title: page.title, statusCode: 200, analysis, linkedUrls, keyphrases: page.keyphrases ?? [] };
    });
    const db = sqliteBackend(this.db).db;
    await this.indexes.serialized('prj', () =>
      db.transaction().execute(async (trx) => {
        // The same connection: these rows are in the transaction.
        for (const page of pages) upsert.run({ id: `pg${page.path}`, url: `${SITE}${page.path}`, title: page.title });
        await this.indexes.applySync(trx, 'prj', indexed);
      }),
    );
    for (const page of pages) this.pages.set(page.path, page);
  }

  forward(sourcePath: string, minRelevanceScore = 0): Promise<EngineSuggestion[]> {
    return this.indexes.generate({
      projectId: 'prj',
      sourcePageId: `pg${sourcePath}`,
      limit: 10,
      minRelevanceScore,
      excludedTargetIds: new Set(),
      isTargetUrlAllowed: () => true,
    });
  }

  /** The forward suggestion from `sourcePath` to `targetPath`, if any. */
  async pair(sourcePath: string, targetPath: string, minRelevanceScore = 0): Promise<EngineSuggestion | undefined> {
    return (await (await this.forward(sourcePath, minRelevanceScore))).find((s) => s.targetPageId === `pg${targetPath}`);
  }

  inbound(targetPath: string, minRelevanceScore: number) {
    return this.indexes.generateInbound({
      projectId: 'prj',
      targetPageId: `pg${targetPath}`,
      limit: 10,
      minRelevanceScore,
      isSourceAllowed: () => true,
      forwardRequest: (sourcePageId) => ({
        projectId: 'prj',
        sourcePageId,
        limit: 10,
        minRelevanceScore,
        excludedTargetIds: new Set(),
        isTargetUrlAllowed: () => true,
      }),
    });
  }

  /** Contract §4 for the answer from `sourcePath`: anchors verbatim in eligible text, one per target, none linked. */
  async violations(sourcePath: string): Promise<string[]> {
    const stored = new Map([...this.pages.values()].map((p) => [`${SITE}${p.path}`, { html: htmlOf(p), statusCode: 200 }]));
    const suggestions = (await (await this.forward(sourcePath))).map((s) => ({ ...s, sourcePageUrl: `${SITE}${sourcePath}`, targetPageUrl: `${SITE}${s.targetPageId.slice(2)}` }));
    return contractViolations(suggestions, stored);
  }

  close(): void {
    this.db.close();
  }
}

const open: Site[] = [];
const site = async (pages: readonly Page[]): Promise<Site> => {
  const created = new Site();
  open.push(created);
  await created.sync(pages);
  return created;
};
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

/** Where the anchor's uses sit among a suggestion's inputs (after the target's), found by varying that one input. */
const NO_ANCHOR: AnchorFeatures = {
  kind: null,
  titleCoverage: 0,
  specificity: 0,
  anchorWords: 1,
  ambiguity: 1,
  anchorUses: 0,
  position: 0,
  nearInlineMention: false,
  nameLike: false,
  afterCue: false,
  wholeBlock: false,
};
const USES_IN_ANCHOR = anchorVector(NO_ANCHOR).findIndex((value, i) => value !== anchorVector({ ...NO_ANCHOR, anchorUses: 3 })[i]);
const usesInput = (suggestion: EngineSuggestion): number =>
  suggestion.inputs[suggestion.inputs.length - anchorVector(NO_ANCHOR).length + USES_IN_ANCHOR]!;

describe("an editor's keyphrase as an anchor", () => {
  // Up to half of the site's pages: a phrase on two thirds of a nine-page site is no longer specific to any page, and
  // the model reads that (its weakest source there scores 0.4998, just under the default, above the title's 0.34).
  test.each([1, 2, 4])(
    'when %i pages mention a page’s keyphrase, then each suggests it with that anchor at or above the default score, and at least as high as if the phrase were its title',
    async (count) => {
      const sources = OTHERS.slice(0, count).map(mentioning);
      const pages = [...sources, ...OTHERS.slice(count)];
      const byKeyphrase = await site([{ ...CONTAINERS, keyphrases: [PHRASE] }, ...pages]);
      const byTitle = await site([{ ...CONTAINERS, title: 'Terracotta pots' }, ...pages]);
      for (const source of sources) {
        const keyphrase = (await byKeyphrase.pair(source.path, CONTAINERS.path, DEFAULT_MIN_RELEVANCE_SCORE));
        const title = (await byTitle.pair(source.path, CONTAINERS.path));
        expect(keyphrase?.anchorText, source.path).toBe(PHRASE);
        expect(title?.anchorText, source.path).toBe(PHRASE);
        expect(keyphrase!.relevanceScore, source.path).toBeGreaterThanOrEqual(DEFAULT_MIN_RELEVANCE_SCORE);
        expect(keyphrase!.relevanceScore, source.path).toBeGreaterThanOrEqual(title!.relevanceScore);
        expect((await byKeyphrase.violations(source.path)), source.path).toEqual([]);
      }
    },
  );

  test('when the keyphrase is asked for from the target’s side, then every page mentioning it is a source at the default score, scored as forward', async () => {
    const sources = OTHERS.slice(0, 4).map(mentioning);
    const garden = await site([{ ...CONTAINERS, keyphrases: [PHRASE] }, ...sources, ...OTHERS.slice(4)]);
    const inbound = (await garden.inbound(CONTAINERS.path, DEFAULT_MIN_RELEVANCE_SCORE));
    expect(inbound.map((s) => s.sourcePageId).sort()).toEqual(sources.map((s) => `pg${s.path}`).sort());
    for (const suggestion of inbound) {
      expect(suggestion.anchorText).toBe(PHRASE);
      expect(suggestion.relevanceScore).toBe((await garden.pair(suggestion.sourcePageId.slice(2), CONTAINERS.path))!.relevanceScore);
    }
  });

  test('when a page already links the target, then the keyphrase is not suggested from it however strong', async () => {
    const linking: Page = { ...mentioning(OTHERS[0]!), links: [[CONTAINERS.path, 'our container guide']] };
    const garden = await site([{ ...CONTAINERS, keyphrases: [PHRASE] }, linking, mentioning(OTHERS[1]!), ...OTHERS.slice(2)]);
    expect((await garden.pair(linking.path, CONTAINERS.path))).toBeUndefined();
    expect((await garden.pair(OTHERS[1]!.path, CONTAINERS.path))?.anchorText).toBe(PHRASE);
  });

  test('when the keyphrase is also the anchor text of a link, then it reads as the strongest anchor while kept, and as that one link once withdrawn, after restarts too', async () => {
    const linking: Page = { ...OTHERS[0]!, links: [[CONTAINERS.path, PHRASE]] };
    const source = mentioning(OTHERS[1]!);
    const garden = await site([{ ...CONTAINERS, keyphrases: [PHRASE] }, linking, source, ...OTHERS.slice(2)]);
    const strong = (await garden.pair(source.path, CONTAINERS.path))!;
    expect(usesInput(strong)).toBeCloseTo(Math.log1p(MAX_ANCHOR_USES), 6);

    // After a restart, rebuilt from the rows, then read back from a snapshot: the same count.
    garden.indexes = garden.restarted();
    expect((await garden.pair(source.path, CONTAINERS.path))?.relevanceScore).toBe(strong.relevanceScore);
    expect(await garden.indexes.saveSnapshots()).toEqual(['prj']);
    const restored = vi.spyOn(SiteCorpus, 'fromSnapshot');
    garden.indexes = garden.restarted();
    expect((await garden.pair(source.path, CONTAINERS.path))?.relevanceScore).toBe(strong.relevanceScore);
    expect(restored).toHaveBeenCalledTimes(1);
    restored.mockRestore();

    await garden.sync([CONTAINERS]);
    const linkOnly = (await garden.pair(source.path, CONTAINERS.path))!;
    expect(linkOnly.anchorText).toBe(PHRASE);
    expect(usesInput(linkOnly)).toBeCloseTo(Math.log1p(1), 6);
    expect(linkOnly.relevanceScore).toBeLessThan(strong.relevanceScore);
  });
});

describe('pages without keyphrases', () => {
  test('when anchor texts of links name a page, then they count the pages linking with them, no more', async () => {
    const linked: Page[] = OTHERS.slice(0, 3).map((page) => ({ ...page, links: [[CONTAINERS.path, 'clay containers']] }));
    const source: Page = { ...OTHERS[3]!, html: `${OTHERS[3]!.html}<p>Herbs like clay containers best.</p>` };
    const garden = await site([CONTAINERS, ...linked, source, ...OTHERS.slice(4)]);
    const suggestion = (await garden.pair(source.path, CONTAINERS.path))!;
    expect(suggestion.anchorText).toBe('clay containers');
    expect(usesInput(suggestion)).toBeCloseTo(Math.log1p(3), 6);
  });

  test('when one page has a keyphrase, then every page not mentioning it gets the very answers it got without it', async () => {
    const source = mentioning(OTHERS[0]!);
    const linked: Page = { ...OTHERS[1]!, links: [[CONTAINERS.path, 'container growing']] };
    const pages = [source, linked, ...OTHERS.slice(2)];
    const without = await site([CONTAINERS, ...pages]);
    const withKeyphrase = await site([{ ...CONTAINERS, keyphrases: [PHRASE] }, ...pages]);
    expect((await withKeyphrase.pair(source.path, CONTAINERS.path))!.relevanceScore).toBeGreaterThan((await without.pair(source.path, CONTAINERS.path))?.relevanceScore ?? 0);
    const others = [CONTAINERS, ...pages.slice(1)];
    const answers = await Promise.all(others.map((page) => without.forward(page.path)));
    expect(answers.flat().length).toBeGreaterThan(others.length);
    expect(await Promise.all(others.map((page) => withKeyphrase.forward(page.path)))).toEqual(answers);
  });
});
