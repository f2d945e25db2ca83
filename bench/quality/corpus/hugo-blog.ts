/**
 * Posts of a Hugo blog section (`content/blog/…`), as Hugo renders them: a page per markdown file or page bundle
 * (`slug/index.md`), dated by the front matter (or the file name when the site's `[frontmatter] date` says
 * `:filename`), at the section's permalink (`[permalinks] blog = "/:year/:month/:day/:slug/"`) unless the front matter
 * sets `url`; `aliases` are kept. Shortcodes: `ref` and `relref` become the named post's path, `highlight` a code block,
 * the site's own shortcodes whatever they print (`HugoOptions.shortcodes`); any other shortcode is dropped and a
 * paired one keeps its inner text.
 */
import { datedFileName, isUnpublished, parseFrontMatter, parseWrittenDate, stringField, stringList, type WrittenDate } from './blog-front-matter.js';
import type { BlogPost } from './blog-markdown.js';

export interface HugoOptions {
  /** The section's permalink template: `:year`, `:month`, `:day`, `:slug`, `:title`, `:filename`, `:section`. */
  permalink: string;
  /** The section's name (`blog`, `post`, `article`), for `:section`. */
  section: string;
  /** `[frontmatter] date = [':filename']`: the date and slug come from a dated file name first. */
  dateFromFileName?: boolean;
  /** `uglyURLs` for the section: `/2019/05/01/slug.html` instead of `…/slug/`. */
  uglyUrls?: boolean;
  /** What the site's own shortcodes print, by name, from their positional arguments. */
  shortcodes?: Readonly<Record<string, (args: string[]) => string>>;
}

/** Hugo's `urlize` of a title (for `:title`): lower case, spaces to hyphens, other punctuation dropped. */
export function hugoUrlize(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{N}\-._~/]/gu, '')
    .replace(/-{2,}/g, '-');
}

/** The name a page is known by: its file without extension, or its bundle's folder. */
function contentName(file: string): string {
  const parts = file.split('/');
  const base = parts[parts.length - 1]!.replace(/\.[a-z]+$/i, '');
  return /^(index|_index)(\.[a-z]{2})?$/.test(base) ? parts[parts.length - 2]! : base;
}

export function hugoPermalink(template: string, fields: { date: WrittenDate; slug: string; title: string; filename: string; section: string }, ugly: boolean): string {
  const filled = template
    .replace(/:year/g, fields.date.year)
    .replace(/:month/g, fields.date.month)
    .replace(/:day/g, fields.date.day)
    .replace(/:slug/g, fields.slug)
    .replace(/:title/g, hugoUrlize(fields.title))
    .replace(/:filename/g, fields.filename)
    .replace(/:contentbasename/g, fields.filename)
    .replace(/:section/g, fields.section);
  const path = ('/' + filled).replace(/\/{2,}/g, '/');
  return ugly ? path.replace(/\/$/, '') + '.html' : path.endsWith('/') ? path : path + '/';
}

/** The positional arguments of a shortcode call: quoted strings or bare words. */
function shortcodeArgs(text: string): string[] {
  return [...text.matchAll(/"((?:[^"\\]|\\.)*)"|`([^`]*)`|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '').filter((a) => !/^\w+=/.test(a));
}

