/**
 * The sidebar's "Insert ticked links": the links go in on the server, through an implementation (the site's link
 * limit, markers, audit and rollback, as from the Suggestions screen), and each can be undone alone.
 */
import { useDispatch } from '@wordpress/data';
import { useCallback, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { store as noticesStore } from '@wordpress/notices';

import type { ApiError } from '../api/errors';
import { undoLinks } from '../api/link-undo';
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

export function useLinkInsertion() {
	const [ lines, setLines ] = useState< InsertedLine[] >( [] );
	const [ inserting, setInserting ] = useState< Suggestion[] >( [] );
	const [ error, setError ] = useState< ApiError | null >( null );
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
		[ refreshLists, createSuccessNotice ]
	);

	const setUndo = ( line: InsertedLine, changes: Partial< InsertedLine > ) =>
		setLines( ( current ) =>
			current.map( ( one ) =>
				one.suggestion.id === line.suggestion.id &&
				one.implementationId === line.implementationId
					? { ...one, ...changes }
					: one
			)
		);

	const undo = useCallback(
		async ( line: InsertedLine ) => {
			setUndo( line, { undo: 'undoing', reason: null } );
			try {
				await savePostIfEdited();
				const answer = await undoLinks(
					line.implementationId,
					[ line.suggestion.id ],
					__( 'Undone in the block editor.', 'interlinker' )
				);
				const outcome = undoOutcome( answer, line.suggestion.id );
				await reloadPostContent();
				setUndo( line, {
					undo: outcome.removed ? 'undone' : 'failed',
					reason: outcome.reason,
				} );
				if ( outcome.removed ) {
					void createSuccessNotice(
						sprintf(
							/* translators: %s: anchor text. */
							__( 'The link “%s” was removed.', 'interlinker' ),
							line.suggestion.anchorText
						),
						{ type: 'snackbar' }
					);
				}
			} catch ( thrown ) {
				setUndo( line, {
					undo: 'failed',
					reason: describeError( asApiError( thrown ) ),
				} );
			} finally {
				refreshLists();
			}
		},
		[ refreshLists, createSuccessNotice ]
	);

	return {
		lines,
		inserting,
		error,
		insert,
		undo,
		isUndoing: lines.some( ( line ) => line.undo === 'undoing' ),
	};
}
