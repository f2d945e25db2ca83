/** The benchmark's view of a documentation website: pages as a WordPress post body would hold them. */
import type { BlogPost } from './blog-markdown.js';
import type { SiteFormat, SourceFile } from './static-site.js';

/** A link the documentation's authors wrote in a page body, pointing at another page of the corpus. */
export interface HumanLink {
  /** Normalised absolute URL of the target page (fragment dropped). */
  targetUrl: string;
  /** The link's visible text, whitespace collapsed. */
  anchorText: string;
  /** True when the link text is inline code (the contract forbids anchors there, so only another passage can earn it). */
  inCode: boolean;
}

export interface CorpusPage {
  /** Normalised absolute URL on the corpus's fake domain. */
  url: string;
  title: string;
  /** Body HTML with every human link intact; internal hrefs are absolute URLs on the fake domain. */
  content: string;
  links: HumanLink[];
  /** When the page was first published (ISO 8601, UTC), for sites that date their pages (blogs). */
  publishedAt?: string;
}

export interface Corpus {
  /** Bumped whenever the builder's output changes, so a stale cache is rebuilt. */
  formatVersion: number;
  /** Where the pages come from and its exact version: a Debian package, or a blog's repository and commit. */
  packageName: string;
  packageVersion: string;
  /** Site address the pages are placed on (the project's domain). */
  domain: string;
  pages: CorpusPage[];
}

/** Where a corpus comes from: a Debian documentation package and how its HTML is laid out. */
export interface CorpusSource {
  /** Short name for the command line and the report (`python`, `git`). */
  id: string;
  packageName: string;
  /** Root of the HTML site inside the package's file tree. */
  htmlDir: string;
  /** Site address the pages are placed on; one per corpus so that projects never share URLs. */
  domain: string;
  format: SiteFormat;
  /**
   * Reads the site's files under `htmlDir` (default: every `.html` file, asset folders skipped). A site whose files
   * are named otherwise (`mod_rewrite.html.en`) maps them to the `.html` paths its links use.
   */
  readFiles?: (root: string) => SourceFile[];
}

/** Where a blog corpus comes from: its sources in a public git repository at a pinned commit, and how to render them. */
export interface BlogCorpusSource {
  /** Short name for the command line and the report (`react`, `18f`). */
  id: string;
  kind: 'blog';
  /** `owner/name` on GitHub and the commit the corpus is built from. */
  repo: string;
  commit: string;
  /** Generator and kind of blog, for the report (`Hugo`, `project news`). */
  generator: string;
  blogKind: string;
  /** The content's licence as the repository states it (the corpus is built locally, never committed). */
  licence: string;
  /** Folders of the repository holding the posts. */
  dirs: readonly string[];
  /** Fake domain the pages are placed on. */
  domain: string;
  /** The real site's base address and other hosts of it: links there are the blog's own. */
  realBase: string;
  otherHosts?: readonly string[];
  /** The posts of the files read under `dirs`. */
  posts(files: ReadonlyMap<string, string>): BlogPost[];
}

/** Any site of the benchmark: a documentation package or a blog. */
export type BenchCorpusSource = CorpusSource | BlogCorpusSource;

export const isBlogSource = (source: BenchCorpusSource): source is BlogCorpusSource => 'kind' in source && source.kind === 'blog';