/** Renders a post body's shortcodes into markdown, given where every post lives. */
export function renderHugoShortcodes(body: string, posts: readonly Omit<BlogPost, 'markdown'>[], options: HugoOptions): string {
  const refTarget = (name: string): string => {
    const [file, hash] = name.split('#') as [string, string | undefined];
    const key = file.replace(/^\/+/, '').replace(/\.[a-z]+$/i, '');
    const post = posts.find((p) => {
      const withoutExtension = p.file.replace(/\.[a-z]+$/i, '');
      return withoutExtension.endsWith('/' + key) || contentName(p.file) === key.slice(key.lastIndexOf('/') + 1) || withoutExtension.endsWith('/' + key + '/index');
    });
    // A page outside the section (`downloads`) keeps its own path: a link on the site, not to a post.
    return (post ? post.path : `/${key}/`) + (hash ? `#${hash}` : '');
  };
  const render = (name: string, args: string[]): string | null => {
    if (name === 'ref' || name === 'relref') return refTarget(args[0] ?? '');
    const own = options.shortcodes?.[name];
    return own ? own(args) : null;
  };
  return (
    body
      // Comments (`{{</* x */>}}` shows a shortcode literally).
      .replace(/\{\{([<%])\/\*\s*([\s\S]*?)\s*\*\/([>%])\}\}/g, (_, open: string, inner: string, close: string) => `{{${open} ${inner} ${close}}}`.replace(/\{\{/g, '&#123;&#123;'))
      .replace(/\{\{[<%]\s*highlight\s+(\S+)[^>%]*[>%]\}\}\n?([\s\S]*?)\{\{[<%]\s*\/\s*highlight\s*[>%]\}\}/g, (_, lang: string, code: string) => '```' + lang.replace(/"/g, '') + '\n' + code.replace(/\n?$/, '\n') + '```')
      .replace(/\{\{[<%]-?\s*(\/?)\s*([\w.-]+)([^>%]*?)-?[>%]\}\}/g, (_, closing: string, name: string, rest: string) => (closing ? '' : (render(name, shortcodeArgs(rest)) ?? '')))
      .replace(/&#123;&#123;/g, '{{')
  );
}

interface ParsedPost {
  post: Omit<BlogPost, 'markdown'>;
  body: string;
}

function parsePost(file: string, text: string, options: HugoOptions): ParsedPost | null {
  const { data, body } = parseFrontMatter(text, file);
  if (isUnpublished(data)) return null;
  const name = contentName(file);
  const named = datedFileName(name + '.md');
  const written = parseWrittenDate(data['date']);
  const date = options.dateFromFileName ? (named?.date ?? written) : (written ?? named?.date ?? null);
  if (!date) throw new Error(`${file}: no date in the front matter or the file name`);
  const slug = stringField(data, 'slug') ?? (options.dateFromFileName && named ? named.slug : name);
  const title = stringField(data, 'title') ?? slug;
  const url = stringField(data, 'url');
  const path = url
    ? ('/' + url).replace(/\/{2,}/g, '/')
    : hugoPermalink(options.permalink, { date, slug, title, filename: name, section: options.section }, options.uglyUrls ?? false);
  return { post: { file, title, publishedAt: date.iso, path, aliases: stringList(data, 'aliases') }, body };
}

/**
 * Every page of the files read under a section's folder (the default language's: translations are left out). In a bundle holding both an R Markdown source and its
 * rendered markdown (`index.Rmd` and `index.md`), the rendered one is the page; a bundle with no markdown is skipped.
 */
export function hugoPosts(files: ReadonlyMap<string, string>, options: HugoOptions): BlogPost[] {
  const parsed: ParsedPost[] = [];
  // A folder with an `index.md` is a leaf bundle: its other markdown files are resources, not pages.
  const bundles = new Set([...files.keys()].filter((file) => /(^|\/)index\.(md|markdown)$/i.test(file)).map((file) => file.slice(0, file.lastIndexOf('/'))));
  for (const [file, text] of files) {
    if (!/\.(md|markdown)$/i.test(file) || /(^|\/)_index\.[a-z]+$/i.test(file)) continue;
    // A translation (`index.es.md`) is a page of another language's site.
    if (/\.(?!en\.)[a-z]{2}(-[a-z]{2})?\.(md|markdown)$/i.test(file)) continue;
    if (bundles.has(file.slice(0, file.lastIndexOf('/'))) && !/(^|\/)index\.(md|markdown)$/i.test(file)) continue;
    const post = parsePost(file, text, options);
    if (post) parsed.push(post);
  }
  const posts = parsed.map((p) => p.post);
  return parsed.map(({ post, body }) => ({ ...post, markdown: renderHugoShortcodes(body, posts, options) }));
}
