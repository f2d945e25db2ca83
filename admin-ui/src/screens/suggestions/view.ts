/**
 * The table's view (filters, sort, page), the one function that turns it into the plugin's query, and its place in
 * the address bar.
 */
import type { View } from '@wordpress/dataviews';

import type { SuggestionQuery } from '../../api/suggestions';
import type { SuggestionStatus } from '../../api/types';
import { positiveInteger, type UrlArgs } from '../../lib/url-args';
import {
	viewFromArgs,
	viewToArgs,
	type ViewUrlOptions,
} from '../../lib/view-url';

export const SUGGESTION_STATUSES: SuggestionStatus[] = [
	'pending',
	'approved',
	'rejected',
	'implemented',
];

/** The fields the plugin sorts by, across all pages. */
export const SUGGESTION_SORT_FIELDS = [
	'relevanceScore',
	'createdAt',
] as const;
type SortField = ( typeof SUGGESTION_SORT_FIELDS )[ number ];

export const DEFAULT_VIEW: View = {
	type: 'table',
	page: 1,
	perPage: 20,
	fields: [ 'target', 'anchor', 'relevanceScore', 'status', 'review' ],
	titleField: 'source',
	filters: [ { field: 'status', operator: 'is', value: 'pending' } ],
	sort: { field: 'relevanceScore', direction: 'desc' },
	layout: {},
};

const URL_OPTIONS: ViewUrlOptions = {
	defaultView: DEFAULT_VIEW,
	statuses: SUGGESTION_STATUSES,
	sortFields: SUGGESTION_SORT_FIELDS,
};

/** The arg that names the one source post the table is narrowed to. */
const POST_ARG = 'source_post';

function isSuggestionStatus( value: unknown ): value is SuggestionStatus {
	return (
		typeof value === 'string' &&
		( SUGGESTION_STATUSES as string[] ).includes( value )
	);
}

function isSortField( value: string ): value is SortField {
	return ( SUGGESTION_SORT_FIELDS as readonly string[] ).includes( value );
}

/**
 * The plugin's query for a view, optionally narrowed to one source post. The plugin sorts across all pages, so the
 * page is shown in the order it arrives.
 * @param view
 * @param postId
 */
export function viewToQuery(
	view: View,
	postId: number | null
): SuggestionQuery {
	const query: SuggestionQuery = {
		page: view.page ?? 1,
		perPage: view.perPage ?? 20,
	};
	const statusFilter = view.filters?.find(
		( filter ) => filter.field === 'status' && filter.operator === 'is'
	);
	if ( statusFilter && isSuggestionStatus( statusFilter.value ) ) {
		query.status = statusFilter.value;
	}
	if ( postId ) {
		query.postId = postId;
	}
	if ( view.sort && isSortField( view.sort.field ) ) {
		query.orderby = view.sort.field;
		query.order = view.sort.direction;
	}
	// The bridge matches anchor text and page titles, at most 200 characters.
	const search = view.search?.trim().slice( 0, 200 ) ?? '';
	if ( search !== '' ) {
		query.search = search;
	}
	return query;
}

export interface SuggestionsLocation {
	view: View;
	/** The source post the table is narrowed to. */
	postId: number | null;
}

/**
 * What an address asks the table to show.
 * @param args
 */
export function locationFromArgs(
	args: Record< string, string >
): SuggestionsLocation {
	return {
		view: viewFromArgs( args, URL_OPTIONS ),
		postId: positiveInteger( args[ POST_ARG ] ) ?? null,
	};
}

/**
 * The args that bring the table back to this view.
 * @param location
 */
export function locationToArgs( location: SuggestionsLocation ): UrlArgs {
	return {
		...viewToArgs( location.view, URL_OPTIONS ),
		[ POST_ARG ]: location.postId ? String( location.postId ) : undefined,
	};
}
