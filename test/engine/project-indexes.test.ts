import Database from 'better-sqlite3';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { sqliteBackend } from '../../bridge/src/db/database.js';
import { migrate } from '../../bridge/src/db/migrate.js';
import { analyzePage } from '../../bridge/src/engine/page-analysis.js';
import { LATER_TARGET_INPUTS, TARGET_INPUTS } from '../../bridge/src/engine/relevance.js';
import { SiteCorpus } from '../../bridge/src/engine/site-corpus.js';
import type { GenerateRequest, IndexedPage } from '../../bridge/src/engine/types.js';
import { ProjectIndexes, type ProjectIndexesOptions } from '../../bridge/src/indexing/project-indexes.js';
import { resolveHref } from '../../bridge/src/lib/url.js';
import { contractViolations } from '../support/suggestion-validity.js';

const SITE = 'https://docs.example';

interface FixturePage {
  path: string;
  title: string;
  html: string;
  statusCode?: number;
  keyphrases?: string[];
}

const PAGES: FixturePage[] = [
  {
    path: '/apt',
    title: 'APT package manager – Docs',
    html: '<p>The APT package manager installs software from repositories and resolves dependencies between packages.</p>',
  },
  {
    path: '/dpkg',
    title: 'dpkg – Docs',
    html: '<p>dpkg installs single package files. The APT package manager calls dpkg to unpack packages and their dependencies.</p>',
  },
  {
    path: '/grub',
    title: 'GRUB boot loader – Docs',
    html: '<p>The GRUB boot loader loads the Linux kernel and the initramfs at boot.</p>',
  },
  {
    path: '/kernel',
    title: 'Linux kernel – Docs',
    html: '<h2>Linux kernel</h2><p>The Linux kernel is loaded by the GRUB boot loader. Kernel packages come from the APT package manager, and dpkg unpacks them.</p><pre>apt install linux-image</pre>',
  },
  {
    path: '/gone',
    title: 'Initramfs – Docs',
    html: '<p>The initramfs holds early boot tools for the Linux kernel.</p>',
    statusCode: 404,
  },
  {
    path: '/network',
    title: 'Network setup – Docs',
    html: '<p>Network setup needs packages from the APT package manager. See <a href="/grub">the GRUB boot loader</a> for boot issues; dpkg is rarely needed.</p>',
  },
];

let db: Database.Database;
let indexes: ProjectIndexes;

function indexedPage(page: FixturePage): IndexedPage {
  const url = `${SITE}${page.path}`;
  const analysis = analyzePage({ url, title: page.title, html: page.html });
  const linkedUrls = analysis.links.map((link) => resolveHref(link.href, url)).filter((u): u is string => u !== null);
  return {
    pageId: `pg${page.path}`,
    url,
    title: page.title,
    statusCode: page.statusCode ?? 200,
    analysis,
    linkedUrls,
    keyphrases: page.keyphrases ?? [],
  };
}

/** Writes the page rows as the bridge's sync does, then indexes them in the same transaction. */
async function sync(pages: FixturePage[], into: ProjectIndexes = indexes): Promise<void> {
  await into.serialized('prj', () =>
    store(db).transaction().execute(async (trx) => {
      for (const page of pages) {
        const row = { title: page.title, status_code: page.statusCode ?? 200 };
        await trx
          .insertInto('pages')
          .values({ id: `pg${page.path}`, project_id: 'prj', url: `${SITE}${page.path}`, url_key: `${SITE}${page.path}`, created_at: 'now', last_synced_at: 'now', ...row })
          .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
          .execute();
      }
      await into.applySync(trx, 'prj', pages.map(indexedPage));
    }),
  );
}

/** The Kysely the bridge runs over this connection. */
function store(connection: Database.Database) {
  return sqliteBackend(connection).db;
}

/** Indexes over the test's connection, as the bridge makes them. */
function indexesOver(connection: Database.Database, options: ProjectIndexesOptions = {}): ProjectIndexes {
  return new ProjectIndexes(store(connection), { sqlite: connection, ...options });
}

