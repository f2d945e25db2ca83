/**
 * The posts switched to "no suggestions", for the Settings screen: loaded once, and switched back one by one.
 */
import { useCallback, useEffect, useState } from '@wordpress/element';

import type { ApiError } from '../api/errors';
import {
	fetchNoSuggestionsPosts,
	type NoSuggestionsPost,
	setNoSuggestions,
} from '../api/no-suggestions';

/** The Settings screen lists this many; the rest are counted. */
export const LISTED_POSTS = 100;

export function useNoSuggestionsPosts() {
	const [ posts, setPosts ] = useState< NoSuggestionsPost[] | null >( null );
	const [ total, setTotal ] = useState( 0 );
	const [ error, setError ] = useState< ApiError | null >( null );
	const [ removing, setRemoving ] = useState< number[] >( [] );

	const load = useCallback( () => {
		let current = true;
		setError( null );
		fetchNoSuggestionsPosts( 1, LISTED_POSTS )
			.then( ( page ) => {
				if ( current ) {
					setPosts( page.items );
					setTotal( page.total );
				}
			} )
			.catch( ( thrown: ApiError ) => current && setError( thrown ) );
		return () => {
			current = false;
		};
	}, [] );
	useEffect( load, [ load ] );

	const remove = async ( postId: number ) => {
		setRemoving( ( ids ) => [ ...ids, postId ] );
		setError( null );
		try {
			await setNoSuggestions( postId, false );
			setPosts( ( list ) =>
				( list ?? [] ).filter( ( post ) => post.id !== postId )
			);
			setTotal( ( count ) => Math.max( 0, count - 1 ) );
		} catch ( thrown ) {
			setError( thrown as ApiError );
		} finally {
			setRemoving( ( ids ) => ids.filter( ( id ) => id !== postId ) );
		}
	};

	return { posts, total, error, removing, remove, reload: load };
}
