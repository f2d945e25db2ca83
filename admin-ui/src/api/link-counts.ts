/**
 * The links-per-post report (GET /link-counts) and the full count behind it (/link-counts/progress).
 */
import { NAMESPACE, type QueryArgs, request, requestPage } from './request';
import type { RestLinkCountQuery } from './rest-types';
import type { LinkCount, LinkCountProgress, ListPage } from './types';

export type LinkCountOrderby = NonNullable< RestLinkCountQuery[ 'orderby' ] >;
export type LinkCountFilter = NonNullable< RestLinkCountQuery[ 'filter' ] >;

export interface LinkCountQuery {
	search: string;
	orderby: LinkCountOrderby;
	order: 'asc' | 'desc';
	filter: LinkCountFilter;
	/** Only the posts that link to this post (0: any). */
	linksTo: number;
	/** Only the posts this post links to (0: any). */
	linksFrom: number;
	page: number;
	perPage: number;
}

/**
 * The route's args for a query's filters and order (the list and its CSV export take the same).
 * @param query
 */
export function linkCountArgs(
	query: Omit< LinkCountQuery, 'page' | 'perPage' >
): QueryArgs {
	return {
		search: query.search.trim(),
		orderby: query.orderby,
		order: query.order,
		filter: query.filter === 'all' ? undefined : query.filter,
		links_to: query.linksTo > 0 ? query.linksTo : undefined,
		links_from: query.linksFrom > 0 ? query.linksFrom : undefined,
	};
}

export function fetchLinkCounts(
	query: LinkCountQuery
): Promise< ListPage< LinkCount > > {
	return requestPage< LinkCount >( `${ NAMESPACE }/link-counts`, {
		...linkCountArgs( query ),
		page: query.page,
		per_page: query.perPage,
	} );
}

export function fetchLinkCountProgress(): Promise< LinkCountProgress > {
	return request< LinkCountProgress >(
		`${ NAMESPACE }/link-counts/progress`
	);
}

/** Counts the next batch of posts (a bounded amount of work) and answers how far the count is. */
export function countNextBatch(): Promise< LinkCountProgress > {
	return request< LinkCountProgress >(
		`${ NAMESPACE }/link-counts/progress`,
		{ method: 'POST' }
	);
}
