/**
 * The site's categories, for the exclusions field.
 */
import { useEffect, useState } from '@wordpress/element';

import { fetchCategories } from '../api/posts';
import type { Category } from '../api/types';

export function useCategories(): Category[] {
	const [ categories, setCategories ] = useState< Category[] >( [] );
	useEffect( () => {
		let current = true;
		fetchCategories()
			.then( ( found ) => current && setCategories( found ) )
			.catch( () => current && setCategories( [] ) );
		return () => {
			current = false;
		};
	}, [] );
	return categories;
}
