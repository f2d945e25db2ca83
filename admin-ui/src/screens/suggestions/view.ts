/**
 * The table's view (filters, sort, page) and the one function that turns it into the plugin's query.
 */
import type { View } from '@wordpress/dataviews';

import type { SuggestionQuery } from '../../api/suggestions';
import type { Suggestion, SuggestionStatus } from '../../api/types';

export const SUGGESTION_STATUSES: SuggestionStatus[] = [
	'pending',
	'approved',
	'rejected',
	'implemented',
];

export const DEFAULT_VIEW: View = {
	type: 'table',
	page: 1,
	perPage: 20,
	fields: [ 'target', 'anchor', 'relevanceScore', 'status' ],
	titleField: 'source',
	filters: [ { field: 'status', operator: 'is', value: 'pending' } ],
	sort: { field: 'relevanceScore', direction: 'desc' },
	layout: {},
};

function isSuggestionStatus( value: unknown ): value is SuggestionStatus {
	return (
		typeof value === 'string' &&
		( SUGGESTION_STATUSES as string[] ).includes( value )
	);
}

/**
 * The plugin's query for a view, optionally narrowed to one source post.
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
	if (
		view.sort &&
		( view.sort.field === 'relevanceScore' ||
			view.sort.field === 'createdAt' )
	) {
		query.orderby = view.sort.field;
		query.order = view.sort.direction;
	}
	return query;
}

/**
 * Orders the loaded page by the view's sort. The plugin passes `orderby`/`order` on to the bridge when it supports
 * them; sorting the page here as well keeps what is on screen in the order the editor chose either way.
 * @param items
 * @param sort
 */
export function sortSuggestions(
	items: Suggestion[],
	sort: View[ 'sort' ]
): Suggestion[] {
	if (
		! sort ||
		( sort.field !== 'relevanceScore' && sort.field !== 'createdAt' )
	) {
		return items;
	}
	const direction = sort.direction === 'asc' ? 1 : -1;
	const valueOf = ( item: Suggestion ): number =>
		sort.field === 'relevanceScore'
			? item.relevanceScore
			: Date.parse( item.createdAt ?? '' ) || 0;
	return [ ...items ].sort(
		( a, b ) => ( valueOf( a ) - valueOf( b ) ) * direction
	);
}
