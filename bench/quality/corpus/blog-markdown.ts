/**
 * Turns a blog's markdown posts into corpus pages, as its site renders them: each post's body through markdown-it
 * (raw HTML allowed, as Jekyll's kramdown and Hugo's goldmark with `unsafe` allow it), at the post's permalink on the
 * corpus's fake domain, dated. The generator-specific builders (jekyll-blog.ts, hugo-blog.ts, eleventy-blog.ts,
 * gatsby-blog.ts) read the front matter, render or drop their template syntax and give each post its permalink; here
 * every link form the authors wrote is resolved to a post: a relative link to a markdown file, a site-absolute path
 * (`/2019/05/01/slug/`, an old `.html` permalink, an alias), or a full URL on the blog's own domain. The links that
 * reach another post are the ground truth, exactly as `static-site.ts` keeps them for documentation sites.
 */
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { findElements, innerHtml, parseHtml } from '../html/dom.js';
import { humanLinksOf } from './static-site.js';
import type { CorpusPage } from './types.js';

export interface BlogPost {
  /** The markdown file's path in the repository. */
  file: string;
  title: string;
  /** Publication date, ISO 8601 in UTC. */
  publishedAt: string;
  /** The post's path on the real site below its base address, as the generator's permalink setting gives it. */
  path: string;
  /** Other paths that reach the post on the real site (redirects, old permalinks). */
  aliases: readonly string[];
  /** The body in markdown: front matter dropped, the generator's template syntax rendered or dropped. */
  markdown: string;
}

export interface BlogSite {
  /** The real site's base address (`https://smallcultfollowing.com/babysteps/`): links there are the blog's own. */
  realBase: string;
  /** Other hosts the authors used for the same site (an old domain); `www.` and the bare host are always the same. */
  otherHosts?: readonly string[];
  /** Fake domain the corpus is placed on. */
  domain: string;
}

const markdown = new MarkdownIt({ html: true, linkify: false, typographer: false });

const bareHost = (host: string): string => host.toLowerCase().replace(/^www\./, '');

/** A site path in the form links are compared in: decoded, lower case, without `index.html`, `.html` or a final `/`. */
export function pathKey(sitePath: string): string {
  let key = sitePath;
  try {
    key = decodeURI(key);
  } catch {
    // A malformed escape stays as written.
  }
  key = key.toLowerCase().replace(/\/index\.html?$/, '/').replace(/\.html?$/, '').replace(/\/+$/, '');
  return key.startsWith('/') ? key : `/${key}`;
}

const slugOf = (key: string): string => key.slice(key.lastIndexOf('/') + 1);

/** Finds the post a link names, from the post that holds it. */
export class BlogLinkResolver {
  private readonly byPath = new Map<string, BlogPost>();
  private readonly byFile = new Map<string, BlogPost>();
  /** Slug → the posts whose permalink ends in it: the fallback for a link to an older permalink scheme. */
  private readonly bySlug = new Map<string, BlogPost[]>();
  private readonly hosts: Set<string>;
  private readonly basePath: string;

  constructor(
    posts: readonly BlogPost[],
    private readonly site: BlogSite,
  ) {
    const base = new URL(site.realBase);
    this.hosts = new Set([bareHost(base.hostname), ...(site.otherHosts ?? []).map(bareHost)]);
    this.basePath = base.pathname.replace(/\/$/, '');
    for (const post of posts) {
      this.byFile.set(post.file, post);
      for (const key of [post.path, ...post.aliases].map(pathKey)) if (!this.byPath.has(key)) this.byPath.set(key, post);
      const slug = slugOf(pathKey(post.path));
      this.bySlug.set(slug, [...(this.bySlug.get(slug) ?? []), post]);
    }
  }

  realUrl(post: BlogPost): string {
    return new URL(post.path.replace(/^\//, ''), this.site.realBase).toString();
  }

  /** The site path (below the base) an href names on the blog's own site, or null for a link elsewhere. */
  sitePath(href: string, from: BlogPost): { path: string; hash: string } | null {
    let url: URL;
    try {
      url = new URL(href, this.realUrl(from));
    } catch {
      return null;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !this.hosts.has(bareHost(url.hostname))) return null;
    let sitePath = url.pathname;
    if (this.basePath && (sitePath === this.basePath || sitePath.startsWith(this.basePath + '/'))) sitePath = sitePath.slice(this.basePath.length) || '/';
    return { path: sitePath, hash: url.hash };
  }

  /** The post an href names, if any. */
  resolve(href: string, from: BlogPost): BlogPost | null {
    const trimmed = href.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return null;
    const fileLink = /^([^:?#]+\.(?:md|markdown|mdx|Rmd))(?:#.*)?$/i.exec(trimmed);
    if (fileLink) {
      const file = path.posix.normalize(path.posix.join(path.posix.dirname(from.file), decodeURI(fileLink[1]!)));
      const post = this.byFile.get(file);
      if (post) return post;
    }
    const onSite = this.sitePath(trimmed, from);
    if (!onSite) return null;
    const key = pathKey(onSite.path);
    const exact = this.byPath.get(key);
    if (exact) return exact;
    // A permalink the blog used before (another date layout, `.html`): the same slug under a dated path, when unique.
    const sameSlug = this.bySlug.get(slugOf(key)) ?? [];
    return /\/\d{4}\//.test(key) && sameSlug.length === 1 ? sameSlug[0]! : null;
  }
}

/** The post's address on the corpus's fake domain. */
export function corpusUrl(post: BlogPost, domain: string): string {
  return new URL(post.path.replace(/^\//, ''), domain).toString();
}

/** Renders every post and records the links between them; pages in permalink order. */
export function buildBlogPages(posts: readonly BlogPost[], site: BlogSite): CorpusPage[] {
  const ordered = [...posts].sort((a, b) => corpusUrl(a, site.domain).localeCompare(corpusUrl(b, site.domain)));
  const seen = new Set<string>();
  for (const post of ordered) {
    const url = corpusUrl(post, site.domain);
    if (seen.has(url)) throw new Error(`${post.file}: two posts at ${url}`);
    seen.add(url);
  }
  const resolver = new BlogLinkResolver(ordered, site);
  return ordered.map((post) => {
    const url = corpusUrl(post, site.domain);
    const document = parseHtml(markdown.render(post.markdown));
    for (const el of findElements(document, (e) => (e.name === 'a' && 'href' in e.attribs) || (e.name === 'img' && 'src' in e.attribs))) {
      const attribute = el.name === 'a' ? 'href' : 'src';
      const href = el.attribs[attribute] ?? '';
      const target = el.name === 'a' ? resolver.resolve(href, post) : null;
      const onSite = target ? null : resolver.sitePath(href, post);
      const hash = href.includes('#') ? href.slice(href.indexOf('#')) : '';
      if (target) el.attribs[attribute] = corpusUrl(target, site.domain) + hash;
      // Other pages of the blog (tags, about, images) stay on its fake domain: internal, but not posts.
      else if (onSite && !href.trim().startsWith('#')) el.attribs[attribute] = new URL(onSite.path.replace(/^\//, ''), site.domain).toString() + onSite.hash;
    }
    return { url, title: post.title, content: innerHtml(document).trim(), links: humanLinksOf(document, url, seen), publishedAt: post.publishedAt };
  });
}
