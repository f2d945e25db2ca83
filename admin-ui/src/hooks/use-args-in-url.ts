/**
 * Keeps the given args in the address bar as they change, without a new history entry or a reload.
 */
import { useEffect } from '@wordpress/element';

import { type UrlArgs, urlWithArgs } from '../lib/url-args';

type ArgEntries = Array< [ string, string | null ] >;

export function useArgsInUrl( args: UrlArgs ): void {
	// The args as one string (null standing for "remove"): the effect runs when a value changes, not for every
	// new object that says the same.
	const key = JSON.stringify(
		Object.entries( args ).map( ( [ name, value ] ) => [
			name,
			value ?? null,
		] )
	);
	useEffect( () => {
		const wanted: UrlArgs = {};
		for ( const [ name, value ] of JSON.parse( key ) as ArgEntries ) {
			wanted[ name ] = value ?? undefined;
		}
		const next = urlWithArgs( window.location.href, wanted );
		if ( next !== window.location.href ) {
			window.history.replaceState( window.history.state, '', next );
		}
	}, [ key ] );
}
