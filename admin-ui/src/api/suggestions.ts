import { NAMESPACE, type QueryArgs, request, requestPage } from './request';
import type {
	ImplementAnswer,
	ListPage,
	Suggestion,
	SuggestionStatus,
} from './types';

export interface SuggestionQuery {
	page: number;
	perPage: number;
	/** One status, or several (the plugin takes them comma-separated). */
	status?: SuggestionStatus | SuggestionStatus[];
	/** Source post. */
	postId?: number;
	orderby?: 'relevanceScore' | 'createdAt';
	order?: 'asc' | 'desc';
	/** Text the anchor or the source or target title contains. */
	search?: string;
}

/**
 * The list's filters and order as the plugin takes them: the list and its CSV export take the same.
 * @param query
 */
export function suggestionFilterArgs(
	query: Omit< SuggestionQuery, 'page' | 'perPage' >
): QueryArgs {
	return {
		status: Array.isArray( query.status )
			? query.status.join( ',' )
			: query.status,
		post_id: query.postId,
		orderby: query.orderby,
		order: query.order,
		search: query.search,
	};
}

export function fetchSuggestions(
	query: SuggestionQuery
): Promise< ListPage< Suggestion > > {
	return requestPage< Suggestion >( `${ NAMESPACE }/suggestions`, {
		page: query.page,
		per_page: query.perPage,
		...suggestionFilterArgs( query ),
	} );
}

/**
 * Asks the bridge for fresh suggestions for one post, then answers that post's suggestions.
 * @param postId
 * @param perPage
 */
export function generateSuggestions(
	postId: number,
	perPage = 100
): Promise< ListPage< Suggestion > > {
	return requestPage< Suggestion >( `${ NAMESPACE }/suggestions`, {
		post_id: postId,
		generate: 1,
		page: 1,
		per_page: perPage,
	} );
}

export function updateSuggestionStatus(
	id: string,
	status: SuggestionStatus
): Promise< Suggestion > {
	return request< Suggestion >(
		`${ NAMESPACE }/suggestions/${ encodeURIComponent( id ) }`,
		{
			method: 'PATCH',
			data: { status },
		}
	);
}

export function deleteSuggestion(
	id: string
): Promise< { success: boolean } > {
	return request< { success: boolean } >(
		`${ NAMESPACE }/suggestions/${ encodeURIComponent( id ) }`,
		{
			method: 'DELETE',
		}
	);
}

export function implementSuggestions(
	suggestionIds: string[]
): Promise< ImplementAnswer > {
	return request< ImplementAnswer >( `${ NAMESPACE }/implement`, {
		method: 'POST',
		data: { suggestionIds },
	} );
}
