/**
 * The parts of a DataViews table view that go into the address: the status filter, the sort and the page.
 * Args equal to the screen's default are left out, so the plain menu link and the default view are one address.
 */
import type { View } from '@wordpress/dataviews';

import { oneOf, positiveInteger, type UrlArgs } from './url-args';

/** Stands for "every status" when the default view filters by one. */
export const ALL_STATUSES = 'all';

const MAX_PER_PAGE = 100;

export interface ViewUrlOptions {
	defaultView: View;
	statuses: readonly string[];
	sortFields?: readonly string[];
}

function statusOf( view: View ): string | undefined {
	const filter = view.filters?.find(
		( candidate ) =>
			candidate.field === 'status' && candidate.operator === 'is'
	);
	return typeof filter?.value === 'string' ? filter.value : undefined;
}

/**
 * The view an address asks for; anything missing or not understood keeps its default.
 * @param args
 * @param options
 */
export function viewFromArgs(
	args: Record< string, string >,
	options: ViewUrlOptions
): View {
	const { defaultView, statuses, sortFields = [] } = options;
	const view: View = { ...defaultView };
	const status = args.status;
	if ( status === ALL_STATUSES ) {
		view.filters = [];
	} else if ( oneOf( status, statuses ) ) {
		view.filters = [ { field: 'status', operator: 'is', value: status } ];
	}
	const field = oneOf( args.orderby, sortFields );
	const direction = oneOf( args.order, [ 'asc', 'desc' ] as const );
	if ( field && direction ) {
		view.sort = { field, direction };
	}
	view.page = positiveInteger( args.paged ) ?? defaultView.page;
	view.perPage =
		positiveInteger( args.per_page, MAX_PER_PAGE ) ?? defaultView.perPage;
	return view;
}

/**
 * The args that say how a view differs from the default (undefined removes an arg).
 * @param view
 * @param options
 */
export function viewToArgs( view: View, options: ViewUrlOptions ): UrlArgs {
	const { defaultView } = options;
	const status = statusOf( view );
	const sort = view.sort;
	const sortIsDefault =
		! sort ||
		( sort.field === defaultView.sort?.field &&
			sort.direction === defaultView.sort?.direction );
	const page = view.page ?? 1;
	const perPage = view.perPage ?? defaultView.perPage;
	return {
		status:
			status === statusOf( defaultView )
				? undefined
				: status ?? ALL_STATUSES,
		orderby: sortIsDefault ? undefined : sort.field,
		order: sortIsDefault ? undefined : sort.direction,
		paged: page > 1 ? String( page ) : undefined,
		per_page:
			perPage === defaultView.perPage ? undefined : String( perPage ),
	};
}
