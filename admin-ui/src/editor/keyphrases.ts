/**
 * The post's own keyphrases, within the limits the plugin sanitises the meta to and the bridge accepts.
 */

export const KEYPHRASES_META_KEY = '_interlinker_keyphrases';
export const MAX_KEYPHRASES = 10;
const MAX_LENGTH = 100;
const MAX_WORDS = 6;

/**
 * A phrase the bridge accepts: 1–100 characters and at most six words (runs of letters and digits).
 *
 * @param phrase A token typed in the field.
 */
export function isKeyphrase( phrase: string ): boolean {
	const trimmed = phrase.trim();
	const words = trimmed.match( /[\p{L}\p{N}]+/gu ) ?? [];
	return (
		trimmed !== '' &&
		trimmed.length <= MAX_LENGTH &&
		words.length <= MAX_WORDS
	);
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
