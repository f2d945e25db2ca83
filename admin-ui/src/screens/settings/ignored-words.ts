/**
 * "Never use these words as link text", as the editor types it (one per line) and as the settings store it.
 */
import { __, sprintf } from '@wordpress/i18n';

export const IGNORED_WORDS_MAX = 200;
export const IGNORED_WORD_MAX_LENGTH = 60;

/**
 * One word or phrase per line; blanks and repeats (in any case) go.
 * @param text
 */
export function ignoredWordsFromText( text: string ): string[] {
	const seen = new Set< string >();
	const words: string[] = [];
	for ( const line of text.split( /\r?\n/ ) ) {
		const word = line.trim();
		if ( word !== '' && ! seen.has( word.toLocaleLowerCase() ) ) {
			seen.add( word.toLocaleLowerCase() );
			words.push( word );
		}
	}
	return words;
}

/**
 * Why the list cannot be saved as it is, or null.
 * @param words
 */
export function ignoredWordsProblem( words: string[] ): string | null {
	if ( words.length > IGNORED_WORDS_MAX ) {
		return sprintf(
			/* translators: 1: words in the list, 2: the most allowed. */
			__(
				'%1$d words: at most %2$d can be left out. Remove some lines to save.',
				'interlinker'
			),
			words.length,
			IGNORED_WORDS_MAX
		);
	}
	const long = words.find(
		( word ) => [ ...word ].length > IGNORED_WORD_MAX_LENGTH
	);
	if ( long !== undefined ) {
		return sprintf(
			/* translators: 1: the word, 2: the most characters allowed. */
			__(
				'“%1$s” is longer than %2$d characters. Shorten it to save.',
				'interlinker'
			),
			long,
			IGNORED_WORD_MAX_LENGTH
		);
	}
	return null;
}
