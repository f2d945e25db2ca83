/**
 * A screen's state in the address bar, so that a reload or a shared link opens the same view.
 */
import { addQueryArgs, getQueryArgs, removeQueryArgs } from '@wordpress/url';

/** Query args to write; undefined removes the arg (the screen's default needs no arg). */
export type UrlArgs = Record< string, string | undefined >;

/**
 * The plain string args of an address (arrays and nested args are not ours, so they are left out).
 * @param href
 */
export function urlArgsOf( href: string ): Record< string, string > {
	const args: Record< string, string > = {};
	for ( const [ name, value ] of Object.entries( getQueryArgs( href ) ) ) {
		if ( typeof value === 'string' ) {
			args[ name ] = value;
		}
	}
	return args;
}

/**
 * The address with `args` set or removed; every other arg (wp-admin's `page=…`) stays as it was.
 * @param href
 * @param args
 */
export function urlWithArgs( href: string, args: UrlArgs ): string {
	const removed = Object.keys( args ).filter(
		( name ) => args[ name ] === undefined
	);
	const kept: Record< string, string > = {};
	for ( const [ name, value ] of Object.entries( args ) ) {
		if ( value !== undefined ) {
			kept[ name ] = value;
		}
	}
	const without =
		removed.length > 0 ? removeQueryArgs( href, ...removed ) : href;
	return Object.keys( kept ).length > 0
		? addQueryArgs( without, kept )
		: without;
}

/**
 * A whole number from 1 to max, or undefined for anything else.
 * @param value
 * @param max
 */
export function positiveInteger(
	value: string | undefined,
	max = Number.MAX_SAFE_INTEGER
): number | undefined {
	if ( value === undefined || ! /^\d+$/.test( value ) ) {
		return undefined;
	}
	const number = Number( value );
	return number >= 1 && number <= max ? number : undefined;
}

/**
 * The value when it is one of the allowed ones, else undefined.
 * @param value
 * @param allowed
 */
export function oneOf< T extends string >(
	value: string | undefined,
	allowed: readonly T[]
): T | undefined {
	return ( allowed as readonly string[] ).includes( value ?? '' )
		? ( value as T )
		: undefined;
}
