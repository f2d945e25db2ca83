/**
 * Front matter as static-site generators read it: YAML between `---` lines (Jekyll, Hugo, Eleventy, Gatsby), or a
 * JSON object at the top of the file (Hugo). Dates are kept as written: a permalink's year, month and day are the
 * ones the author wrote, not those of the instant converted to another zone.
 */
import yaml from 'js-yaml';

export interface FrontMatter {
  data: Record<string, unknown>;
  /** The markdown after the front matter. */
  body: string;
}

/** The end of a JSON object that starts at index 0 (strings and escapes respected), or -1. */
function jsonObjectEnd(text: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

export function parseFrontMatter(text: string, file: string): FrontMatter {
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  const yamlBlock = /^---[ \t]*\n([\s\S]*?)\n(?:---|\.\.\.)[ \t]*(?:\n|$)/.exec(source);
  if (yamlBlock) {
    // CORE_SCHEMA: timestamps stay strings, as written.
    const data = yaml.load(yamlBlock[1]!, { schema: yaml.CORE_SCHEMA, filename: file }) ?? {};
    if (typeof data !== 'object' || Array.isArray(data)) throw new Error(`${file}: front matter is not a mapping`);
    return { data: data as Record<string, unknown>, body: source.slice(yamlBlock[0].length) };
  }
  const json = source.trimStart();
  if (json.startsWith('{')) {
    const end = jsonObjectEnd(json);
    if (end === -1) throw new Error(`${file}: unterminated JSON front matter`);
    return { data: JSON.parse(json.slice(0, end)) as Record<string, unknown>, body: json.slice(end) };
  }
  if (source.startsWith('+++')) throw new Error(`${file}: TOML front matter is not read by this builder`);
  return { data: {}, body: source };
}

export interface WrittenDate {
  year: string;
  month: string;
  day: string;
  /** The instant, ISO 8601 in UTC; a date without a zone is read as UTC. */
  iso: string;
}

/** `2014-03-21T12:00:00-04:00`, `2010-01-01 12:00:00 +0000`, `2013-03-08`: the date as written, or null. */
export function parseWrittenDate(value: unknown): WrittenDate | null {
  if (value instanceof Date) value = value.toISOString();
  if (typeof value !== 'string') return null;
  const match = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?\s*$/i.exec(value);
  if (!match) return null;
  const [, year, month, day, hour = '00', minute = '00', second = '00', zone] = match;
  const pad = (v: string): string => v.padStart(2, '0');
  const offset = !zone || zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const instant = new Date(`${year}-${pad(month!)}-${pad(day!)}T${pad(hour)}:${minute}:${pad(second)}${offset}`);
  if (Number.isNaN(instant.getTime())) return null;
  return { year: year!, month: pad(month!), day: pad(day!), iso: instant.toISOString() };
}

/** `2019-05-01-some-title.md` → the date and `some-title`; null when the name carries no date. */
export function datedFileName(file: string): { date: WrittenDate; slug: string } | null {
  const base = file.slice(file.lastIndexOf('/') + 1).replace(/\.[a-z]+$/i, '');
  const match = /^(\d{4}-\d{2}-\d{2})-(.+)$/.exec(base);
  const date = match ? parseWrittenDate(match[1]) : null;
  return match && date ? { date, slug: match[2]! } : null;
}

/** A front matter field as a string (a YAML number or boolean written as such too), or undefined. */
export function stringField(data: Record<string, unknown>, key: string): string | undefined {
  const value = data[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

/** A field that may be a string or a list of strings (`aliases`, `redirect_from`). */
export function stringList(data: Record<string, unknown>, key: string): string[] {
  const value = data[key];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** A post left out of the site: a draft, or unpublished. */
export function isUnpublished(data: Record<string, unknown>): boolean {
  return data['draft'] === true || data['draft'] === 'true' || data['published'] === false || data['published'] === 'false';
}

/**
 * Applies `render` to a Liquid or Nunjucks body outside its `{% raw %}…{% endraw %}` blocks, whose text is kept as
 * written (without the two tags), as both template languages do.
 */
export function outsideRawBlocks(body: string, render: (text: string) => string): string {
  const parts = body.split(/\{%-?\s*raw\s*-?%\}([\s\S]*?)\{%-?\s*endraw\s*-?%\}/);
  // split() with a capture group: even indexes are template text, odd ones the raw blocks' contents.
  return parts.map((part, index) => (index % 2 === 0 ? render(part) : part)).join('');
}
