import { describe, expect, test } from 'vitest';
import { findMentions, mentionsOf } from '../../bridge/src/engine/phrase-mentions.js';
import { indexSite, type SitePage } from '../support/in-memory-site.js';

/**
 * Pages whose titles share their heads, so that one phrase names one to five pages ("Boot Loader" heads the titles of
 * pages 0–3), each also named by the anchor text of links to it (a page listed twice at a node), and a source that
 * uses every phrase.
 */
function sharedNamesSite(): SitePage[] {
  const heads = ['Boot Loader', 'Kernel Module', 'Disk Quota', 'Mail Relay', 'Print Queue'];
  const pages: SitePage[] = [];
  heads.forEach((head, h) => {
    // Head h names h + 1 pages: its own page and the pages "head — part n".
    for (let n = 0; n <= h; n += 1) {
      const title = n === 0 ? head : `${head} — Part ${n}`;
      pages.push({ path: `/${h}/${n}/`, title, html: `<h1>${title}</h1><p>About ${head.toLowerCase()} things, part ${n}.</p>` });
    }
  });
  const everything = heads.map((head) => `<p>See the ${head} and the ${head} — Part 1 notes.</p>`).join('');
  const links = pages.map((page) => `<a href="${page.path}">${page.title}</a>`).join(' ');
  pages.push({ path: '/source/', title: 'Overview', html: `${everything}<p>${links}</p>`, links: pages.map((page) => page.path) });
  pages.push({ path: '/other/', title: 'Index', html: `<p>${links}</p>`, links: pages.map((page) => page.path) });
  return pages;
}

describe('mentionsOf', () => {
  const site = indexSite(sharedNamesSite());
  const text = site.texts.get('/source/')!;
  const refused = site.documents.get('/3/2/')!.docNo;

  test.each([
    ['every page accepted', () => true],
    ['a page of a phrase naming four refused', (docNo: number) => docNo !== refused],
  ])('when %s, then each target gets the mentions and named pages findMentions finds', (_, accept) => {
    const all = findMentions(site.corpus, text, accept);
    expect(all.size).toBeGreaterThan(8);
    for (const document of site.documents.values()) {
      const { mentions, named } = mentionsOf(site.corpus, text, accept, null, document.docNo);
      expect([...named], document.pageId).toEqual([...all.keys()]);
      expect(named.size).toBe(all.size);
      expect(mentions, document.pageId).toEqual(all.get(document.docNo) ?? []);
    }
  });
});
