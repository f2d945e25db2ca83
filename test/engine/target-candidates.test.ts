import { describe, expect, test } from 'vitest';
import { readSourceText } from '../../bridge/src/engine/source-text.js';
import { stemEnglish } from '../../bridge/src/engine/stemmer.js';
import { findTargets } from '../../bridge/src/engine/target-candidates.js';
import { indexSite } from '../support/in-memory-site.js';


const PAGES = [
  { path: '/codecs', title: 'Codec registry', html: '<p>Encoders and decoders are looked up by name.</p>', links: [] },
  { path: '/loops', title: 'Loops', html: '<p>A for loop repeats a block over a sequence.</p>', links: [] },
  {
    path: '/source',
    title: 'Reading files',
    html:
      '<p>Decoding uses the <code>codec registry</code> of the runtime; see <a href="/loops">loops</a>.</p>' +
      '<pre>codec registry\nmore code</pre><p>The codec registry holds decoders.</p>',
    links: ['/loops'],
  },
];

describe('findTargets', () => {
  test('when the source names a page in prose, in inline code and in a code block, then each kind of mention is counted', () => {
    const { corpus, documents, pages } = indexSite(PAGES);
    const source = pages[2]!;
    const text = readSourceText({ text: source.analysis.text, eligible: source.analysis.eligible, wordTermIds: null }, corpus, stemEnglish);
    const targets = findTargets(corpus, documents.get('/source')!, text, {
      projectId: 'prj',
      sourcePageId: '/source',
      limit: 10,
      minRelevanceScore: 0,
      excludedTargetIds: new Set(['/source']),
      isTargetUrlAllowed: () => true,
    });
    const codecs = targets.find((t) => corpus.pageIdOf(t.docNo) === '/codecs')!;
    expect(codecs.features).toMatchObject({ mentions: 3, inlineMentions: 1, namedTargets: 1, sourceLinks: 1 });
  });
});
