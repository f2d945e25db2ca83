/** Word splitting shared by the baselines: lower-case letters and digits, English stop words dropped. */
import snowball from 'snowball-stemmers';
import { stemmerFor } from '../../../bridge/src/engine/stemmer.js';

/** Common English function words (the kind of list Yoast and Link Whisper ship). */
const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both ' +
    'but by can could did do does doing down during each few for from further had has have having he her here hers ' +
    'herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on ' +
    'once only or other our ours ourselves out over own same she should so some such than that the their theirs them ' +
    'themselves then there these they this those through to too under until up very was we were what when where which ' +
    'while who whom why will with would you your yours yourself yourselves also may must might shall us use used using ' +
    'one two new see e g etc via'
  ).split(' '),
);

const stemmer = snowball.newStemmer('english');

/** Content words of a text, in order, lower-cased; single characters and stop words dropped. */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).filter((word) => word.length > 1 && !STOP_WORDS.has(word));
}

export function stem(word: string): string {
  return stemmer.stem(word);
}

/** How a baseline reads a site's words: which are content words, and what stem each has. */
export interface BaselineWords {
  contentWords: (text: string) => string[];
  stem: (word: string) => string;
}

/** The English baselines, as they have always been measured. */
export const ENGLISH_WORDS: BaselineWords = { contentWords, stem };

/**
 * The baselines' words on a site of another language (a BCP 47 tag): that language's stop words and Snowball stemmer,
 * the ones the bridge reads it with (bridge/src/engine/stemmer.ts), so that the engine is measured against baselines
 * that understand the language as well as it does.
 */
export function baselineWords(language: string | undefined): BaselineWords {
  const analysis = stemmerFor(language);
  if (analysis.language === 'en') return ENGLISH_WORDS;
  return {
    contentWords: (text) => (text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).filter((word) => word.length > 1 && !analysis.isStopword(word)),
    stem: (word) => analysis(word),
  };
}
