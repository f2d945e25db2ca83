/**
 * Words that send the reader to another page ("see", "described in", "read more about", "our guide to"), per primary
 * language subtag: the `afterCue` anchor input. The English list is the one the relevance model was fitted with; the
 * German, French and Spanish ones say the same things in those languages (their pages were not in the fit: the
 * weight is the English one). A language without a list never has a cue (the input is 0).
 */
const CUE_WORDS: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set([
    'see', 'refer', 'described', 'documented', 'explained', 'discussed', 'covered', 'detailed', 'defined', 'introduced',
    'read', 'check', 'consult', 'visit', 'learn', 'guide', 'tutorial', 'article', 'post', 'section', 'chapter', 'page',
  ]),
  de: new Set([
    'siehe', 'vgl', 'vergleiche', 'beschrieben', 'dokumentiert', 'erklärt', 'erläutert', 'behandelt', 'besprochen',
    'definiert', 'eingeführt', 'lesen', 'lies', 'nachlesen', 'anleitung', 'artikel', 'beitrag', 'abschnitt', 'kapitel',
    'seite', 'handbuch',
  ]),
  fr: new Set([
    'voir', 'voyez', 'consultez', 'consulter', 'reportez', 'décrit', 'décrite', 'décrits', 'décrites', 'documenté',
    'documentée', 'expliqué', 'expliquée', 'détaillé', 'détaillée', 'défini', 'définie', 'présenté', 'présentée', 'lire',
    'lisez', 'guide', 'tutoriel', 'article', 'section', 'chapitre', 'page',
  ]),
  es: new Set([
    'véase', 'vea', 'ver', 'consulte', 'consultar', 'descrito', 'descrita', 'documentado', 'documentada', 'explicado',
    'explicada', 'detallado', 'detallada', 'definido', 'definida', 'leer', 'lea', 'guía', 'tutorial', 'artículo',
    'sección', 'capítulo', 'página',
  ]),
};

const NO_CUES: ReadonlySet<string> = new Set();

/** The cue words of a primary language subtag (lower-case words, as the tokenizer gives them). */
export function cueWordsOf(language: string): ReadonlySet<string> {
  return CUE_WORDS[language] ?? NO_CUES;
}
