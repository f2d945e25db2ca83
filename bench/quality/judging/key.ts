/** The judging key: what the packet hides (controls, blogs, scores) and what each blog's default showed. */
import type { JudgingItem, SampleOptions } from './sampling.js';
import type { ShownReport } from './shown.js';

export interface KeyBlog {
  id: string;
  variant: string;
  /** Suggestions the default showed on the posts asked, and how many of them were the author's links. */
  shown: number;
  authorLinks: number;
}

export interface JudgingKey {
  generatedAt: string;
  /** The run the sample was drawn from. */
  run: { generatedAt: string; engine: ShownReport['engine']; minRelevanceScore: number };
  options: SampleOptions;
  blogs: KeyBlog[];
  items: JudgingItem[];
}

export function judgingKey(shown: ShownReport, items: JudgingItem[], options: SampleOptions): JudgingKey {
  return {
    generatedAt: new Date().toISOString(),
    run: { generatedAt: shown.generatedAt, engine: shown.engine, minRelevanceScore: shown.minRelevanceScore },
    options,
    blogs: shown.blogs.map((blog) => ({
      id: blog.id,
      variant: blog.variant,
      shown: blog.suggestions.length,
      authorLinks: blog.suggestions.filter((suggestion) => suggestion.authorLink).length,
    })),
    items,
  };
}
