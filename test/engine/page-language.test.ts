import Database from 'better-sqlite3';
import { describe, expect, test, vi } from 'vitest';
import { anchorOptions, anchorSearch } from '../../bridge/src/engine/anchor-options.js';
import { sqliteBackend } from '../../bridge/src/db/database.js';
import { migrate } from '../../bridge/src/db/migrate.js';
import { idf } from '../../bridge/src/engine/bm25.js';
import { canonicalLanguageTag, primaryLanguage } from '../../bridge/src/engine/language.js';
import { analyzePage } from '../../bridge/src/engine/page-analysis.js';
import { SiteCorpus } from '../../bridge/src/engine/site-corpus.js';
import { hasStemmer, stemEnglish, stemmerFor } from '../../bridge/src/engine/stemmer.js';
import { suggestLinks } from '../../bridge/src/engine/suggestion-engine.js';
import { findTargets } from '../../bridge/src/engine/target-candidates.js';
import { isContentWord } from '../../bridge/src/engine/tokenizer.js';
import type { GenerateRequest, IndexedPage } from '../../bridge/src/engine/types.js';
import { ProjectIndexes } from '../../bridge/src/indexing/project-indexes.js';
import { indexSite, SITE, type InMemorySite, type SitePage } from '../support/in-memory-site.js';

const request = (sourcePageId: string): GenerateRequest => ({
  projectId: 'prj',
  sourcePageId,
  limit: 10,
  minRelevanceScore: 0,
  excludedTargetIds: new Set([sourcePageId]),
  isTargetUrlAllowed: () => true,
});

/** The same words on pages of three languages: only the language tells them apart. */
const PAGES: SitePage[] = [
  { path: '/de/haus', title: 'Haus', html: '<p>Ein Haus hat Wände, ein Dach und Fenster.</p>', language: 'de-DE' },
  { path: '/de/garten', title: 'Garten', html: '<p>Im Garten stehen kleine Häuser für Werkzeug.</p>', language: 'de' },
  { path: '/de/dach', title: 'Dach', html: '<p>Das Dach schützt die Häuser vor Regen; siehe Fenster für Licht.</p>', language: 'de-AT' },
  { path: '/de/fenster', title: 'Fenster', html: '<p>Fenster lassen Licht in das Haus.</p>', language: 'de' },
  { path: '/en/haus', title: 'Haus', html: '<p>Haus is a German word for a house with walls and a roof.</p>' },
  { path: '/en/garden', title: 'Garden', html: '<p>The garden has small Häuser for tools, and a Haus of glass.</p>', language: 'en-GB' },
  // A German link to the English page: its anchor, in German stems, names that page (the one way across languages).
  { path: '/de/links', title: 'Verweise', html: `<p>Auf Englisch: <a href="${SITE}/en/haus">Häuser</a>.</p>`, links: ['/en/haus'], language: 'de' },
];

function suggestedTargets(site: InMemorySite, sourcePath: string): { target: string; anchor: string }[] {
  const source = site.documents.get(sourcePath)!;
  return suggestLinks(site.corpus, source, site.texts.get(sourcePath)!, request(sourcePath)).map((s) => ({
    target: s.targetPageId,
    anchor: s.anchorText,
  }));
}

describe('language tags', () => {
  test.each([
    ['de', 'de'],
    ['de-DE', 'de-DE'],
    ['de_DE', 'de-DE'],
    ['pt-br', 'pt-BR'],
    ['PT_BR', 'pt-BR'],
    ['de_DE_formal', 'de-DE-formal'],
    ['pt_PT_ao90', 'pt-PT'],
    ['zh-Hant-TW', 'zh-Hant-TW'],
    [' fr ', 'fr'],
  ])('when the tag is "%s", then its canonical form is "%s"', (tag, canonical) => {
    expect(canonicalLanguageTag(tag)).toBe(canonical);
  });

  test.each(['', 'english', 'd', 'de DE', 'de--DE', '12', 'de-', 'x-klingon', 'de:DE', `de-${'a'.repeat(40)}`])(
    'when the tag is "%s", then it is none',
    (tag) => {
      expect(canonicalLanguageTag(tag)).toBeNull();
    },
  );

  test('when a tag has a region, then its primary subtag is the language; no tag is English', () => {
    expect(primaryLanguage('de-AT')).toBe('de');
    expect(primaryLanguage('PT_br')).toBe('pt');
    expect(primaryLanguage(undefined)).toBe('en');
  });
});

