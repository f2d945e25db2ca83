/**
 * Splits a suggestion's context around its anchor, so the anchor can be highlighted as text (never as HTML).
 */

export interface AnchorInContext {
	before: string;
	anchor: string;
	after: string;
}

/** Longest stretch of context kept on each side of the anchor. */
const SIDE_LIMIT = 120;

function trimStart( text: string, limit: number ): string {
	if ( text.length <= limit ) {
		return text;
	}
	const cut = text.slice( text.length - limit );
	const space = cut.indexOf( ' ' );
	return '…' + ( space >= 0 && space < 20 ? cut.slice( space + 1 ) : cut );
}

function trimEnd( text: string, limit: number ): string {
	if ( text.length <= limit ) {
		return text;
	}
	const cut = text.slice( 0, limit );
	const space = cut.lastIndexOf( ' ' );
	return ( space > limit - 20 ? cut.slice( 0, space ) : cut ) + '…';
}

/**
 * Finds the anchor in the context (exactly, else ignoring case) and answers the text before, the anchor as it is
 * written in the context, and the text after. When the anchor is not in the context, the whole context comes first
 * and `anchor` is empty.
 * @param context
 * @param anchorText
 * @param sideLimit
 */
export function splitAnchorInContext(
	context: string,
	anchorText: string,
	sideLimit = SIDE_LIMIT
): AnchorInContext {
	if ( anchorText === '' ) {
		return {
			before: trimEnd( context, sideLimit * 2 ),
			anchor: '',
			after: '',
		};
	}
	let at = context.indexOf( anchorText );
	if ( at < 0 ) {
		at = context
			.toLocaleLowerCase()
			.indexOf( anchorText.toLocaleLowerCase() );
	}
	if ( at < 0 ) {
		return {
			before: trimEnd( context, sideLimit * 2 ),
			anchor: '',
			after: '',
		};
	}
	return {
		before: trimStart( context.slice( 0, at ), sideLimit ),
		anchor: context.slice( at, at + anchorText.length ),
		after: trimEnd( context.slice( at + anchorText.length ), sideLimit ),
	};
}
