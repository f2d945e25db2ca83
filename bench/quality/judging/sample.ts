/**
 * Draws the blind judging sample from a blog run's shown suggestions and writes the judges' packet and the key.
 *
 *   npx tsx bench/quality/judging/sample.ts [--shown .cache/quality-shown.json] [--out .cache/judging]
 *                                           [--per-blog 12] [--control-share 0.25] [--seed interlinker-judging]
 *
 * Writes `packet.md` and `packet.json` (the same for every judge: nothing tells a control from a suggestion) and
 * `key.json` (kept from the judges: which items are controls, their blog, variant and score, and what each blog's
 * default showed), read by `score.ts`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadCorpus } from '../corpus/corpus-store.js';
import { BLOG_SOURCES } from '../corpus/blog-sources.js';
import type { CorpusPage } from '../corpus/types.js';
import { judgingKey } from './key.js';
import { packetItems, packetMarkdown } from './packet.js';
import { authorLinksInContext } from './post-text.js';
import { drawSample, type ControlCandidate } from './sampling.js';
import type { ShownReport } from './shown.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CACHE = path.join(REPO_ROOT, '.cache');

const { values: args } = parseArgs({
  options: {
    shown: { type: 'string', default: path.join(CACHE, 'quality-shown.json') },
    out: { type: 'string', default: path.join(CACHE, 'judging') },
    'per-blog': { type: 'string', default: '12' },
    'control-share': { type: 'string', default: '0.25' },
    seed: { type: 'string', default: 'interlinker-judging' },
  },
});

function main(): void {
  if (!existsSync(args.shown)) {
    throw new Error(`${args.shown} not found: run bench/quality/run.ts on the blogs first (--corpus blogs --fit-with docs)`);
  }
  const shown = JSON.parse(readFileSync(args.shown, 'utf8')) as ShownReport;
  const pagesByBlog = new Map<string, Map<string, CorpusPage>>();
  const controls = new Map<string, ControlCandidate[]>();
  for (const blog of shown.blogs) {
    const source = BLOG_SOURCES.find((candidate) => candidate.id === blog.id);
    if (!source) throw new Error(`${blog.id}: not a blog of bench/quality/corpus/blog-sources.ts`);
    const { corpus } = loadCorpus(path.join(CACHE, 'quality-corpus'), { rebuild: false, source });
    const pages = new Map(corpus.pages.map((page) => [page.url, page]));
    pagesByBlog.set(blog.id, pages);
    const postUrls = new Set(pages.keys());
    controls.set(
      blog.id,
      blog.askedUrls.flatMap((url) => {
        const page = pages.get(url);
        return page ? authorLinksInContext(page, postUrls).map((link) => ({ sourceUrl: url, ...link })) : [];
      }),
    );
  }
  const options = { perBlog: Number(args['per-blog']), controlShare: Number(args['control-share']), seed: args.seed };
  const items = drawSample(shown, controls, options);
  const packet = packetItems(items, (blog, url) => {
    const page = pagesByBlog.get(blog)?.get(url);
    if (!page) throw new Error(`${blog}: ${url} is not in its corpus (rebuilt since the run?)`);
    return page;
  });
  mkdirSync(args.out, { recursive: true });
  writeFileSync(path.join(args.out, 'packet.md'), packetMarkdown(packet));
  writeFileSync(path.join(args.out, 'packet.json'), JSON.stringify({ items: packet }, null, 1));
  writeFileSync(path.join(args.out, 'key.json'), JSON.stringify(judgingKey(shown, items, options), null, 1));
  const controlsDrawn = items.filter((item) => item.control).length;
  console.log(
    `${items.length} items (${items.length - controlsDrawn} suggestions, ${controlsDrawn} controls) from ${shown.blogs.length} blogs: ` +
      `${path.relative(REPO_ROOT, path.join(args.out, 'packet.md'))} and packet.json for the judges, key.json kept apart`,
  );
}

main();
