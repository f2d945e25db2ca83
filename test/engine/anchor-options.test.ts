import { describe, expect, test } from 'vitest';
import { anchorOptions, anchorSearch, type AnchorOption } from '../../bridge/src/engine/anchor-options.js';
import { findTargets } from '../../bridge/src/engine/target-candidates.js';
import type { GenerateRequest } from '../../bridge/src/engine/types.js';
import { stemEnglish } from '../../bridge/src/engine/stemmer.js';
import { indexSite, type InMemorySite } from '../support/in-memory-site.js';


/** Thirteen words the codec page repeats, so they fill its key terms and "surrogateescape" is only a posting. */
const CODEC_WORDS = 'registry lookup encoder decoder incremental streamreader streamwriter bom utf16 utf32 latin1 cp1252 punycode';

const PAGES = [
  { path: '/codecs', title: 'Codec registry', html: `<p>${`${CODEC_WORDS} `.repeat(3)} surrogateescape xmlcharrefreplace</p>` },
  { path: '/files', title: 'Reading files', html: '<p>Open a file and read its lines. Undecodable bytes can use surrogateescape when reading.</p>' },
  { path: '/errors', title: 'Error handlers', html: '<p>Handlers are kept in a registry; xmlcharrefreplace writes references.</p>' },
  { path: '/loops', title: 'Loops', html: '<p>A for loop repeats a block over the items of a sequence.</p>' },
  { path: '/classes', title: 'Classes', html: '<p>A class bundles data and functions that act on it.</p>' },
];

const REQUEST: GenerateRequest = {
  projectId: 'prj',
  sourcePageId: '/files',
  limit: 10,
  minRelevanceScore: 0,
  excludedTargetIds: new Set(),
  isTargetUrlAllowed: () => true,
};

function anchorTexts(site: InMemorySite, sourcePath: string, targetPath: string): string[] {
  const text = site.texts.get(sourcePath)!;
  const targets = findTargets(site.corpus, site.documents.get(sourcePath)!, text, { ...REQUEST, sourcePageId: sourcePath });
  const target = targets.find((candidate) => candidate.docNo === site.documents.get(targetPath)!.docNo);
  if (target === undefined) return [];
  return anchorOptions(anchorSearch(site.corpus, text, [target.docNo]), target).map((option) => text.text.slice(option.start, option.end));
}

describe('anchorOptions', () => {
  test('when the source never uses a similar target\'s title or key words, then a specific word both share is its anchor', () => {
    const site = indexSite(PAGES);
    const codecKeyTerms = Array.from(site.corpus.keyTermIds(site.documents.get('/codecs')!.docNo)!);
    expect(codecKeyTerms).not.toContain(site.corpus.termIdOfWord('surrogateescape', stemEnglish));
    expect(anchorTexts(site, '/files', '/codecs')).toEqual(['surrogateescape']);
  });

  test('when the source uses a target\'s own words, then those are its anchors and shared words are not added', () => {
    const site = indexSite(PAGES);
    expect(anchorTexts(site, '/errors', '/codecs')).toEqual(['registry']);
  });

  test('when the source names a target by its title twice, once written as a name, then that one is the first anchor', () => {
    const site = indexSite([
      ...PAGES,
      { path: '/colors', title: 'Colors', html: '<p>Named colors, color maps and how colormaps are chosen for plots.</p>' },
      { path: '/plots', title: 'Plots', html: '<p>The color of each line is set by the plot style. Colors are listed there too; see Colors for the names.</p>' },
    ]);
    expect(anchorTexts(site, '/plots', '/colors')[0]).toBe('Colors');
    // Capitalised at the start of a sentence is no sign of a name: "Colors are listed" is not the one preferred.
    const first = anchorOptionsStart(site, '/plots', '/colors');
    expect(site.texts.get('/plots')!.text.slice(first, first + 'Colors for'.length)).toBe('Colors for');
  });
});

