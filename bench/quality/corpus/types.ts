/** The benchmark's view of a documentation website: pages as a WordPress post body would hold them. */
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
}

export interface Corpus {
  /** Bumped whenever the builder's output changes, so a stale cache is rebuilt. */
  formatVersion: number;
  /** Debian package the pages come from, and its exact version. */
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
