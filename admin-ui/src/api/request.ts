/**
 * The one place that calls apiFetch: typed answers, list totals from headers, and errors as ApiError.
 */
import apiFetch from '@wordpress/api-fetch';
import { addQueryArgs } from '@wordpress/url';

import { toApiError } from './errors';
import type { AnswerSource, ListPage, PostSuggestionState } from './types';

export const NAMESPACE = '/interlinker/v1';

export type QueryArgs = Record< string, string | number | boolean | undefined >;

function withoutEmpty(
	args: QueryArgs
): Record< string, string | number | boolean > {
	const kept: Record< string, string | number | boolean > = {};
	for ( const [ key, value ] of Object.entries( args ) ) {
		if ( value !== undefined && value !== '' ) {
			kept[ key ] = value;
		}
	}
	return kept;
}

export function pathWithArgs( path: string, args: QueryArgs = {} ): string {
	return addQueryArgs( path, withoutEmpty( args ) );
}

/**
 * A call whose JSON answer is T; rejects with an ApiError.
 * @param path
 * @param options
 * @param options.method
 * @param options.data
 * @param options.args
 */
export async function request< T >(
	path: string,
	options: {
		method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
		data?: unknown;
		args?: QueryArgs;
	} = {}
): Promise< T > {
	try {
		return await apiFetch< T >( {
			path: pathWithArgs( path, options.args ),
			method: options.method ?? 'GET',
			...( options.data === undefined ? {} : { data: options.data } ),
		} );
	} catch ( thrown ) {
		throw await toApiError( thrown );
	}
}

const POST_STATES: PostSuggestionState[] = [
	'not_eligible',
	'not_synced',
	'none_found',
];

function isPostState( value: string | null ): value is PostSuggestionState {
	return ( POST_STATES as Array< string | null > ).includes( value );
}

function headerNumber(
	response: Response,
	name: string,
	fallback: number
): number {
	const value = Number.parseInt( response.headers.get( name ) ?? '', 10 );
	return Number.isFinite( value ) ? value : fallback;
}

/**
 * Where an answer came from when not from the bridge (X-Interlinker-Source).
 * @param response
 */
export function answerSource( response: Response ): AnswerSource | null {
	return response.headers.get( 'X-Interlinker-Source' ) === 'site-records'
		? 'site-records'
		: null;
}

/**
 * A GET of one object whose answer also says where it came from (X-Interlinker-Source).
 * @param path
 */
export async function requestWithSource< T extends object >(
	path: string
): Promise< T & { source?: AnswerSource } > {
	const response = await requestResponse( path, {} );
	const data = ( await response.json() ) as T;
	const source = answerSource( response );
	return { ...data, ...( source ? { source } : {} ) };
}

/**
 * A GET whose answer is read by the caller (its headers, a file): apiFetch without parsing, errors as ApiError.
 * @param path
 * @param args
 */
async function requestResponse( path: string, args: QueryArgs ): Promise< Response > {
	try {
		return await apiFetch< Response >( {
			path: pathWithArgs( path, args ),
			parse: false,
		} );
	} catch ( thrown ) {
		throw await toApiError( thrown );
	}
}

/**
 * A GET of one page of a list route, with its totals.
 * @param path
 * @param args
 */
export async function requestPage< T >(
	path: string,
	args: QueryArgs = {}
): Promise< ListPage< T > > {
	const response = await requestResponse( path, args );
	const items = ( await response.json() ) as T[];
	const total = headerNumber( response, 'X-WP-Total', items.length );
	const postState = response.headers.get( 'X-Interlinker-Post-State' );
	const source = answerSource( response );
	return {
		items,
		total,
		totalPages: headerNumber(
			response,
			'X-WP-TotalPages',
			total > 0 ? 1 : 0
		),
		...( isPostState( postState ) ? { postState } : {} ),
		...( source ? { source } : {} ),
	};
}

/** A file a route answered (a CSV export), with its name and the answer's headers. */
export interface DownloadedFile {
	blob: Blob;
	/** From Content-Disposition; `fallbackName` when it names none. */
	filename: string;
	headers: Headers;
}

function attachmentName( response: Response ): string | null {
	const disposition = response.headers.get( 'Content-Disposition' ) ?? '';
	const match = /filename="([^"]+)"/.exec( disposition );
	return match?.[ 1 ] ?? null;
}

/**
 * A GET whose answer is a file, not JSON: through apiFetch like every call, so that the REST nonce travels in
 * X-WP-Nonce (never in an address) and errors come back as ApiError.
 * @param path
 * @param args
 * @param fallbackName
 */
export async function requestFile(
	path: string,
	args: QueryArgs,
	fallbackName: string
): Promise< DownloadedFile > {
	const response = await requestResponse( path, args );
	return {
		blob: await response.blob(),
		filename: attachmentName( response ) ?? fallbackName,
		headers: response.headers,
	};
}
