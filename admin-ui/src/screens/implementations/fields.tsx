/**
 * The columns of the implementations table.
 */
import type { Field } from '@wordpress/dataviews';
import { __, _n, sprintf } from '@wordpress/i18n';

import type { Implementation, ImplementationStatus } from '../../api/types';
import { StatusBadge } from '../../components/status-badge';
import { adminScreenUrl } from '../../lib/admin-pages';
import { CellLabel } from '../../components/cell-label';
import { formatDateTime, plainTitle, urlPath } from '../../lib/format';

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
	const { succeeded, failed, rolledBack = 0 } = implementation.summary;
	if ( rolledBack > 0 ) {
		return sprintf(
			/* translators: 1: links inserted, 2: links that failed, 3: links inserted then undone. */
			__( '%1$d inserted, %2$d failed, %3$d undone', 'interlinker' ),
			succeeded,
			failed,
			rolledBack
		);
	}
	return sprintf(
		/* translators: 1: links inserted, 2: links that failed. */
		__( '%1$d inserted, %2$d failed', 'interlinker' ),
		succeeded,
		failed
	);
}

/** How many posts a list row names before "and N more". */
const POSTS_SHOWN = 3;

function TouchedPosts( { implementation }: { implementation: Implementation } ) {
	const posts = implementation.posts ?? [];
	if ( posts.length === 0 ) {
		return (
			<span className="interlinker-muted">
				{ __( 'No post changed', 'interlinker' ) }
			</span>
		);
	}
	const more = posts.length - POSTS_SHOWN;
	return (
		<ul className="interlinker-touched-posts">
			{ posts.slice( 0, POSTS_SHOWN ).map( ( post ) => (
				<li key={ post.postId }>
					{ post.url ? (
						<a href={ post.url } target="_blank" rel="noreferrer">
							{ plainTitle( post.title, urlPath( post.url ) ) }
						</a>
					) : (
						plainTitle( post.title )
					) }
				</li>
			) ) }
			{ more > 0 && (
				<li>
					<a
						href={ adminScreenUrl( 'implementations', {
							implementation: implementation.id,
						} ) }
					>
						{ sprintf(
							/* translators: %d: number of posts. */
							_n(
								'and %d more post',
								'and %d more posts',
								more,
								'interlinker'
							),
							more
						) }
					</a>
				</li>
			) }
		</ul>
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
		id: 'posts',
		label: __( 'Posts', 'interlinker' ),
		getValue: ( { item } ) =>
			( item.posts ?? [] ).map( ( post ) => post.title ).join( ', ' ),
		render: ( { item } ) => (
			<>
				<CellLabel>{ __( 'Posts', 'interlinker' ) }</CellLabel>
				<TouchedPosts implementation={ item } />
			</>
		),
		enableSorting: false,
	},
	{
		id: 'links',
		label: __( 'Links', 'interlinker' ),
		getValue: ( { item } ) => item.summary?.succeeded ?? 0,
		render: ( { item } ) => (
			<>
				<CellLabel>{ __( 'Links', 'interlinker' ) }</CellLabel>
				<span>{ linkCounts( item ) }</span>
			</>
		),
		enableSorting: false,
	},
	{
		id: 'implementedAt',
		label: __( 'Finished', 'interlinker' ),
		getValue: ( { item } ) => item.implementedAt ?? '',
		render: ( { item } ) => (
			<>
				<CellLabel>{ __( 'Finished', 'interlinker' ) }</CellLabel>
				<span>{ formatDateTime( item.implementedAt ) }</span>
			</>
		),
		enableSorting: false,
	},
	{
		id: 'rolledBackAt',
		label: __( 'Rolled back', 'interlinker' ),
		getValue: ( { item } ) => item.rolledBackAt ?? '',
		render: ( { item } ) => (
			<>
				<CellLabel>{ __( 'Rolled back', 'interlinker' ) }</CellLabel>
				<span>{ formatDateTime( item.rolledBackAt ) }</span>
			</>
		),
		enableSorting: false,
	},
];