describe('per-language stemmers and stop words', () => {
  test('when German words are stemmed, then inflected forms meet and the stem carries the language', () => {
    const german = stemmerFor('de-DE');
    expect(german('häuser')).toBe(german('haus'));
    expect(german('häuser')).toBe('de:haus');
    expect(stemmerFor('de-AT')).toBe(german);
    expect(stemEnglish('häuser')).not.toBe(stemEnglish('haus'));
  });

  test('when English is stemmed, then its stems are the untagged Snowball stems of before', () => {
    expect(stemEnglish('packages')).toBe('packag');
    expect(stemmerFor(undefined)).toBe(stemEnglish);
    expect(stemmerFor('en-GB')).toBe(stemEnglish);
  });

  test('when a language has no Snowball stemmer, then its words are only lower-cased, tagged with it', () => {
    expect(hasStemmer('pl')).toBe(false);
    expect(stemmerFor('pl')('domy')).toBe('pl:domy');
    expect(stemmerFor('pl').isStopword('i')).toBe(false);
  });

  test('when French words carry an elided article, then they stem as the word itself', () => {
    const french = stemmerFor('fr');
    expect(french("l'installation")).toBe(french('installation'));
    expect(french("d'installer")).toBe(french('installer'));
    expect(french('installation')).toBe('fr:install');
  });

  test("when a word is a function word of one language only, then it is a content word of the other's pages", () => {
    expect(isContentWord('und', stemmerFor('de'))).toBe(false);
    expect(isContentWord('und')).toBe(true);
    expect(isContentWord('the', stemmerFor('de'))).toBe(true);
    expect(isContentWord('the')).toBe(false);
    expect(isContentWord('avec', stemmerFor('fr-CA'))).toBe(false);
  });

  test('when a German page is analysed, then its terms are German stems and its stop words are no terms', () => {
    const analysis = analyzePage({ url: `${SITE}/x`, title: 'Häuser', html: '<p>Die Häuser und das Haus.</p>', language: 'de' });
    expect(analysis.stems).toEqual(['de:haus']);
    expect(analysis.otherStems).toEqual(expect.arrayContaining(['de:die', 'de:und', 'de:das']));
  });
});

