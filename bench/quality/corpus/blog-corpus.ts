/** Builds a blog's corpus from its repository at the pinned commit (blog-mirror.ts) with its generator's builder. */
import { blogGitDir, readBlogFiles } from './blog-mirror.js';
import { buildBlogPages } from './blog-markdown.js';
import type { BlogCorpusSource, Corpus } from './types.js';

/** Bump when the blog builders' output changes (apart from the documentation builders': a bump rebuilds only blogs). */
export const BLOG_FORMAT_VERSION = 2;

export function buildBlogCorpus(source: BlogCorpusSource, cacheDir: string): Corpus {
  const gitDir = blogGitDir(source, cacheDir);
  const files = readBlogFiles(gitDir, source.commit, source.dirs, (file) => /\.(md|markdown|mdx)$/i.test(file));
  const posts = source.posts(files);
  if (posts.length === 0) throw new Error(`${source.repo}@${source.commit}: no posts under ${source.dirs.join(', ')}`);
  return {
    formatVersion: BLOG_FORMAT_VERSION,
    packageName: source.repo,
    packageVersion: source.commit,
    domain: source.domain,
    pages: buildBlogPages(posts, { realBase: source.realBase, otherHosts: source.otherHosts, domain: source.domain }),
  };
}
