/**
 * Stable keys for cached answers: the same arguments in any key order give the same key.
 */

function sortedEntries( value: object ): Array< [ string, unknown ] > {
	return (
		Object.entries( value )
			.filter( ( [ , entry ] ) => entry !== undefined )
			// Plain code-unit order: the same on every machine, whatever its locale.
			.sort( ( [ a ], [ b ] ) => ( a < b ? -1 : Number( a > b ) ) )
	);
}

export function queryKey( query: object = {} ): string {
	return JSON.stringify( sortedEntries( query ) );
}

/**
 * Where a resolver's failure is kept: the selector's name and its arguments.
 * @param selectorName
 * @param args
 */
export function errorKey( selectorName: string, args: unknown[] = [] ): string {
	return `${ selectorName }:${ args
		.map( ( arg ) =>
			typeof arg === 'object' && arg !== null
				? queryKey( arg )
				: String( arg )
		)
		.join( '|' ) }`;
}
