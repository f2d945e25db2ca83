/**
 * Posts of a Jekyll blog (`_posts/YYYY-MM-DD-title.md`), as Jekyll renders them: the date and title slug from the file
 * name (a front matter `date` wins), categories from the folders above `_posts` and the front matter, the permalink
 * from the site's style (`date`, `pretty`, or a template) or the post's own `permalink`, `redirect_from` as aliases.
 * Liquid the site renders into links is rendered (`{% post_url %}`, `{% link %}`, `{{ site.baseurl }}`, `{{ site.url }}`),
 * `{% highlight %}` blocks become code blocks, kramdown's attribute lists (`{: .class}`, `{#id}`) and every other
 * Liquid tag or output are dropped, as the site shows no trace of them.
 */
import { datedFileName, isUnpublished, outsideRawBlocks, parseFrontMatter, parseWrittenDate, stringField, stringList, type WrittenDate } from './blog-front-matter.js';
import type { BlogPost } from './blog-markdown.js';

export interface JekyllOptions {
  /** `_config.yml`'s `permalink`: `date` (Jekyll's default), `pretty`, or a template of `:year`, `:title`, …. */
  permalink: string;
  /** The site's address without a trailing slash (`_config.yml`'s `url` + `baseurl`), what `{{ site.url }}` gives. */
  siteUrl: string;
}

const STYLES: Record<string, string> = {
  date: '/:categories/:year/:month/:day/:title:output_ext',
  pretty: '/:categories/:year/:month/:day/:title/',
  ordinal: '/:categories/:year/:y_day/:title:output_ext',
  none: '/:categories/:title:output_ext',
};

/** Jekyll's `slugify` in its default mode: lower case, runs of other characters to one hyphen. */
export function jekyllSlug(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}._~!$&'()+,;=@-]+/gu, '-').replace(/^-+|-+$/g, '');
}

export function jekyllPermalink(template: string, date: WrittenDate, title: string, categories: readonly string[]): string {
  const filled = (STYLES[template] ?? template)
    .replace(/:categories/g, categories.map(jekyllSlug).join('/'))
    .replace(/:year/g, date.year)
    .replace(/:month/g, date.month)
    .replace(/:i_month/g, String(Number(date.month)))
    .replace(/:day/g, date.day)
    .replace(/:i_day/g, String(Number(date.day)))
    .replace(/:short_year/g, date.year.slice(2))
    .replace(/:title/g, title)
    .replace(/:slug/g, jekyllSlug(title))
    .replace(/:output_ext/g, '.html');
  return filled.replace(/\/{2,}/g, '/');
}

interface ParsedPost {
  post: Omit<BlogPost, 'markdown'>;
  body: string;
}

function categoriesOf(file: string, data: Record<string, unknown>): string[] {
  const folders = file.split('/').slice(0, -1);
  const above = folders.slice(0, folders.indexOf('_posts'));
  const fromMatter = [...stringList(data, 'categories'), ...stringList(data, 'category')].flatMap((c) => c.split(/\s+/)).filter(Boolean);
  return [...new Set([...above, ...fromMatter])];
}

function parsePost(file: string, text: string, options: JekyllOptions): ParsedPost | null {
  const { data, body } = parseFrontMatter(text, file);
  if (isUnpublished(data)) return null;
  const named = datedFileName(file);
  if (!named) return null; // Jekyll renders only dated files as posts.
  const date = parseWrittenDate(data['date']) ?? named.date;
  const title = stringField(data, 'title') ?? named.slug;
  const slug = stringField(data, 'slug') ?? named.slug;
  const ownPermalink = stringField(data, 'permalink');
  const path = ownPermalink
    ? jekyllPermalink(ownPermalink, date, slug, categoriesOf(file, data))
    : jekyllPermalink(options.permalink, date, slug, categoriesOf(file, data));
  return { post: { file, title, publishedAt: date.iso, path, aliases: stringList(data, 'redirect_from') }, body };
}

/** Renders the Liquid a post body holds into markdown, given where every post lives. */
export function renderJekyllLiquid(body: string, posts: readonly Omit<BlogPost, 'markdown'>[], options: JekyllOptions): string {
  const byName = new Map<string, string>();
  const byFile = new Map<string, string>();
  for (const post of posts) {
    byFile.set(post.file, post.path);
    const name = post.file.slice(post.file.lastIndexOf('/') + 1).replace(/\.[a-z]+$/i, '');
    byName.set(name, post.path);
  }
  const postUrl = (name: string): string => {
    const key = name.trim().replace(/^["']|["']$/g, '');
    // `{% post_url 2019-01-01-title %}`, or with the post's folder (`news/2019-01-01-title`).
    return byName.get(key.slice(key.lastIndexOf('/') + 1)) ?? `/missing-post/${key}`;
  };
  return outsideRawBlocks(body, (text) => renderLiquid(text, postUrl, byFile, options));
}

function renderLiquid(body: string, postUrl: (name: string) => string, byFile: ReadonlyMap<string, string>, options: JekyllOptions): string {
  return body
    .replace(/\{%-?\s*highlight\s+(\S+)[^%]*-?%\}\n?([\s\S]*?)\{%-?\s*endhighlight\s*-?%\}/g, (_, lang: string, code: string) => '```' + lang + '\n' + code.replace(/\n?$/, '\n') + '```')
    .replace(/\{%-?\s*post_url\s+([^%]+?)\s*-?%\}/g, (_, name: string) => postUrl(name))
    .replace(/\{%-?\s*link\s+([^%]+?)\s*-?%\}/g, (_, file: string) => byFile.get(file.trim()) ?? `/${file.trim()}`)
    .replace(/\{\{-?\s*site\.baseurl\s*-?\}\}/g, '')
    .replace(/\{\{-?\s*site\.url\s*-?\}\}/g, options.siteUrl)
    .replace(/\{%[\s\S]*?%\}/g, '')
    .replace(/\{\{[\s\S]*?\}\}/g, '')
    .replace(/^\{:[^}\n]*\}[ \t]*$/gm, '')
    .replace(/[ \t]*\{[#:][^}\n]*\}[ \t]*$/gm, '');
}

/** Every post of the files read under a site's `_posts` folders. */
export function jekyllPosts(files: ReadonlyMap<string, string>, options: JekyllOptions): BlogPost[] {
  const parsed = [...files].map(([file, text]) => parsePost(file, text, options)).filter((p): p is ParsedPost => p !== null);
  const posts = parsed.map((p) => p.post);
  return parsed.map(({ post, body }) => ({ ...post, markdown: renderJekyllLiquid(body, posts, options) }));
}
