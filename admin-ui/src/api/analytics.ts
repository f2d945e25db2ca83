import { NAMESPACE, request, requestPage } from './request';
import type { RestDateRange } from './rest-types';
import type {
	AnalyticsSummary,
	BrokenLink,
	InboundBucket,
	ListPage,
	OrphanPage,
	TimeseriesPoint,
} from './types';

/** Inclusive days, YYYY-MM-DD: the screens always send both. */
export type DateRange = Required< RestDateRange >;

export interface PageQuery {
	page: number;
	perPage: number;
}

export function fetchAnalytics(
	range: DateRange
): Promise< AnalyticsSummary > {
	return request< AnalyticsSummary >( `${ NAMESPACE }/analytics`, {
		args: { ...range },
	} );
}

export function fetchTimeseries(
	range: DateRange
): Promise< TimeseriesPoint[] > {
	return request< TimeseriesPoint[] >(
		`${ NAMESPACE }/analytics/timeseries`,
		{ args: { ...range } }
	);
}

export function fetchOrphans(
	query: PageQuery
): Promise< ListPage< OrphanPage > > {
	return requestPage< OrphanPage >( `${ NAMESPACE }/analytics/orphans`, {
		page: query.page,
		per_page: query.perPage,
	} );
}

export function fetchBrokenLinks(
	query: PageQuery
): Promise< ListPage< BrokenLink > > {
	return requestPage< BrokenLink >( `${ NAMESPACE }/analytics/broken-links`, {
		page: query.page,
		per_page: query.perPage,
	} );
}

export async function fetchInboundLinks(): Promise< InboundBucket[] > {
	const answer = await request<
		{ buckets: InboundBucket[] } | InboundBucket[]
	>( `${ NAMESPACE }/analytics/inbound-links` );
	// The bridge wraps the buckets in an object; accept a bare array too.
	return Array.isArray( answer ) ? answer : answer.buckets;
}
