/**
 * Stands in for the plugin's REST routes at apiFetch's fetch handler, the one seam between the admin UI and
 * WordPress, so store tests run without a server. The browser tests in test/ui use the real plugin.
 */
import apiFetch from '@wordpress/api-fetch';

export interface RouteCall {
	method: string;
	path: string;
	query: URLSearchParams;
	data: unknown;
}

export interface RouteAnswer {
	status?: number;
	body: unknown;
	headers?: Record< string, string >;
}

export type RouteHandler = (
	call: RouteCall
) => RouteAnswer | Promise< RouteAnswer >;

export function wpError(
	status: number,
	code: string,
	message: string,
	data: Record< string, unknown > = {}
): RouteAnswer {
	return { status, body: { code, message, data: { status, ...data } } };
}

/**
 * Routes every apiFetch call to `handle`; answers like WordPress does (parsed JSON, or a Response for parse: false).
 * @param handle
 */
export function servePluginRoutes( handle: RouteHandler ): RouteCall[] {
	const calls: RouteCall[] = [];
	apiFetch.setFetchHandler( async ( options ) => {
		const url = new URL( options.path ?? '/', 'http://site.test' );
		const call: RouteCall = {
			method: options.method ?? 'GET',
			path: url.pathname,
			query: url.searchParams,
			data: options.data,
		};
		calls.push( call );
		const answer = await handle( call );
		const status = answer.status ?? 200;
		const response = new Response( JSON.stringify( answer.body ), {
			status,
			headers: { 'Content-Type': 'application/json', ...answer.headers },
		} );
		if ( status >= 400 ) {
			throw options.parse === false ? response : answer.body;
		}
		return options.parse === false ? response : answer.body;
	} );
	return calls;
}
