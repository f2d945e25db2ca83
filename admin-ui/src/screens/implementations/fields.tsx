/**
 * The columns of the implementations table.
 */
import type { Field } from '@wordpress/dataviews';
import { __, sprintf } from '@wordpress/i18n';

import type { Implementation, ImplementationStatus } from '../../api/types';
import { StatusBadge } from '../../components/status-badge';
import { adminScreenUrl } from '../../lib/admin-pages';
import { formatDateTime } from '../../lib/format';

export const IMPLEMENTATION_STATUS_LABELS: Record<
	ImplementationStatus,
	string
> = {
	pending: __( 'In progress', 'interlinker' ),
	completed: __( 'Completed', 'interlinker' ),
	failed: __( 'Failed', 'interlinker' ),
	rolled_back: __( 'Rolled back', 'interlinker' ),
};

export function linkCounts( implementation: Implementation ): string {
	const asked = implementation.suggestionIds.length;
	if ( ! implementation.summary ) {
		/* translators: %d: number of links. */
		return sprintf( __( '%d asked', 'interlinker' ), asked );
	}
	return sprintf(
		/* translators: 1: links inserted, 2: links that failed. */
		__( '%1$d inserted, %2$d failed', 'interlinker' ),
		implementation.summary.succeeded,
		implementation.summary.failed
	);
}

export const implementationFields: Array< Field< Implementation > > = [
	{
		id: 'createdAt',
		label: __( 'Started', 'interlinker' ),
		getValue: ( { item } ) => item.createdAt,
		render: ( { item } ) => (
			<a
				href={ adminScreenUrl( 'implementations', {
					implementation: item.id,
				} ) }
			>
				{ formatDateTime( item.createdAt ) }
			</a>
		),
		enableHiding: false,
		enableSorting: false,
	},
	{
		id: 'status',
		label: __( 'Status', 'interlinker' ),
		getValue: ( { item } ) => item.status,
		render: ( { item } ) => (
			<StatusBadge
				status={ item.status }
				label={ IMPLEMENTATION_STATUS_LABELS[ item.status ] }
			/>
		),
		elements: (
			Object.keys(
				IMPLEMENTATION_STATUS_LABELS
			) as ImplementationStatus[]
		 ).map( ( status ) => ( {
			value: status,
			label: IMPLEMENTATION_STATUS_LABELS[ status ],
		} ) ),
		filterBy: { operators: [ 'is' ], isPrimary: true },
		enableSorting: false,
	},
	{
		id: 'links',
		label: __( 'Links', 'interlinker' ),
		getValue: ( { item } ) => item.summary?.succeeded ?? 0,
		render: ( { item } ) => <span>{ linkCounts( item ) }</span>,
		enableSorting: false,
	},
	{
		id: 'implementedAt',
		label: __( 'Finished', 'interlinker' ),
		getValue: ( { item } ) => item.implementedAt ?? '',
		render: ( { item } ) => (
			<span>{ formatDateTime( item.implementedAt ) }</span>
		),
		enableSorting: false,
	},
	{
		id: 'rolledBackAt',
		label: __( 'Rolled back', 'interlinker' ),
		getValue: ( { item } ) => item.rolledBackAt ?? '',
		render: ( { item } ) => (
			<span>{ formatDateTime( item.rolledBackAt ) }</span>
		),
		enableSorting: false,
	},
];
