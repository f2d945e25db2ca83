/**
 * A page's language: a BCP 47 tag as sent ("de-DE", "pt-BR"), of which the engine uses the primary subtag ("de"):
 * regional variants share a stemmer and stop words, and a suggestion links pages of the same primary subtag only.
 */

/** The language of a page sent without one: every page synced before pages carried a language was English. */
export const DEFAULT_LANGUAGE = 'en';

/** Longest tag accepted: language, script, region and a few variants (BCP 47 tags are rarely over 20). */
export const MAX_LANGUAGE_TAG_LENGTH = 35;

/** The shape of a tag before canonicalisation: a 2–3 letter language, then subtags of 1–8 letters or digits. */
const TAG_SHAPE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/;

/**
 * The canonical BCP 47 form of a tag ("de_de" → "de-DE", "PT-br" → "pt-BR"), or null when it is none. WordPress writes
 * its locales with underscores ("de_DE", "de_DE_formal") and some with a suffix that is no BCP 47 subtag
 * ("pt_PT_ao90"): trailing subtags Intl does not accept are dropped, the language itself never.
 */
export function canonicalLanguageTag(tag: string): string | null {
  const dashed = tag.trim().replaceAll('_', '-');
  if (dashed.length > MAX_LANGUAGE_TAG_LENGTH || !TAG_SHAPE.test(dashed)) return null;
  const subtags = dashed.split('-');
  for (let count = subtags.length; count >= 1; count -= 1) {
    try {
      const [canonical] = Intl.getCanonicalLocales(subtags.slice(0, count).join('-'));
      if (canonical !== undefined) return canonical;
    } catch {
      // Not a valid tag with this many subtags: try with fewer.
    }
  }
  return null;
}

/** The primary language subtag of a tag, lower-case ("de-DE" → "de"); the default language's for an empty one. */
export function primaryLanguage(tag: string | undefined): string {
  const primary = (tag ?? '').split(/[-_]/, 1)[0]!.toLowerCase();
  return primary === '' ? DEFAULT_LANGUAGE : primary;
}
