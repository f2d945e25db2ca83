/**
 * The implementations table's view, its query, and its place in the address bar.
 */
import type { View } from '@wordpress/dataviews';

import type { ImplementationQuery } from '../../api/implementations';
import type { ImplementationStatus } from '../../api/types';
import type { UrlArgs } from '../../lib/url-args';
import {
	viewFromArgs,
	viewToArgs,
	type ViewUrlOptions,
} from '../../lib/view-url';

export const IMPLEMENTATION_STATUSES: ImplementationStatus[] = [
	'pending',
	'completed',
	'failed',
	'rolled_back',
];

export const DEFAULT_VIEW: View = {
	type: 'table',
	page: 1,
	perPage: 20,
	fields: [ 'status', 'posts', 'links', 'implementedAt', 'rolledBackAt' ],
	titleField: 'createdAt',
	filters: [],
	layout: {},
};

const URL_OPTIONS: ViewUrlOptions = {
	defaultView: DEFAULT_VIEW,
	statuses: IMPLEMENTATION_STATUSES,
};

function isImplementationStatus(
	value: unknown
): value is ImplementationStatus {
	return (
		typeof value === 'string' &&
		( IMPLEMENTATION_STATUSES as string[] ).includes( value )
	);
}

export function viewToQuery( view: View ): ImplementationQuery {
	const query: ImplementationQuery = {
		page: view.page ?? 1,
		perPage: view.perPage ?? 20,
	};
	const statusFilter = view.filters?.find(
		( filter ) => filter.field === 'status' && filter.operator === 'is'
	);
	if ( statusFilter && isImplementationStatus( statusFilter.value ) ) {
		query.status = statusFilter.value;
	}
	return query;
}

export function viewFromUrlArgs( args: Record< string, string > ): View {
	return viewFromArgs( args, URL_OPTIONS );
}

export function viewToUrlArgs( view: View ): UrlArgs {
	return viewToArgs( view, URL_OPTIONS );
}
