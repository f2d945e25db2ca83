/**
 * Links inserted from the sidebar become "implemented" only when the post is saved with them: until then the editor
 * may still undo them or leave without saving.
 */
import { dispatch, select, subscribe } from '@wordpress/data';
import { store as editorStore } from '@wordpress/editor';

import type { Suggestion } from '../api/types';
import { store } from '../store';

interface EditorSelectors {
	isSavingPost: () => boolean;
	isAutosavingPost: () => boolean;
	didPostSaveRequestSucceed: () => boolean;
	getEditedPostContent: () => string;
}

const waiting = new Map< string, Suggestion >();

export function markImplementedOnSave( suggestion: Suggestion ): void {
	waiting.set( suggestion.id, suggestion );
}

export function isWaitingForSave( suggestionId: string ): boolean {
	return waiting.has( suggestionId );
}

function linkIsSaved( content: string, suggestion: Suggestion ): boolean {
	// The editor writes hrefs with & as &amp;; compare the way it serialises them.
	return (
		content.includes(
			`href="${ suggestion.targetPageUrl.replace( /&/g, '&amp;' ) }"`
		) && content.includes( suggestion.anchorText )
	);
}

export function watchSaves(): void {
	let wasSaving = false;
	subscribe( () => {
		const editor = select( editorStore ) as unknown as EditorSelectors;
		const isSaving = editor.isSavingPost() && ! editor.isAutosavingPost();
		if (
			wasSaving &&
			! isSaving &&
			editor.didPostSaveRequestSucceed() &&
			waiting.size > 0
		) {
			const content = editor.getEditedPostContent();
			const saved = [ ...waiting.values() ].filter( ( suggestion ) =>
				linkIsSaved( content, suggestion )
			);
			waiting.clear();
			if ( saved.length > 0 ) {
				void dispatch( store ).setSuggestionsStatus(
					saved.map( ( suggestion ) => suggestion.id ),
					'implemented'
				);
			}
		}
		wasSaving = isSaving;
	}, editorStore );
}
