/**
 * Posts of an Eleventy blog, as the site's templates render them: the posts folder's data file gives the permalink
 * (18F's `/{{ page.date | toDatePath }}/{{ page.fileSlug }}/`: the date in UTC, the file name without its date), the
 * front matter the date and title. Nunjucks the site renders into links is rendered (`{{ "/path/" | url }}`); every
 * other tag or output (`{% image %}`, `{{ variable }}`) is dropped.
 */
import { datedFileName, isUnpublished, outsideRawBlocks, parseFrontMatter, parseWrittenDate, stringField } from './blog-front-matter.js';
import type { BlogPost } from './blog-markdown.js';

export interface EleventyOptions {
  /** The permalink template: `:year`, `:month`, `:day` (of the date in UTC) and `:fileSlug`. */
  permalink: string;
}

/** Eleventy's `fileSlug`: the file name without extension and without a leading `YYYY-MM-DD-`. */
export function eleventyFileSlug(file: string): string {
  const base = file.slice(file.lastIndexOf('/') + 1).replace(/\.[a-z]+$/i, '');
  return base.replace(/^\d{4}-\d{2}-\d{2}-/, '');
}

export function renderNunjucks(body: string): string {
  return outsideRawBlocks(body, (text) =>
    text
      .replace(/\{\{-?\s*(["'])([^"']*)\1\s*\|\s*url\s*-?\}\}/g, (_, __: string, target: string) => target)
      .replace(/\{%[\s\S]*?%\}/g, '')
      .replace(/\{\{[\s\S]*?\}\}/g, ''),
  );
}

export function eleventyPosts(files: ReadonlyMap<string, string>, options: EleventyOptions): BlogPost[] {
  const posts: BlogPost[] = [];
  for (const [file, text] of files) {
    if (!/\.md$/i.test(file)) continue;
    const { data, body } = parseFrontMatter(text, file);
    if (isUnpublished(data)) continue;
    const written = parseWrittenDate(data['date']) ?? datedFileName(file)?.date;
    if (!written) throw new Error(`${file}: no date in the front matter or the file name`);
    const [year, month, day] = written.iso.slice(0, 10).split('-') as [string, string, string];
    const slug = eleventyFileSlug(file);
    const path = options.permalink.replace(/:year/g, year).replace(/:month/g, month).replace(/:day/g, day).replace(/:fileSlug/g, slug);
    posts.push({ file, title: stringField(data, 'title') ?? slug, publishedAt: written.iso, path, aliases: [], markdown: renderNunjucks(body) });
  }
  return posts;
}
