import { describe, expect, it } from 'vitest';
import { analysePageText } from '../../bench/quality/html/page-text.js';

const PAGE = 'https://docs.example.test/library/json/';

describe('page text', () => {
  it('when a paragraph mixes prose with a link, inline code and emphasis, then anchors may only go in the prose around them', () => {
    const text = analysePageText(
      '<h2>Basic usage</h2><p>Use the <em>encoder</em> with <code>dumps()</code> or read <a href="/tutorial/">the tutorial</a> first.</p>' +
        '<pre>json.loads(s)</pre><script>var x = "hidden";</script>',
      PAGE,
    );
    expect(text.anchorPassages).toEqual(['Use the encoder with', 'or read', 'first.']);
    expect(text.visibleText).toBe('Basic usage\nUse the encoder with dumps() or read the tutorial first.\njson.loads(s)');
  });

  it('when the body links to other pages, then their normalised URLs are the linked set and same-page anchors are not', () => {
    const text = analysePageText('<p><a href="../pickle/#dump">pickle</a> <a href="#top">top</a> <a href="mailto:x@y.z">mail</a></p>', PAGE);
    expect([...text.linkedUrls]).toEqual(['https://docs.example.test/library/pickle/']);
  });
});