function request(sourcePath: string, overrides: Partial<GenerateRequest> = {}): GenerateRequest {
  return {
    projectId: 'prj',
    sourcePageId: `pg${sourcePath}`,
    limit: 10,
    minRelevanceScore: 0,
    excludedTargetIds: new Set(),
    isTargetUrlAllowed: () => true,
    ...overrides,
  };
}

async function answer(sourcePath: string, overrides: Partial<GenerateRequest> = {}, from: ProjectIndexes = indexes) {
  return (await from.generate(request(sourcePath, overrides))).map((s) => ({ ...s, target: s.targetPageId.slice(2) }));
}

/** The answers for each of the pages, in turn. */
async function answersOf(pages: readonly FixturePage[], from: ProjectIndexes = indexes) {
  const answers = [];
  for (const page of pages) answers.push(await answer(page.path, {}, from));
  return answers;
}

async function violations(sourcePath: string, pages: FixturePage[] = PAGES): Promise<string[]> {
  const stored = new Map(pages.map((p) => [`${SITE}${p.path}`, { html: p.html, statusCode: p.statusCode ?? 200 }]));
  const suggestions = (await indexes.generate(request(sourcePath))).map((s) => ({
    ...s,
    sourcePageUrl: `${SITE}${sourcePath}`,
    targetPageUrl: `${SITE}${s.targetPageId.slice(2)}`,
  }));
  return contractViolations(suggestions, stored);
}

beforeEach(async () => {
  db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db);
  db.prepare("INSERT INTO accounts (id, name, tier, rate_limit, created_at) VALUES ('acc', 'acc', 'free', 100, 'now')").run();
  db.prepare(`INSERT INTO projects (id, account_id, name, domain, created_at, updated_at)
    VALUES ('prj', 'acc', 'Docs', '${SITE}', 'now', 'now')`).run();
  indexes = indexesOver(db);
  await sync(PAGES);
});

