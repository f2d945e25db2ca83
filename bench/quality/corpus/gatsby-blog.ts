/**
 * Posts of a Gatsby blog whose pages are made from dated markdown files (reactjs.org's `content/blog/2017-09-26-
 * react-v16.0.md` → `/blog/2017/09/26/react-v16.0.html`): the date and slug from the file name, the title from the
 * front matter. Custom heading ids (`## Title {#id}`, gatsby-remark-header-custom-ids) are taken off the text.
 */
import { datedFileName, isUnpublished, parseFrontMatter, parseWrittenDate, stringField } from './blog-front-matter.js';
import type { BlogPost } from './blog-markdown.js';

export interface GatsbyOptions {
  /** The permalink template: `:year`, `:month`, `:day`, `:slug` (from the file name). */
  permalink: string;
}

export function gatsbyPosts(files: ReadonlyMap<string, string>, options: GatsbyOptions): BlogPost[] {
  const posts: BlogPost[] = [];
  for (const [file, text] of files) {
    if (!/\.mdx?$/i.test(file)) continue;
    const named = datedFileName(file);
    if (!named) continue;
    const { data, body } = parseFrontMatter(text, file);
    if (isUnpublished(data)) continue;
    const date = parseWrittenDate(data['date']) ?? named.date;
    const path = options.permalink.replace(/:year/g, named.date.year).replace(/:month/g, named.date.month).replace(/:day/g, named.date.day).replace(/:slug/g, named.slug);
    const markdown = body.replace(/^(#{1,6} .*?)[ \t]+\{#[\w-]+\}[ \t]*$/gm, '$1');
    posts.push({ file, title: stringField(data, 'title') ?? named.slug, publishedAt: date.iso, path, aliases: [], markdown });
  }
  return posts;
}
