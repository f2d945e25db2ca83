import { describe, expect, test } from 'vitest';
import { PhraseKind } from '../../bridge/src/engine/phrase-index.js';
import { DEFAULT_RELEVANCE_MODEL } from '../../bridge/src/engine/relevance.js';
import { siteLinkExamples } from '../../bridge/src/engine/site-link-examples.js';
import { readSourceText } from '../../bridge/src/engine/source-text.js';
import { stemEnglish } from '../../bridge/src/engine/stemmer.js';
import { findTargets } from '../../bridge/src/engine/target-candidates.js';
import { extractVisibleText } from '../../bridge/src/engine/visible-text.js';
import { indexSite, type SitePage } from '../support/in-memory-site.js';

const SOURCE_HTML =
  '<p>Decoding text starts with the <a href="/codecs">codec registry</a>, then the stream reader.</p>' +
  '<p>Every loop over a file uses the stream reader.</p>';

const PAGES: SitePage[] = [
  { path: '/codecs', title: 'Codec registry', html: '<p>Encoders and decoders are looked up by name in the registry.</p>' },
  { path: '/streams', title: 'Stream reader', html: '<p>A stream reader decodes bytes as they arrive from a file.</p>' },
  { path: '/source', title: 'Reading files', html: SOURCE_HTML, links: ['/codecs'] },
  // Another page links the codec registry with the same words: that use is the site's, not the source's.
  { path: '/other', title: 'Writing files', html: '<p>Encoding goes through the <a href="/codecs">codec registry</a>.</p>', links: ['/codecs'] },
];

function request(asIfUnlinked: boolean) {
  return {
    projectId: 'prj',
    sourcePageId: '/source',
    limit: 10,
    minRelevanceScore: 0,
    excludedTargetIds: new Set(['/source']),
    isTargetUrlAllowed: () => true,
    asIfUnlinked,
  };
}

describe('a page read as if its authors had not linked it', () => {
  test('when link text may be eligible, then the text inside a link can take an anchor; by default it cannot', () => {
    const linked = extractVisibleText(SOURCE_HTML);
    const unlinked = extractVisibleText(SOURCE_HTML, { linkTextEligible: true });
    const covers = (eligible: number[], text: string, phrase: string): boolean => {
      const start = text.indexOf(phrase);
      for (let i = 0; i < eligible.length; i += 2) if (eligible[i]! <= start && start + phrase.length <= eligible[i + 1]!) return true;
      return false;
    };
    expect(unlinked.text).toBe(linked.text);
    expect(covers(linked.eligible, linked.text, 'codec registry')).toBe(false);
    expect(covers(unlinked.eligible, unlinked.text, 'codec registry')).toBe(true);
    // Code and headings stay ineligible inside a link too.
    const code = extractVisibleText('<p><a href="/x"><code>codec registry</code></a></p>', { linkTextEligible: true });
    expect(code.eligible).toEqual([]);
  });

  test('when the source is read as if unlinked, then the page it links is a candidate whose own link counts nowhere', () => {
    const { corpus, documents } = indexSite(PAGES);
    const source = documents.get('/source')!;
    const visible = extractVisibleText(SOURCE_HTML, { linkTextEligible: true });
    const text = readSourceText({ text: visible.text, eligible: visible.eligible, wordTermIds: null }, corpus, stemEnglish);
    const codecs = corpus.docNoOfPage('/codecs')!;

    expect(findTargets(corpus, source, text, request(false)).some((t) => t.docNo === codecs)).toBe(false);
    const candidate = findTargets(corpus, source, text, request(true)).find((t) => t.docNo === codecs)!;
    // Two pages link it; seen without the source's link, one does.
    expect(corpus.inboundLinks(codecs)).toBe(2);
    expect(candidate.features).toMatchObject({ inboundLinks: 1, sourceLinks: 0, evidence: PhraseKind.title });
    expect(candidate.features.siteLinksPerPage).toBeCloseTo(1 / 4);
    const anchorMentions = candidate.mentions.filter((m) => m.anchorUses > 0);
    expect(anchorMentions.map((m) => m.anchorUses)).toEqual([1]);
  });

  test("when the only page using an anchor text is the source, then that anchor text does not name the target", () => {
    const pages: SitePage[] = [
      { path: '/codecs', title: 'Text encodings', html: '<p>Encoders and decoders are looked up by name.</p>' },
      { path: '/source', title: 'Reading files', html: '<p>Start with the <a href="/codecs">codec registry</a> first.</p>', links: ['/codecs'] },
    ];
    const { corpus, documents } = indexSite(pages);
    const html = pages[1]!.html;
    const visible = extractVisibleText(html, { linkTextEligible: true });
    const text = readSourceText({ text: visible.text, eligible: visible.eligible, wordTermIds: null }, corpus, stemEnglish);
    const codecs = corpus.docNoOfPage('/codecs')!;
    const candidate = findTargets(corpus, documents.get('/source')!, text, request(true)).find((t) => t.docNo === codecs);
    expect(candidate?.mentions ?? []).toEqual([]);
  });

  test('when a page links a target, then its examples are the suggestions it would get unlinked, that target accepted', () => {
    const { corpus, documents } = indexSite(PAGES);
    const examples = siteLinkExamples(corpus, documents.get('/source')!, SOURCE_HTML, stemEnglish, DEFAULT_RELEVANCE_MODEL);
    expect(examples.length).toBeGreaterThanOrEqual(2);
    expect(examples.filter((e) => e.accepted)).toHaveLength(1);
    expect(examples.every((e) => e.inputs.length === DEFAULT_RELEVANCE_MODEL.weights.length)).toBe(true);
    // A page without links to the site's pages gives none.
    expect(siteLinkExamples(corpus, documents.get('/codecs')!, PAGES[0]!.html, stemEnglish, DEFAULT_RELEVANCE_MODEL)).toEqual([]);
  });
});