describe('ProjectIndexes.generate', () => {
  test('when a page names other pages by their titles, then it suggests them with those names as anchors', async () => {
    const suggestions = (await answer('/kernel'));
    expect(suggestions.map((s) => [s.target, s.anchorText])).toEqual(
      expect.arrayContaining([
        ['/grub', 'GRUB boot loader'],
        ['/apt', 'APT package manager'],
        ['/dpkg', 'dpkg'],
      ]),
    );
  });

  test.each(PAGES.map((page) => page.path))('when suggesting for %s, then every contract §4 guarantee holds', async (path) => {
    expect(await violations(path)).toEqual([]);
  });

  test('when the context is returned, then it is the sentence around the anchor', async () => {
    const grub = (await answer('/kernel')).find((s) => s.target === '/grub');
    expect(grub?.context).toBe('The Linux kernel is loaded by the GRUB boot loader.');
  });

  test('when a target has a non-2xx status, then it is never suggested', async () => {
    expect((await answer('/grub')).map((s) => s.target)).not.toContain('/gone');
  });

  test('when the source already links to a target, then that target is not suggested', async () => {
    expect((await answer('/network')).map((s) => s.target)).not.toContain('/grub');
  });

  test('when targets are excluded or outside the allowed paths, then they are not suggested', async () => {
    const targets = (
      await answer('/kernel', {
        excludedTargetIds: new Set(['pg/apt']),
        isTargetUrlAllowed: (url) => !url.endsWith('/dpkg'),
      })
    ).map((s) => s.target);
    expect(targets).not.toContain('/apt');
    expect(targets).not.toContain('/dpkg');
    expect(targets).toContain('/grub');
  });

  test('when limit and minRelevanceScore are given, then the answer respects both and is sorted', async () => {
    const all = (await answer('/kernel'));
    const limited = (await answer('/kernel', { limit: 1 }));
    expect(limited).toEqual(all.slice(0, 1));
    const floor = all[all.length - 1]!.relevanceScore + 1e-6;
    expect((await answer('/kernel', { minRelevanceScore: floor })).every((s) => s.relevanceScore >= floor)).toBe(true);
    const scores = all.map((s) => s.relevanceScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  test('when two targets are named by overlapping phrases, then each anchor is used once and none overlap', async () => {
    await sync([{ path: '/packages', title: 'Package manager – Docs', html: '<p>A package manager installs packages.</p>' }]);
    const suggestions = (await answer('/kernel'));
    const anchors = suggestions.map((s) => s.anchorText);
    expect(anchors).toContain('APT package manager');
    expect(anchors).not.toContain('package manager');
  });

  test('when the source page is unknown, then there are no suggestions', async () => {
    expect(await answer('/nowhere')).toEqual([]);
  });
});

describe("ProjectIndexes and the editors' keyphrases", () => {
  const brewing: FixturePage = {
    path: '/brewing',
    title: 'Brewing coffee at home – Docs',
    html: '<p>Grind size, water temperature and steeping time decide how coffee tastes. A cold brew steeps for hours.</p>',
  };
  const withKeyphrase: FixturePage = { ...brewing, keyphrases: ['cold brew ratio'] };
  const mentioning: FixturePage = {
    path: '/beans',
    title: 'Choosing coffee beans – Docs',
    html: '<p>Light roasts suit filters. For iced drinks, get the cold brew ratio right before you buy a big bag.</p>',
  };
  const anchorsTo = async (target: string, from: ProjectIndexes = indexes) =>
    (await answer('/beans', {}, from)).filter((s) => s.target === target).map((s) => s.anchorText);

  test('when a page has a keyphrase another page mentions, then that page suggests it with exactly that anchor, and not without it', async () => {
    await sync([brewing, mentioning]);
    expect(await anchorsTo('/brewing')).not.toContain('cold brew ratio');
    const scoreBefore = (await answer('/beans')).find((s) => s.target === '/brewing')?.relevanceScore ?? 0;

    await sync([withKeyphrase]);
    const [first] = (await answer('/beans')).filter((s) => s.target === '/brewing');
    expect(first?.anchorText).toBe('cold brew ratio');
    expect(first!.relevanceScore).toBeGreaterThan(scoreBefore);
    expect(await violations('/beans', [...PAGES, withKeyphrase, mentioning])).toEqual([]);
  });

  test('when the bridge restarts, from the rows or from a snapshot, then the keyphrase still names its page', async () => {
    await sync([withKeyphrase, mentioning]);
    expect(await anchorsTo('/brewing', indexesOver(db))).toContain('cold brew ratio');
    await indexes.saveSnapshots();
    const restored = vi.spyOn(SiteCorpus, 'fromSnapshot');
    const restarted = indexesOver(db);
    expect(await anchorsTo('/brewing', restarted)).toContain('cold brew ratio');
    expect(restored).toHaveBeenCalledTimes(1);
    restored.mockRestore();
  });

  test('when the page is synced again without its keyphrase, then the keyphrase no longer names it', async () => {
    await sync([withKeyphrase, mentioning]);
    await sync([brewing]);
    expect(await anchorsTo('/brewing')).not.toContain('cold brew ratio');
    expect(await anchorsTo('/brewing', indexesOver(db))).not.toContain('cold brew ratio');
  });
});

describe("ProjectIndexes and the site's own links as examples", () => {
  const htmlOf = async (pageIds: readonly string[]) =>
    new Map(PAGES.filter((p) => pageIds.includes(`pg${p.path}`)).map((p) => [`pg${p.path}`, p.html]));

  test('when enough pages may be read, then the one page that links another is read for its examples', async () => {
    const read: string[] = [];
    const found = await indexes.siteLinkExamples('prj', indexes.relevance, { maxPages: 100, maxRead: 100 }, (pageIds) => {
      read.push(...pageIds);
      return htmlOf(pageIds);
    });
    expect(read).toEqual(['pg/network']);
    expect(found.pages).toBe(1);
    expect(found.examples.some((example) => example.accepted)).toBe(true);
  });

  test('when fewer pages may be read than it takes to reach a linking page, then the search stops there', async () => {
    const counts: number[] = [];
    for (let maxRead = 0; maxRead < PAGES.length; maxRead += 1) {
      counts.push((await indexes.siteLinkExamples('prj', indexes.relevance, { maxPages: 100, maxRead }, htmlOf)).pages);
    }
    // Nothing is found without reading; the linking page is reached at one place in the order, and found from there on.
    const firstFound = counts.indexOf(1);
    expect(firstFound).toBeGreaterThan(0);
    expect(counts.slice(0, firstFound).every((n) => n === 0)).toBe(true);
    expect(counts.slice(firstFound).every((n) => n === 1)).toBe(true);
  });
});

describe('ProjectIndexes lifecycle', () => {
  test('when a page is synced again with a new title, then its old title no longer names it', async () => {
    expect((await answer('/kernel')).map((s) => s.anchorText)).toContain('APT package manager');
    await sync([{ path: '/apt', title: 'Software sources – Docs', html: '<p>Configure the mirrors.</p>' }]);
    const anchors = (await answer('/kernel')).filter((s) => s.target === '/apt').map((s) => s.anchorText);
    expect(anchors).not.toContain('APT package manager');
  });

  test('when the bridge restarts, then the reloaded indexes give the same answer', async () => {
    const before = await answer('/kernel');
    const reopened = indexesOver(db);
    await reopened.warmUp();
    expect(await answer('/kernel', {}, reopened)).toEqual(before);
  });

  test('when the bridge stops and starts, then the indexes come back from their snapshot and answer the same', async () => {
    const before = await answersOf(PAGES);
    expect(await indexes.saveSnapshots()).toEqual(['prj']);
    const restored = vi.spyOn(SiteCorpus, 'fromSnapshot');
    const restarted = indexesOver(db);
    await restarted.warmUp();
    expect(restored).toHaveBeenCalledTimes(1);
    restored.mockRestore();
    expect(await answersOf(PAGES, restarted)).toEqual(before);
    expect(before.flat().length).toBeGreaterThan(0);
  });

  test('when pages were synced in batches that changed the average length, then a restart from the rows answers the same', async () => {
    // The second batch's long pages raise the site's average length: impacts computed again at the restart would differ.
    const longer = (topic: string) => Array.from({ length: 12 }, () => `The Linux kernel ${topic} settings and their defaults.`).join(' ');
    await sync([
      { path: '/kernel-tuning', title: 'Kernel tuning – Docs', html: `<p>${longer('scheduler')}</p>` },
      { path: '/kernel-modules', title: 'Kernel modules – Docs', html: `<p>${longer('module')}</p>` },
    ]);
    const before = await answersOf(PAGES);
    const restarted = indexesOver(db);
    await restarted.warmUp();
    expect(await answersOf(PAGES, restarted)).toEqual(before);
    expect(before.flat().length).toBeGreaterThan(0);
  });

  test('when rows were stored without their average length (before migration 13), then a rebuild answers, the same each time', async () => {
    db.prepare('UPDATE search_documents SET average_length = NULL').run();
    const first = indexesOver(db);
    const answers = await answersOf(PAGES, first);
    expect(answers.flat().length).toBeGreaterThan(0);
    for (const suggestion of answers.flat()) expect(Number.isFinite(suggestion.relevanceScore)).toBe(true);
    expect(await answersOf(PAGES, indexesOver(db))).toEqual(answers);
  });

  /** Pages on the same subjects, so that their TF-IDF cosines are not 0. */
  const KERNEL_PAGES = 50;
  const kernelPages = (from: number, count: number, words: string): FixturePage[] =>
    Array.from({ length: count }, (_, i) => ({
      path: `/notes-${from + i}`,
      title: `Kernel note ${from + i} – Docs`,
      html: `<p>Note ${from + i} on the Linux kernel ${words}: packages, repositories and the boot loader item${from + i}.</p>`,
    }));
  const cosineOf = (suggestion: { inputs: readonly number[] }): number => suggestion.inputs[TARGET_INPUTS - LATER_TARGET_INPUTS]!;

  test('when pages were synced in batches that changed idf, then a restart from the rows gives each page its vector length', async () => {
    await sync(kernelPages(0, KERNEL_PAGES, 'scheduler'));
    // The second batch makes the first's words commoner: lengths computed again at the restart would all shrink.
    await sync(kernelPages(KERNEL_PAGES, 20, 'scheduler memory swap'));
    const before = await answersOf(PAGES);
    expect(before.flat().some((s) => cosineOf(s) > 0)).toBe(true);
    const restarted = indexesOver(db);
    await restarted.warmUp();
    expect(await answersOf(PAGES, restarted)).toEqual(before);
  });

  test('when rows were stored without a vector length (before migration 14), then a rebuild computes one, the same each time', async () => {
    await sync(kernelPages(0, KERNEL_PAGES, 'scheduler'));
    db.prepare('UPDATE search_documents SET vector_norm = NULL').run();
    const answers = await answersOf(PAGES, indexesOver(db));
    expect(answers.flat().some((s) => cosineOf(s) > 0)).toBe(true);
    for (const suggestion of answers.flat()) expect(Number.isFinite(suggestion.relevanceScore)).toBe(true);
    expect(await answersOf(PAGES, indexesOver(db))).toEqual(answers);
  });

  test('when a snapshot is of the stored state, then stopping again does not rewrite it', async () => {
    await indexes.saveSnapshots();
    const restarted = indexesOver(db);
    await restarted.warmUp();
    expect(await restarted.saveSnapshots()).toEqual([]);
  });

  test('when pages were synced after the snapshot, then it is dropped and the indexes are rebuilt with them', async () => {
    await indexes.saveSnapshots();
    await sync([{ path: '/swap', title: 'Swap space – Docs', html: '<p>Swap space extends memory for the Linux kernel.</p>' }]);
    const restored = vi.spyOn(SiteCorpus, 'fromSnapshot');
    const restarted = indexesOver(db);
    await restarted.warmUp();
    expect(restored).not.toHaveBeenCalled();
    restored.mockRestore();
    expect((await answer('/swap', {}, restarted)).map((s) => s.target)).toContain('/kernel');
    expect(await answer('/kernel', {}, restarted)).toEqual((await answer('/kernel', {}, indexesOver(db))));
    expect(db.prepare('SELECT COUNT(*) FROM search_snapshots').pluck().get()).toBe(0);
  });

  test('when a snapshot cannot be read, then the indexes are rebuilt from their rows and it is dropped', async () => {
    const before = await answer('/kernel');
    await indexes.saveSnapshots();
    db.prepare("UPDATE search_snapshots SET data = x'00ff00ff'").run();
    const restarted = indexesOver(db);
    await restarted.warmUp();
    expect(await answer('/kernel', {}, restarted)).toEqual(before);
    expect(db.prepare('SELECT COUNT(*) FROM search_snapshots').pluck().get()).toBe(0);
  });

  test('when a restored index is synced again, then it answers as one that never stopped', async () => {
    await indexes.saveSnapshots();
    const restarted = indexesOver(db);
    await restarted.warmUp();
    const change = [{ path: '/apt', title: 'Software sources – Docs', html: '<p>Configure the mirrors of the Linux kernel.</p>' }];
    await sync(change, restarted);
    await sync(change, indexes);
    for (const page of PAGES) expect(await answer(page.path, {}, restarted)).toEqual(await answer(page.path));
  });

  test('when pages are re-synced unchanged, then the answer is unchanged', async () => {
    const before = await answer('/kernel');
    await sync(PAGES);
    expect(await answer('/kernel')).toEqual(before);
  });

  test('when a project is deleted, then its index rows go with it and, once dropped from memory, nothing is suggested', async () => {
    db.prepare("DELETE FROM projects WHERE id = 'prj'").run();
    indexes.dropProject('prj');
    const rows = db.prepare("SELECT COUNT(*) FROM search_documents WHERE project_id = 'prj'").pluck().get();
    expect(rows).toBe(0);
    expect(await answer('/kernel')).toEqual([]);
  });

  test('when a sync transaction rolls back after indexing, then the next answer comes from the database state', async () => {
    const before = await answer('/kernel');
    await expect(
      store(db)
        .transaction()
        .execute(async (trx) => {
          await indexes.applySync(trx, 'prj', [indexedPage({ path: '/kernel', title: 'Other', html: '<p>nothing</p>' })]);
          throw new Error('later failure');
        }),
    ).rejects.toThrow('later failure');
    expect(await answer('/kernel')).toEqual(before);
  });
});

describe('ProjectIndexes with manual pages', () => {
  test('when a page names a manual page with its section, then the anchor takes the section in', async () => {
    await sync([
      { path: '/git-blame', title: 'git-blame(1)', html: '<p>Show what revision and author last modified each line.</p>' },
      { path: '/git-annotate', title: 'git-annotate(1)', html: '<p>The only difference from git-blame(1) is the output format.</p>' },
    ]);
    expect((await answer('/git-annotate')).map((s) => [s.target, s.anchorText])).toContainEqual(['/git-blame', 'git-blame(1)']);
  });
});

describe('ProjectIndexes memory budget', () => {
  /** A second project with the same pages under other ids, indexed into `into`. */
  async function syncSecondProject(into: ProjectIndexes): Promise<void> {
    db.prepare(`INSERT INTO projects (id, account_id, name, domain, created_at, updated_at) VALUES ('prj2', 'acc', 'Docs 2', '${SITE}', 'now', 'now')`).run();
    await into.serialized('prj2', () =>
      store(db).transaction().execute(async (trx) => {
        for (const page of PAGES) {
          await trx
            .insertInto('pages')
            .values({ id: `p2${page.path}`, project_id: 'prj2', url: `${SITE}${page.path}`, url_key: `${SITE}${page.path}`, title: page.title, status_code: 200, created_at: 'now', last_synced_at: 'now' })
            .execute();
        }
        await into.applySync(trx, 'prj2', PAGES.map((page) => ({ ...indexedPage(page), pageId: `p2${page.path}` })));
      }),
    );
  }
  const snapshotOf = (projectId: string) => db.prepare('SELECT revision FROM search_snapshots WHERE project_id = ?').pluck().get(projectId);

  test('when two projects do not fit the budget, then only the one in use stays, the other is read back from its snapshot and answers the same', async () => {
    const before = await answer('/kernel');
    const small = indexesOver(db, { memoryBudgetBytes: 1 });
    expect(await answer('/kernel', {}, small)).toEqual(before);
    expect(small.memory()).toMatchObject({ loaded: 1, budgetBytes: 1 });
    expect(small.memory().bytes).toBeGreaterThan(10_000);
    // Released inside the second project's sync transaction: its snapshot is written once that has committed.
    await syncSecondProject(small);
    expect(small.isLoaded('prj')).toBe(false);
    await small.saveSnapshots();
    expect(snapshotOf('prj')).toBeDefined();
    expect(await answer('/kernel', {}, small)).toEqual(before);
    await small.generate({ ...request('/kernel'), projectId: 'prj2', sourcePageId: 'p2/kernel' });
    expect(small.isLoaded('prj')).toBe(false);
    const restored = vi.spyOn(SiteCorpus, 'fromSnapshot');
    expect(await answer('/kernel', {}, small)).toEqual(before);
    expect(restored).toHaveBeenCalledTimes(1);
    restored.mockRestore();
    expect(small.memory().loaded).toBe(1);
  });

  test('when a project is pinned by its sync, then it is not released for the budget until unpinned', async () => {
    const small = indexesOver(db, { memoryBudgetBytes: 1 });
    (await answer('/kernel', {}, small));
    const unpin = small.pin('prj');
    await syncSecondProject(small);
    expect(small.memory().loaded).toBe(2);
    unpin();
    unpin();
    await small.generate({ ...request('/kernel'), projectId: 'prj2', sourcePageId: 'p2/kernel' });
    expect(small.isLoaded('prj')).toBe(false);
    expect(small.memory().loaded).toBe(1);
  });

  test('when an index is unused for the idle time, then releaseIdle releases it and a later use reads it back', async () => {
    let now = 1_000_000;
    const timed = indexesOver(db, { now: () => now });
    const before = (await answer('/kernel', {}, timed));
    now += 59_000;
    expect(timed.releaseIdle(60_000)).toEqual([]);
    now += 2_000;
    expect(timed.releaseIdle(60_000)).toEqual(['prj']);
    expect(timed.memory()).toMatchObject({ loaded: 0, bytes: 0 });
    expect(await answer('/kernel', {}, timed)).toEqual(before);
  });
});