describe('anchors never cut a unit', () => {
  const TARGETS = [
    { path: '/impl-trait', title: 'Impl trait', html: '<p>An impl trait names a type by the traits it implements; impl trait in argument position is sugar for a generic.</p>' },
    { path: '/release-2-12', title: 'Release 2.12', html: '<p>Release 2.12 brings faster builds and a new lint for unused imports.</p>' },
    { path: '/path', title: 'Path handling', html: '<p>Path handling joins, splits and normalises file paths on every platform.</p>' },
    { path: '/loops', title: 'Loops', html: '<p>A for loop repeats a block over the items of a sequence.</p>' },
    { path: '/classes', title: 'Classes', html: '<p>A class bundles data and functions that act on it.</p>' },
  ];
  const anchorsFrom = (html: string, target: string): string[] =>
    anchorTexts(indexSite([...TARGETS, { path: '/source', title: 'Notes', html }]), '/source', target);

  test.each([
    { inside: 'a hyphenated compound', html: '<p>We stabilised return-position impl trait this year.</p>', target: '/impl-trait', cut: 'position impl trait' },
    { inside: 'a version', html: '<p>The first beta, 2.12.0-beta.1, is out for testing.</p>', target: '/release-2-12', cut: '2.12', free: false },
    { inside: 'a path', html: '<p>The helpers live in src/path/handling.rs in the tree.</p>', target: '/path', cut: 'path' },
    { inside: 'a URL', html: '<p>Read it at https://example.org/path-handling/guide for details.</p>', target: '/path', cut: 'path' },
    { inside: 'an identifier', html: '<p>Call os::path_handling_init before anything else.</p>', target: '/path', cut: 'path' },
  ])('when the only mention is inside $inside, then no anchor is offered there', ({ html, target, cut, free = true }) => {
    expect(anchorsFrom(html, target)).not.toContain(cut);
    // The same words standing free are an anchor: what kept them out was the unit around them. (A bare version
    // number alone names no release: only the cut is checked there.)
    if (free) expect(anchorsFrom(html.replace(cut, ` ${cut} `), target)).toContain(cut);
  });

  test.each([
    { what: 'a hyphenated title written whole', html: '<p>We wrote about impl trait and its uses last spring.</p>', target: '/impl-trait', anchor: 'impl trait' },
    { what: 'a version ending a sentence', html: '<p>Everything here works since Release 2.12. Upgrade soon.</p>', target: '/release-2-12', anchor: 'Release 2.12' },
  ])('when $what, then it is still the anchor', ({ html, target, anchor }) => {
    expect(anchorsFrom(html, target)).toContain(anchor);
  });
});

describe('anchor features', () => {
  const site = (html: string): InMemorySite =>
    indexSite([...PAGES, { path: '/colors', title: 'Colors', html: '<p>Named colors and color maps.</p>' }, { path: '/plots', title: 'Plots', html }]);

  test.each([
    { html: '<p>Each line has its own style; see Colors for the names.</p>', afterCue: true },
    { html: '<p>Every color is described in Colors, with examples.</p>', afterCue: true },
    { html: '<p>Each line has its own style. Colors are chosen by the plot.</p>', afterCue: false },
    // A cue in the block before does not reach across the line break.
    { html: '<p>See the list</p><p>Colors are chosen by the plot style.</p>', afterCue: false },
    { html: `<p>Each line has its own style; see ${'-'.repeat(100)} Colors for the names.</p>`, afterCue: false },
  ])('when the source reads "$html", then afterCue is $afterCue', ({ html, afterCue }) => {
    expect(firstOption(site(html), '/plots', '/colors').features.afterCue).toBe(afterCue);
  });

  test.each([
    { html: '<p>Each line has its own style.</p><ul><li>Colors</li><li>Markers</li></ul>', wholeBlock: true },
    { html: '<p>Each line has its own style.</p><ul><li>Colors — named colors</li></ul>', wholeBlock: true },
    { html: '<p>Each line has its own style, and Colors lists the names of every color.</p>', wholeBlock: false },
    // Between words, only a short gap is read (a bounded cost per anchor in any paragraph): a longer one is no break.
    { html: `<p>Each line has its own style.</p><ul><li>Colors ${'.'.repeat(100)} names of every color</li></ul>`, wholeBlock: false },
  ])('when the source reads "$html", then wholeBlock is $wholeBlock', ({ html, wholeBlock }) => {
    expect(firstOption(site(html), '/plots', '/colors').features.wholeBlock).toBe(wholeBlock);
  });

  test('when the anchor is written as a name, then nameLike is set, and not at a sentence start', () => {
    expect(firstOption(site('<p>The names are listed in Colors for every plot.</p>'), '/plots', '/colors').features.nameLike).toBe(true);
    expect(firstOption(site('<p>The line has a style. Colors come from it.</p>'), '/plots', '/colors').features.nameLike).toBe(false);
  });
});

function firstOption(site: InMemorySite, sourcePath: string, targetPath: string): AnchorOption {
  const text = site.texts.get(sourcePath)!;
  const targets = findTargets(site.corpus, site.documents.get(sourcePath)!, text, { ...REQUEST, sourcePageId: sourcePath });
  const target = targets.find((candidate) => candidate.docNo === site.documents.get(targetPath)!.docNo)!;
  return anchorOptions(anchorSearch(site.corpus, text, [target.docNo]), target)[0]!;
}

function anchorOptionsStart(site: InMemorySite, sourcePath: string, targetPath: string): number {
  const text = site.texts.get(sourcePath)!;
  const targets = findTargets(site.corpus, site.documents.get(sourcePath)!, text, { ...REQUEST, sourcePageId: sourcePath });
  const target = targets.find((candidate) => candidate.docNo === site.documents.get(targetPath)!.docNo)!;
  return anchorOptions(anchorSearch(site.corpus, text, [target.docNo]), target)[0]!.start;
}
