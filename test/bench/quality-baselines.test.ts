import { describe, expect, it } from 'vitest';
import { TfidfCosineBaseline } from '../../bench/quality/baselines/tfidf-cosine.js';
import { TitleWordMatchBaseline } from '../../bench/quality/baselines/title-word-match.js';
import type { BaselinePage } from '../../bench/quality/baselines/types.js';
import { analysePageText } from '../../bench/quality/html/page-text.js';

function page(slug: string, title: string, html: string): BaselinePage {
  const url = `https://docs.example.test/${slug}/`;
  return { url, title, text: analysePageText(html, url) };
}

describe('TF-IDF cosine baseline', () => {
  const pages = [
    page('source', 'Sockets', '<p>Sockets send bytes over networks; servers accept sockets. <a href="/linked/">linked</a></p>'),
    page('networking', 'Networking', '<p>Networks carry bytes; servers listen on sockets.</p>'),
    page('linked', 'Sockets too', '<p>Sockets sockets sockets servers networks bytes.</p>'),
    page('cooking', 'Cooking', '<p>Recipes with flour and sugar.</p>'),
  ];

  it('when pages share weighted words, then the closest eligible one ranks first and self, linked and unrelated pages are out', () => {
    expect(new TfidfCosineBaseline(pages).rank(0, 10).map((r) => r.targetUrl)).toEqual(['https://docs.example.test/networking/']);
  });
});

describe('title-word baseline (Link Whisper)', () => {
  const pages = [
    page('source', 'Source', '<p>Logging handlers write records. Configure the logger.</p><h2>Handlers of events</h2><p><code>events</code></p>'),
    page('logging-handlers', 'Logging handlers', '<p>x</p>'),
    page('configuring-loggers', 'Configuring loggers for events', '<p>x</p>'),
    page('event-loop', 'Event loop', '<p>x</p>'),
  ];

  it('when title words (stemmed) meet one sentence, then the score is the shared word count, ties going to the better-covered title', () => {
    expect(new TitleWordMatchBaseline(pages).rank(0, 10)).toEqual([
      { targetUrl: 'https://docs.example.test/logging-handlers/', score: 2 },
      { targetUrl: 'https://docs.example.test/configuring-loggers/', score: 2 },
    ]);
  });
});
