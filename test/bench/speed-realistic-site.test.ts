import { describe, expect, test } from 'vitest';
import { BENCHMARK_SITES, siteVocabulary } from '../../bench/speed/benchmark-sites.js';
import { createRealisticSite, realisticPage } from '../../bench/speed/realistic-site.js';
import fit from '../../bench/speed/vocabulary-fit.json' with { type: 'json' };
import { heapsDistinct, heapsFit, vocabularyCurve } from '../../bench/speed/vocabulary-growth.js';

const PAGES = 2000;

describe('the realistic benchmark site', () => {
  test('when a page is asked for twice, or from another instance of the site, then it is the same page', () => {
    const other = createRealisticSite();
    for (const index of [0, 1, 39, 40, 777, 99_999]) {
      expect(realisticPage(index)).toEqual(realisticPage(index));
      expect(other.page(index)).toEqual(realisticPage(index));
    }
  });

  test('when the site is smaller, then its pages are the same: every page names and links only earlier pages', () => {
    const site = BENCHMARK_SITES.realistic;
    for (let index = 0; index < 300; index += 1) {
      expect(site.page(index, 1000)).toEqual(site.page(index, 100_000));
      const linked = [...site.page(index, 1000).content.matchAll(/page-(\d+)\//g)].map((match) => Number(match[1]));
      for (const target of linked) expect(target).toBeLessThan(index);
    }
    const linking = Array.from({ length: 300 }, (_, index) => site.page(index, 1000).content).filter((html) => html.includes('<a href'));
    expect(linking.length).toBeGreaterThan(30);
  });

  test('when a page is revised, then its address and title stay and its text changes', () => {
    const first = realisticPage(123);
    const revised = realisticPage(123, 1);
    expect(revised.url).toBe(first.url);
    expect(revised.title).toBe(first.title);
    expect(revised.content).not.toBe(first.content);
  });

  test(`when ${PAGES} pages are counted, then their vocabulary follows the fitted Heaps curve within 10% and its slope within 0.06`, () => {
    const site = createRealisticSite();
    const curve = vocabularyCurve(
      Array.from({ length: PAGES }, (_, index) => site.tokensOf(index)),
      20_000,
    );
    const last = curve.at(-1)!;
    const expected = heapsDistinct(fit.heaps, last.words);
    expect(Math.abs(last.distinct / expected - 1)).toBeLessThan(0.1);
    expect(Math.abs(heapsFit(curve).beta - fit.heaps.beta)).toBeLessThan(0.06);
    // Counted as the engine reads pages (titles and visible text through its tokenizer), the figure is the same.
    const counted = siteVocabulary(BENCHMARK_SITES.realistic, 500);
    expect(Math.abs(counted.distinctWords / heapsDistinct(fit.heaps, counted.words) - 1)).toBeLessThan(0.1);
  }, 120_000);

  test('when the site grows, then new words keep coming, of every kind: names, numbers and codes among them', () => {
    const site = createRealisticSite();
    const seen = new Set<string>();
    const newPerBlock: number[] = [];
    for (let block = 0; block < 4; block += 1) {
      const before = seen.size;
      for (let index = block * 250; index < (block + 1) * 250; index += 1) for (const word of site.tokensOf(index)) seen.add(word);
      newPerBlock.push(seen.size - before);
    }
    expect(newPerBlock.at(-1)).toBeGreaterThan(1000);
    const words = [...seen];
    expect(words.filter((word) => /^\d+$/.test(word)).length).toBeGreaterThan(200);
    expect(words.filter((word) => /^[a-z]+\d+$/.test(word)).length).toBeGreaterThan(200);
    const text = Array.from({ length: 50 }, (_, index) => realisticPage(index).content).join(' ');
    expect(text).toMatch(/ [A-Z][a-z]+(berg|ski|ley|ford|stein|ovich|ström|worth)\b/);
    expect(text).toMatch(/\b\w+-\w+\b/);
    // Pages of a real post's size: more than 5 KB of content on average.
    expect(Array.from({ length: 100 }, (_, index) => realisticPage(index).content.length).reduce((a, b) => a + b) / 100).toBeGreaterThan(5000);
  }, 60_000);
});
