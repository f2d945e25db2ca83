/**
 * The post's own keyphrases, within the limits the plugin sanitises the meta to and the bridge accepts.
 */
import { __, sprintf } from '@wordpress/i18n';

export const KEYPHRASES_META_KEY = '_interlinker_keyphrases';
export const MAX_KEYPHRASES = 10;
const MAX_LENGTH = 100;
const MAX_WORDS = 6;

/**
 * A phrase as a message quotes it: a long one cut after 40 characters.
 * @param phrase
 */
function shortened( phrase: string ): string {
	return phrase.length > 40 ? `${ phrase.slice( 0, 40 ) }…` : phrase;
}

/**
 * Why the bridge would not take a phrase (over 100 characters, over six words), or null when it would. An empty
 * phrase is no phrase: null too, and isKeyphrase() refuses it.
 *
 * @param phrase A token typed in the field.
 */
export function keyphraseRefusal( phrase: string ): string | null {
	const trimmed = phrase.trim();
	const words = trimmed.match( /[\p{L}\p{N}]+/gu ) ?? [];
	if ( trimmed.length > MAX_LENGTH ) {
		return sprintf(
			/* translators: 1: the phrase, 2: its length, 3: the most characters a phrase may have. */
			__(
				'“%1$s” was not added: it has %2$d characters, and a phrase has at most %3$d.',
				'interlinker'
			),
			shortened( trimmed ),
			trimmed.length,
			MAX_LENGTH
		);
	}
	if ( words.length > MAX_WORDS ) {
		return sprintf(
			/* translators: 1: the phrase, 2: its number of words, 3: the most words a phrase may have. */
			__(
				'“%1$s” was not added: it has %2$d words, and a phrase has at most %3$d.',
				'interlinker'
			),
			shortened( trimmed ),
			words.length,
			MAX_WORDS
		);
	}
	return null;
}

/**
 * A phrase the bridge accepts: 1–100 characters and at most six words (runs of letters and digits).
 *
 * @param phrase A token typed in the field.
 */
export function isKeyphrase( phrase: string ): boolean {
	return phrase.trim() !== '' && keyphraseRefusal( phrase ) === null;
}

/**
 * The tokens of the field as the meta keeps them: trimmed, valid, distinct (case ignored), at most ten.
 *
 * @param tokens The field's tokens.
 */
export function keyphrasesFromTokens(
	tokens: ReadonlyArray< string | { value: string } >
): string[] {
	const kept = new Map< string, string >();
	for ( const token of tokens ) {
		const phrase = (
			typeof token === 'string' ? token : token.value
		).trim();
		const key = phrase.toLowerCase();
		if ( isKeyphrase( phrase ) && ! kept.has( key ) ) {
			kept.set( key, phrase );
		}
	}
	return [ ...kept.values() ].slice( 0, MAX_KEYPHRASES );
}
