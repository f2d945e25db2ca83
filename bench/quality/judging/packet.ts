/**
 * The judges' packet: for each item only the sentence with its anchor marked and the two posts' openings. Nothing in
 * it tells a control from a suggestion: no score, no engine, no URL, the same fields in the same form.
 */
import type { CorpusPage } from '../corpus/types.js';
import { opening, plainText } from './post-text.js';
import type { JudgingItem } from './sampling.js';

export const SOURCE_OPENING = 600;
export const TARGET_OPENING = 800;
export const REJECT_REASONS = ['wrong-target', 'roundup', 'passing-mention', 'cut-term', 'generic-anchor', 'other'] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export interface PacketPost {
  title: string;
  /** Publication day (YYYY-MM-DD), when the blog dates it. */
  date: string | null;
  opening: string;
}

export interface PacketItem {
  id: string;
  /** The sentence with the anchor between « and ». */
  sentence: string;
  anchorText: string;
  source: PacketPost;
  target: PacketPost;
}

export const JUDGING_INSTRUCTIONS = `# Internal links to judge

Each item is a link that could be placed in a blog post: the sentence it would sit in, with the link text between « and »,
the post it would be placed in ("from") and the post it would point to ("to"), each with its title, date and opening.

**Would you, as this blog's editor, accept this link as written?** Answer \`accept\` or \`reject\`; for \`reject\` give one
reason:
- \`wrong-target\`: another post is meant (for example another post of a series: another year, version or part);
- \`roundup\`: the target only mentions the subject among many others (a digest, a monthly update);
- \`passing-mention\`: the target mentions the subject in passing; it is not what the target is about;
- \`cut-term\`: the link text cuts a term, a name or a version ("2.12" out of "2.12.0-beta.1");
- \`generic-anchor\`: the link text is too generic to be a link ("workflow", "here");
- \`other\`: anything else.

Judge each item on its own, without looking anything up, and without talking with the other judges. Answer in a text
file, one JSON object per line, for every item:

\`\`\`
{"id": "3fa2c1", "verdict": "accept"}
{"id": "9b07de", "verdict": "reject", "reason": "roundup"}
\`\`\`
`;

/** The sentence with the first occurrence of the anchor marked (case-insensitive if need be). */
export function markAnchor(sentence: string, anchor: string): string {
  let at = sentence.indexOf(anchor);
  if (at === -1) at = sentence.toLowerCase().indexOf(anchor.toLowerCase());
  if (at === -1) return `${sentence} («${anchor}»)`;
  return `${sentence.slice(0, at)}«${sentence.slice(at, at + anchor.length)}»${sentence.slice(at + anchor.length)}`;
}

function packetPost(page: CorpusPage, length: number): PacketPost {
  return { title: page.title, date: page.publishedAt?.slice(0, 10) ?? null, opening: opening(plainText(page.content, page.url), length) };
}

/** The packet's items, in the sample's (shuffled) order; `pages` finds a post of a blog by URL. */
export function packetItems(items: readonly JudgingItem[], pages: (blog: string, url: string) => CorpusPage): PacketItem[] {
  return items.map((item) => ({
    id: item.id,
    sentence: markAnchor(item.sentence, item.anchorText),
    anchorText: item.anchorText,
    source: packetPost(pages(item.blog, item.sourceUrl), SOURCE_OPENING),
    target: packetPost(pages(item.blog, item.targetUrl), TARGET_OPENING),
  }));
}

const quoted = (text: string): string => text.split('\n').map((line) => `> ${line}`).join('\n');
const dated = (post: PacketPost): string => (post.date === null ? post.title : `${post.title} (${post.date})`);

export function packetMarkdown(items: readonly PacketItem[]): string {
  const blocks = items.map((item, index) =>
    [
      `## ${index + 1}. Item \`${item.id}\``,
      '',
      quoted(item.sentence),
      '',
      `**From:** ${dated(item.source)}`,
      '',
      quoted(item.source.opening),
      '',
      `**To:** ${dated(item.target)}`,
      '',
      quoted(item.target.opening),
      '',
    ].join('\n'),
  );
  return `${JUDGING_INSTRUCTIONS}\n${items.length} items.\n\n${blocks.join('\n')}`;
}
