/**
 * The judging sample: per blog, a seeded draw of the default's suggestions that are not the author's links, and the
 * author's own links mixed in as controls (a share of the packet), shuffled together under opaque ids.
 */
import { createHash } from 'node:crypto';
import type { ShownReport } from './shown.js';

export interface SampleOptions {
  /** Suggestions that are not author links, per blog (fewer when the blog shows fewer). */
  perBlog: number;
  /** The controls' share of the packet (0.25: one item in four). */
  controlShare: number;
  seed: string;
}

/** An author's link that may serve as a control: a post the blog's default was asked for, and the link's sentence. */
export interface ControlCandidate {
  sourceUrl: string;
  targetUrl: string;
  anchorText: string;
  sentence: string;
}

/** One item to judge, with what the key keeps apart from the packet (whether it is a control, its blog, its score). */
export interface JudgingItem {
  id: string;
  blog: string;
  variant: string;
  control: boolean;
  sourceUrl: string;
  targetUrl: string;
  anchorText: string;
  sentence: string;
  /** The engine's relevance score; null for a control. */
  score: number | null;
}

const hashOf = (...parts: string[]): string => createHash('sha256').update(parts.join('\n')).digest('hex');

/** The first `count` of `items` in the seeded order of their keys. */
function seededPick<T>(items: readonly T[], count: number, key: (item: T) => string): T[] {
  return [...items].sort((a, b) => key(a).localeCompare(key(b))).slice(0, count);
}

/** How many controls make them `share` of a packet that holds `judged` other items. */
export function controlCount(judged: number, share: number): number {
  return Math.round((judged * share) / (1 - share));
}

/**
 * Draws the sample. `controls` holds, per blog id, its author links that may serve as controls; only those from the
 * posts the default was asked for are drawn, at most one per (post, target) pair.
 */
export function drawSample(shown: ShownReport, controls: ReadonlyMap<string, readonly ControlCandidate[]>, options: SampleOptions): JudgingItem[] {
  const { seed } = options;
  const items: Omit<JudgingItem, 'id'>[] = [];
  for (const blog of shown.blogs) {
    const others = blog.suggestions.filter((suggestion) => !suggestion.authorLink);
    const picked = seededPick(others, options.perBlog, (s) => hashOf(seed, 'suggestion', blog.id, s.sourceUrl, s.targetUrl));
    for (const s of picked) {
      items.push({ blog: blog.id, variant: blog.variant, control: false, sourceUrl: s.sourceUrl, targetUrl: s.targetUrl, anchorText: s.anchorText, sentence: s.context, score: s.score });
    }
    const asked = new Set(blog.askedUrls);
    const seen = new Set<string>();
    const candidates = (controls.get(blog.id) ?? []).filter((link) => {
      const pair = `${link.sourceUrl}\n${link.targetUrl}`;
      if (!asked.has(link.sourceUrl) || seen.has(pair)) return false;
      seen.add(pair);
      return true;
    });
    const drawn = seededPick(candidates, controlCount(picked.length, options.controlShare), (c) => hashOf(seed, 'control', blog.id, c.sourceUrl, c.targetUrl));
    for (const c of drawn) items.push({ blog: blog.id, variant: blog.variant, control: true, ...c, score: null });
  }
  const keyOf = (item: Omit<JudgingItem, 'id'>): string => [item.blog, item.control ? 'control' : 'suggestion', item.sourceUrl, item.targetUrl].join('\n');
  const ids = new Set<string>();
  return seededPick(items, items.length, (item) => hashOf(seed, 'order', keyOf(item))).map((item) => {
    // Opaque: a hash of the seed and the item, long enough to be unique in the packet.
    const digest = hashOf(seed, 'id', keyOf(item));
    let length = 6;
    while (ids.has(digest.slice(0, length))) length++;
    const id = digest.slice(0, length);
    ids.add(id);
    return { id, ...item };
  });
}
