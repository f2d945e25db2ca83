/**
 * The sidebar's "Insert ticked links": the links go in on the server, through an implementation (the site's link
 * limit, markers, audit and rollback, as from the Suggestions screen); every link an implementation put into the
 * post, whenever, can be undone alone.
 */
import { useDispatch } from '@wordpress/data';
import { useCallback, useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { store as noticesStore } from '@wordpress/notices';

import type { ApiError } from '../api/errors';
import { fetchLinksInPost, type LinkInPost, undoLinks } from '../api/link-undo';
import { implementSuggestions } from '../api/suggestions';
import type { Suggestion } from '../api/types';
import { describeError } from '../lib/error-message';
import { store } from '../store';
import {
	asApiError,
	type InsertedLine,
	linesOf,
	undoOutcome,
} from './insertion-report';
import { reloadPostContent, savePostIfEdited } from './post-in-editor';

interface ResolutionActions {
	invalidateResolutionForStoreSelector: ( selector: string ) => void;
}

/**
 * The links implementations put into the post that are still in it, loaded again on demand.
 *
 * @param postId The post being edited.
 */
function useLinksInPost( postId: number ) {
	const [ links, setLinks ] = useState< LinkInPost[] | null >( null );
	const [ error, setError ] = useState< ApiError | null >( null );
	const reload = useCallback( async () => {
		try {
			setLinks( await fetchLinksInPost( postId ) );
			setError( null );
		} catch ( thrown ) {
			setError( asApiError( thrown ) );
		}
	}, [ postId ] );
	useEffect( () => {
		void reload();
	}, [ reload ] );
	return { links, error, reload };
}

export function useLinkInsertion( postId: number ) {
	const [ lines, setLines ] = useState< InsertedLine[] >( [] );
	const [ inserting, setInserting ] = useState< Suggestion[] >( [] );
	const [ error, setError ] = useState< ApiError | null >( null );
	const [ undoing, setUndoing ] = useState< string | null >( null );
	const [ undoFailures, setUndoFailures ] = useState<
		Record< string, string >
	>( {} );
	const inPost = useLinksInPost( postId );
	const reloadLinks = inPost.reload;
	const storeActions = useDispatch( store ) as unknown as ResolutionActions;
	const { createSuccessNotice } = useDispatch( noticesStore );

	const refreshLists = useCallback( () => {
		storeActions.invalidateResolutionForStoreSelector( 'getSuggestions' );
		storeActions.invalidateResolutionForStoreSelector(
			'getImplementations'
		);
	}, [ storeActions ] );

	const insert = useCallback(
		async ( ticked: Suggestion[] ) => {
			if ( ticked.length === 0 ) {
				return;
			}
			setInserting( ticked );
			setError( null );
			try {
				await savePostIfEdited();
				const answer = await implementSuggestions(
					ticked.map( ( suggestion ) => suggestion.id )
				);
				const added = linesOf( answer, ticked );
				if ( added.some( ( line ) => line.succeeded ) ) {
					await reloadPostContent();
				}
				// Loaded before the report shows, so that the list never offers a link that is in the post already.
				await reloadLinks();
				setLines( ( current ) => [ ...added, ...current ] );
				// A snackbar is also read out: the outcome reaches those who do not see the list change.
				void createSuccessNotice(
					sprintf(
						/* translators: 1: links inserted, 2: links ticked. */
						__( '%1$d of %2$d links inserted.', 'interlinker' ),
						added.filter( ( line ) => line.succeeded ).length,
						added.length
					),
					{ type: 'snackbar' }
				);
			} catch ( thrown ) {
				setError( asApiError( thrown ) );
			} finally {
				setInserting( [] );
				refreshLists();
			}
		},
		[ refreshLists, reloadLinks, createSuccessNotice ]
	);

	const undo = useCallback(
		async ( link: LinkInPost ) => {
			setUndoing( link.suggestionId );
			setUndoFailures( ( { [ link.suggestionId ]: _gone, ...rest } ) => rest );
			try {
				await savePostIfEdited();
				const answer = await undoLinks(
					link.implementationId,
					[ link.suggestionId ],
					__( 'Undone in the block editor.', 'interlinker' )
				);
				const outcome = undoOutcome( answer, link.suggestionId );
				await reloadPostContent();
				await reloadLinks();
				if ( outcome.removed ) {
					void createSuccessNotice(
						sprintf(
							/* translators: %s: anchor text. */
							__( 'The link “%s” was removed.', 'interlinker' ),
							link.anchorText
						),
						{ type: 'snackbar' }
					);
				} else {
					setUndoFailures( ( current ) => ( {
						...current,
						[ link.suggestionId ]: outcome.reason ?? '',
					} ) );
				}
			} catch ( thrown ) {
				setUndoFailures( ( current ) => ( {
					...current,
					[ link.suggestionId ]: describeError( asApiError( thrown ) ),
				} ) );
			} finally {
				setUndoing( null );
				refreshLists();
			}
		},
		[ refreshLists, reloadLinks, createSuccessNotice ]
	);

	return {
		lines,
		inserting,
		error,
		insert,
		linksInPost: inPost.links,
		linksError: inPost.error,
		undo,
		undoing,
		undoFailures,
	};
}
