/**
 * Inserts an approved suggestion's link into the post open in the block editor, and remembers it so that it is
 * marked implemented once the post is saved with the link in it.
 */
import { dispatch, select } from '@wordpress/data';

import type { Suggestion } from '../api/types';
import { linkAnchorInBlocks, type BlockLike } from './link-in-blocks';

// By name: @wordpress/block-editor publishes no types, and the editor page always has this store.
const BLOCK_EDITOR = 'core/block-editor';

interface BlockEditorSelectors {
	getBlocks: () => BlockLike[];
}
interface BlockEditorActions {
	updateBlockAttributes: (
		clientId: string,
		attributes: Record< string, unknown >
	) => void;
	selectBlock: ( clientId: string ) => void;
}

/**
 * True when the link went in; false when the anchor is no longer in the post's text outside links.
 * @param suggestion
 */
export function insertSuggestionInEditor( suggestion: Suggestion ): boolean {
	const blocks = (
		select( BLOCK_EDITOR ) as unknown as BlockEditorSelectors
	 ).getBlocks();
	const change = linkAnchorInBlocks(
		blocks,
		suggestion.anchorText,
		suggestion.targetPageUrl
	);
	if ( ! change ) {
		return false;
	}
	const actions = dispatch( BLOCK_EDITOR ) as unknown as BlockEditorActions;
	actions.updateBlockAttributes( change.clientId, {
		content: change.content,
	} );
	actions.selectBlock( change.clientId );
	return true;
}
