/**
 * The post open in the block editor, as the plugin's routes change it on the server: saved before they read it, and
 * loaded again after they wrote it, so that the editor shows their links and its next save keeps them.
 */
import { dispatch, resolveSelect, select } from '@wordpress/data';
import { store as editorStore } from '@wordpress/editor';
import { __ } from '@wordpress/i18n';

import type { ApiError } from '../api/errors';

// By name: @wordpress/core-data is not among the packages this UI builds with, and the editor page always has it.
const CORE = 'core';

interface EditorSelectors {
	getCurrentPostId: () => number | null;
	getCurrentPostType: () => string;
	isEditedPostDirty: () => boolean;
	isSavingPost: () => boolean;
	didPostSaveRequestSucceed: () => boolean;
}
interface EditorActions {
	savePost: () => Promise< void >;
}
interface CoreActions {
	invalidateResolution: ( selector: string, args: unknown[] ) => void;
	editEntityRecord: (
		kind: string,
		name: string,
		id: number,
		edits: Record< string, unknown >,
		options?: { undoIgnore?: boolean }
	) => void;
}
interface CoreResolvers {
	getEntityRecord: (
		kind: string,
		name: string,
		id: number
	) => Promise< unknown >;
}

function editor(): EditorSelectors {
	return select( editorStore ) as unknown as EditorSelectors;
}

/** An ApiError for a save the editor could not make (its own notice says why). */
function saveFailed(): ApiError {
	return {
		kind: 'unknown',
		code: 'interlinker_editor_save_failed',
		message: __(
			'The post could not be saved, so nothing was changed. Save it, then try again.',
			'interlinker'
		),
		status: null,
		resetAt: null,
		retryAfterSeconds: null,
	};
}

/**
 * Saves the post when it has unsaved edits (the server changes what is stored, and would drop them otherwise);
 * rejects with an ApiError when the save fails.
 */
export async function savePostIfEdited(): Promise< void > {
	if ( ! editor().isEditedPostDirty() && ! editor().isSavingPost() ) {
		return;
	}
	await ( dispatch( editorStore ) as unknown as EditorActions ).savePost();
	if ( ! editor().didPostSaveRequestSucceed() ) {
		throw saveFailed();
	}
}

/**
 * Loads the stored post again and drops the editor's copy of its blocks, so that the editor parses the stored
 * content anew: the links the server inserted or removed show, and nothing is left to be saved.
 */
export async function reloadPostContent(): Promise< void > {
	const postType = editor().getCurrentPostType();
	const postId = Number( editor().getCurrentPostId() ?? 0 );
	const core = dispatch( CORE ) as unknown as CoreActions;
	core.invalidateResolution( 'getEntityRecord', [
		'postType',
		postType,
		postId,
	] );
	await ( resolveSelect( CORE ) as unknown as CoreResolvers ).getEntityRecord(
		'postType',
		postType,
		postId
	);
	// Cleared edits are removed, not stored: the editor reads the received record's content and parses its blocks.
	core.editEntityRecord(
		'postType',
		postType,
		postId,
		{ blocks: undefined, content: undefined, selection: undefined },
		{ undoIgnore: true }
	);
}
