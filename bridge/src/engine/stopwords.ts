/**
 * English function words. They never carry a page's topic, so they are left out of term vectors, and an anchor or
 * keyphrase never starts or ends with one ("the apt tool" becomes "apt tool").
 */
const ENGLISH_STOPWORDS = `a about above after again against all also am an and any are as at be because been before being
below between both but by can could did do does doing down during each either else etc even ever every few for from
further had has have having he her here hers herself him himself his how however i if in into is it its itself just
let may me might more most much must my myself neither no nor not now of off often on once only or other our ours
ourselves out over own per rather same shall she should since so some still such than that the their theirs them
themselves then there these they this those though through thus to too under until up upon us use used using very via
was we well were what when where whether which while who whom whose why will with within without would yet you your
yours yourself yourselves`;

const STOPWORDS: ReadonlySet<string> = new Set(ENGLISH_STOPWORDS.split(/\s+/));

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}
