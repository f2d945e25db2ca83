/** Separators that put a site name after a page title: "Page – Site", "Page | Site", "Page :: Site", "Page » Site". */
const SITE_SUFFIX = /\s+(?:[|–—»·•]|::|-{1,2})\s+[^|–—»·•]*$/u;

/** Section numbering in front of a title: "Chapter 3.", "3.2.1.", "Appendix A.", "B.2 ". */
const NUMBERING = /^(?:(?:chapter|section|part|appendix)\s+)?(?:[0-9]+|[A-Z])(?:\.[0-9]+)*\.?\s+(?=\S)/iu;

/** A manual page's section after its name: "git-commit(1)", "crontab(5)", "printf(3p)". */
const MAN_SECTION = /\(\d[a-z]*\)$/i;

/** The name a page goes by in running text: its title without site-name suffix, numbering or manual section. */
export function cleanTitle(title: string): string {
  const collapsed = title.replace(/\s+/g, ' ').trim();
  const withoutSuffix = collapsed.replace(SITE_SUFFIX, '');
  const withoutNumbering = withoutSuffix.replace(NUMBERING, '').replace(MAN_SECTION, '').trim();
  return withoutNumbering === '' ? collapsed : withoutNumbering;
}

/** The head of a title that has a subtitle ("Apt: the package tool" → "Apt"), or null when there is none. */
export function titleHead(title: string): string | null {
  const match = /^(.+?)(?::\s|\s[-–—]\s|\s\()/u.exec(title);
  return match?.[1] !== undefined && match[1].trim() !== '' ? match[1].trim() : null;
}
