/**
 * The exclusion fields as the editor types them, and as the settings store them.
 */
import type { Category } from '../../api/types';

type Token = string | { value: string };

const tokenText = ( token: Token ) =>
	typeof token === 'string' ? token : token.value;

export function categoryNamesFromIds(
	ids: number[],
	categories: Category[]
): string[] {
	return ids.flatMap( ( id ) => {
		const category = categories.find(
			( candidate ) => candidate.id === id
		);
		return category ? [ category.name ] : [];
	} );
}

export function categoryIdsFromNames(
	tokens: Token[],
	categories: Category[]
): number[] {
	const ids = tokens.flatMap( ( token ) => {
		const category = categories.find(
			( candidate ) => candidate.name === tokenText( token )
		);
		return category ? [ category.id ] : [];
	} );
	return [ ...new Set( ids ) ];
}

/**
 * "shop" and "/shop" both mean the prefix "/shop/"; blanks and repeats go.
 * @param paths
 */
export function normalisePathPrefixes( paths: string[] ): string[] {
	const normalised = paths
		.map( ( path ) => path.trim() )
		.filter( ( path ) => path !== '' && path !== '/' )
		.map( ( path ) => {
			const withLeading = path.startsWith( '/' ) ? path : `/${ path }`;
			return withLeading.endsWith( '/' )
				? withLeading
				: `${ withLeading }/`;
		} );
	return [ ...new Set( normalised ) ];
}
