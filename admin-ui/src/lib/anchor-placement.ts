/**
 * Where an anchor may become a link in a run of rich text: the exact words, whole words only, and not inside a link
 * that is already there.
 */

export interface FormatLike {
	type: string;
}

const WORD_CHARACTER = /[\p{L}\p{N}_]/u;

function isWordBoundary( text: string, index: number ): boolean {
	const character = text[ index ];
	return character === undefined || ! WORD_CHARACTER.test( character );
}

function isLinked(
	formats: ReadonlyArray< ReadonlyArray< FormatLike > | undefined >,
	start: number,
	end: number
): boolean {
	for ( let index = start; index < end; index++ ) {
		if (
			formats[ index ]?.some( ( format ) => format.type === 'core/link' )
		) {
			return true;
		}
	}
	return false;
}

/**
 * The first index where `anchor` can be linked, or null when it is absent or only inside existing links.
 * @param text
 * @param formats
 * @param anchor
 */
export function findLinkableAnchor(
	text: string,
	formats: ReadonlyArray< ReadonlyArray< FormatLike > | undefined >,
	anchor: string
): number | null {
	if ( anchor === '' ) {
		return null;
	}
	for (
		let start = text.indexOf( anchor );
		start >= 0;
		start = text.indexOf( anchor, start + 1 )
	) {
		const end = start + anchor.length;
		if (
			isWordBoundary( text, start - 1 ) &&
			isWordBoundary( text, end ) &&
			! isLinked( formats, start, end )
		) {
			return start;
		}
	}
	return null;
}