describe('suggestions never cross languages', () => {
  const site = indexSite(PAGES);

  test('when a German page mentions "Häuser", then the German page "Haus" is suggested for it, never the English one', () => {
    const suggestions = suggestedTargets(site, '/de/garten');
    expect(suggestions).toContainEqual({ target: '/de/haus', anchor: 'Häuser' });
    expect(suggestions.map((s) => s.target)).not.toContain('/en/haus');
  });

  test('when an English page names pages of both languages, then only English pages are its targets', () => {
    const targets = suggestedTargets(site, '/en/garden').map((s) => s.target);
    expect(targets).toContain('/en/haus');
    expect(targets.every((target) => target.startsWith('/en/'))).toBe(true);
  });

  test('when pages share a primary subtag in other regions (de, de-DE, de-AT), then they link to each other', () => {
    const targets = suggestedTargets(site, '/de/dach').map((s) => s.target);
    expect(targets).toEqual(expect.arrayContaining(['/de/haus', '/de/fenster']));
    expect(targets.every((target) => target.startsWith('/de/'))).toBe(true);
    for (const path of PAGES.map((page) => page.path)) {
      const language = site.corpus.languageOf(site.documents.get(path)!.docNo);
      for (const candidate of findTargets(site.corpus, site.documents.get(path)!, site.texts.get(path)!, request(path))) {
        expect(site.corpus.languageOf(candidate.docNo)).toBe(language);
      }
    }
  });

  test("when a German anchor follows a German cue word (\"siehe\"), then afterCue is set as the English cues set it", () => {
    const text = site.texts.get('/de/dach')!;
    const target = findTargets(site.corpus, site.documents.get('/de/dach')!, text, request('/de/dach')).find(
      (candidate) => candidate.docNo === site.documents.get('/de/fenster')!.docNo,
    )!;
    const [option] = anchorOptions(anchorSearch(site.corpus, text, [target.docNo]), target);
    expect(text.text.slice(option!.start, option!.end)).toBe('Fenster');
    expect(option!.features.afterCue).toBe(true);
  });

  test("when a term's idf is taken, then it counts against the pages of its language", () => {
    const { corpus } = site;
    expect(corpus.documentCountOf('de')).toBe(5);
    expect(corpus.documentCountOf('en')).toBe(2);
    const haus = corpus.termIdOfWord('haus', stemmerFor('de'));
    const hausEnglish = corpus.termIdOfWord('haus', stemEnglish);
    expect(haus).not.toBe(hausEnglish);
    expect(corpus.idf(haus)).toBeCloseTo(idf(corpus.terms.documentFrequency(haus), 5));
    expect(corpus.idf(hausEnglish)).toBeCloseTo(idf(corpus.terms.documentFrequency(hausEnglish), 2));
  });
});

describe('the language is kept over a restart', () => {
  function database(): Database.Database {
    const db = new Database(':memory:');
    migrate(db);
    db.prepare("INSERT INTO accounts (id, name, tier, rate_limit, created_at) VALUES ('acc', 'acc', 'free', 100, 'now')").run();
    db.prepare(`INSERT INTO projects (id, account_id, name, domain, created_at, updated_at)
      VALUES ('prj', 'acc', 'Docs', '${SITE}', 'now', 'now')`).run();
    const insert = db.prepare(`INSERT INTO pages (id, project_id, url, url_key, title, status_code, language, created_at, last_synced_at)
      VALUES (?, 'prj', ?, ?, ?, 200, ?, 'now', 'now')`);
    for (const page of PAGES) insert.run(page.path, `${SITE}${page.path}`, `${SITE}${page.path}`, page.title, page.language ?? 'en');
    return db;
  }

  const indexed = (page: SitePage): IndexedPage => {
    const url = `${SITE}${page.path}`;
    const analysis = analyzePage({ url, title: page.title, html: page.html, language: page.language });
    return { pageId: page.path, url, title: page.title, statusCode: 200, analysis, linkedUrls: [], language: page.language };
  };

  const answers = async (indexes: ProjectIndexes) => {
    const all = [];
    for (const page of PAGES) all.push((await indexes.generate(request(page.path))).map((s) => [page.path, s.targetPageId, s.anchorText]));
    return all;
  };
  /** Indexes over the connection, as a (re)started bridge has them. */
  const indexesOver = (db: Database.Database) => new ProjectIndexes(sqliteBackend(db).db, { sqlite: db });

  test('when the bridge restarts, from the rows or from a snapshot, then pages are read in their languages and pair within them', async () => {
    const db = database();
    const indexes = indexesOver(db);
    await sqliteBackend(db)
      .db.transaction()
      .execute((trx) => indexes.applySync(trx, 'prj', PAGES.map(indexed)));
    const before = await answers(indexes);
    expect(before.flat()).toContainEqual(['/de/garten', '/de/haus', 'Häuser']);
    expect(before.flat().filter(([source, target]) => source!.slice(0, 4) !== target!.slice(0, 4))).toEqual([]);

    expect(await answers(indexesOver(db))).toEqual(before);
    expect(await indexes.saveSnapshots()).toEqual(['prj']);
    const restored = vi.spyOn(SiteCorpus, 'fromSnapshot');
    expect(await answers(indexesOver(db))).toEqual(before);
    expect(restored).toHaveBeenCalledTimes(1);
    restored.mockRestore();
  });
});
