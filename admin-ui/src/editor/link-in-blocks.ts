/**
 * Turns an anchor into a link inside the post being edited, the way the editor's own link button would: the change is
 * an ordinary block edit, so it can be undone with Ctrl+Z and is saved (with a revision) when the post is saved.
 */
import { applyFormat, create, toHTMLString } from '@wordpress/rich-text';
import type { RichTextValue } from '@wordpress/rich-text';

import { findLinkableAnchor } from '../lib/anchor-placement';

export interface BlockLike {
	clientId: string;
	name: string;
	attributes: Record< string, unknown >;
	innerBlocks: BlockLike[];
}

/** Blocks whose `content` is running text. Headings are left out on purpose: links never go into headings. */
const TEXT_BLOCKS = new Set( [ 'core/paragraph', 'core/list-item' ] );

function htmlOf( content: unknown ): string {
	if ( typeof content === 'string' ) {
		return content;
	}
	// Since WordPress 6.5 rich-text attributes are RichTextData objects, whose string form is their HTML.
	return content === null || content === undefined ? '' : String( content );
}

function* textBlocks( blocks: BlockLike[] ): Generator< BlockLike > {
	for ( const block of blocks ) {
		if ( TEXT_BLOCKS.has( block.name ) ) {
			yield block;
		}
		yield* textBlocks( block.innerBlocks );
	}
}

/**
 * The first text block where the anchor can become a link, with that block's new content; null when none.
 * @param blocks
 * @param anchor
 * @param url
 */
export function linkAnchorInBlocks(
	blocks: BlockLike[],
	anchor: string,
	url: string
): { clientId: string; content: string } | null {
	for ( const block of textBlocks( blocks ) ) {
		const value = create( { html: htmlOf( block.attributes.content ) } );
		const start = findLinkableAnchor( value.text, value.formats, anchor );
		if ( start !== null ) {
			// The published format type lacks `attributes`, which link formats carry at run time.
			const link = {
				type: 'core/link',
				attributes: { url },
			} as RichTextValue[ 'formats' ][ number ][ number ];
			const linked = applyFormat(
				value,
				link,
				start,
				start + anchor.length
			);
			return {
				clientId: block.clientId,
				content: toHTMLString( { value: linked } ),
			};
		}
	}
	return null;
}
