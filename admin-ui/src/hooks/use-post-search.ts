/**
 * Posts whose title matches what the editor types, for the post pickers (searched through the core search route).
 */
import { useDebounce } from '@wordpress/compose';
import { useEffect, useState } from '@wordpress/element';

import { searchPosts } from '../api/posts';
import type { PostSearchResult } from '../api/types';

export function usePostSearch( search: string ): {
	results: PostSearchResult[];
	isSearching: boolean;
} {
	const [ results, setResults ] = useState< PostSearchResult[] >( [] );
	const [ isSearching, setSearching ] = useState( false );
	const [ term, setTerm ] = useState( search );
	const debouncedSetTerm = useDebounce( setTerm, 250 );

	useEffect( () => {
		debouncedSetTerm( search );
	}, [ search, debouncedSetTerm ] );

	useEffect( () => {
		let current = true;
		setSearching( true );
		searchPosts( term, [] )
			.then( ( found ) => current && setResults( found ) )
			.catch( () => current && setResults( [] ) )
			.finally( () => current && setSearching( false ) );
		return () => {
			current = false;
		};
	}, [ term ] );

	return { results, isSearching };
}
