/**
 * "Links per post": every post the user may read with its inbound, internal and external links, searchable by
 * title, sortable by each count, filtered to orphans or to the posts that link to / from one post (the numbers in
 * All Posts lead here that way), and downloadable as CSV.
 */
import { Button, SelectControl } from '@wordpress/components';
import { useCallback, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import type {
	LinkCountFilter,
	LinkCountOrderby,
	LinkCountQuery,
} from '../../api/link-counts';
import type { LinkCount } from '../../api/types';
import { Pager } from '../../components/pager';
import { PostLinks } from '../../components/post-links';
import { RemoteContent } from '../../components/remote-content';
import { useArgsInUrl } from '../../hooks/use-args-in-url';
import { useLastRemote } from '../../hooks/use-last-remote';
import { usePickedPost } from '../../hooks/use-picked-post';
import { oneOf, positiveInteger, urlArgsOf } from '../../lib/url-args';
import { ListPanel } from './list-panel';
import { SearchField } from './search-field';

const PER_PAGE = 20;

const COUNT_COLUMNS: Array< {
	key: Exclude< LinkCountOrderby, 'title' >;
	label: string;
	help: string;
} > = [
	{
		key: 'inbound',
		label: __( 'Inbound', 'interlinker' ),
		help: __( 'Links to this post from your other posts', 'interlinker' ),
	},
	{
		key: 'internal',
		label: __( 'Internal', 'interlinker' ),
		help: __( 'Links in this post to pages of this site', 'interlinker' ),
	},
	{
		key: 'external',
		label: __( 'External', 'interlinker' ),
		help: __( 'Links in this post to other sites', 'interlinker' ),
	},
];

const FILTERS: Array< { value: LinkCountFilter; label: string } > = [
	{ value: 'all', label: __( 'All posts', 'interlinker' ) },
	{
		value: 'orphans',
		label: __( 'Orphans: no links to them', 'interlinker' ),
	},
];

/** The report's filters as the address holds them (the post lists' numbers link here with links_to / links_from). */
function initialQuery(): Omit< LinkCountQuery, 'page' | 'perPage' > {
	const args = urlArgsOf( window.location.href );
	return {
		search: args.links_search ?? '',
		orderby:
			oneOf( args.links_orderby, [
				'inbound',
				'internal',
				'external',
				'title',
			] as const ) ?? 'inbound',
		order: oneOf( args.links_order, [ 'asc', 'desc' ] as const ) ?? 'asc',
		filter:
			oneOf( args.links_filter, [ 'all', 'orphans' ] as const ) ?? 'all',
		linksTo: positiveInteger( args.links_to ) ?? 0,
		linksFrom: positiveInteger( args.links_from ) ?? 0,
	};
}

function SortButton( {
	column,
	label,
	help,
	query,
	onSort,
}: {
	column: LinkCountOrderby;
	label: string;
	help?: string;
	query: Omit< LinkCountQuery, 'page' | 'perPage' >;
	onSort: ( orderby: LinkCountOrderby, order: 'asc' | 'desc' ) => void;
} ) {
	const isSorted = query.orderby === column;
	// A count is read most-first on the first click, a title A to Z.
	const firstOrder = column === 'title' ? 'asc' : 'desc';
	const reversed = firstOrder === 'asc' ? 'desc' : 'asc';
	const next = isSorted && query.order === firstOrder ? reversed : firstOrder;
	return (
		<Button
			variant="link"
			className="interlinker-sort"
			onClick={ () => onSort( column, next ) }
			title={ help }
		>
			{ label }
			{ isSorted && (
				<span aria-hidden="true">
					{ query.order === 'asc' ? ' ↑' : ' ↓' }
				</span>
			) }
		</Button>
	);
}

function ariaSort(
	query: Omit< LinkCountQuery, 'page' | 'perPage' >,
	column: LinkCountOrderby
): 'ascending' | 'descending' | undefined {
	if ( query.orderby !== column ) {
		return undefined;
	}
	return query.order === 'asc' ? 'ascending' : 'descending';
}

function LinkCountRow( { row }: { row: LinkCount } ) {
	return (
		<tr>
			<th scope="row">
				<PostLinks
					title={ row.title }
					url={ row.status === 'publish' ? row.url : null }
					editLink={ row.editLink }
				/>
				{ row.status !== 'publish' && (
					<span className="interlinker-post-status">
						{ row.status === 'private'
							? __( 'Private', 'interlinker' )
							: __( 'Not published', 'interlinker' ) }
					</span>
				) }
			</th>
			{ COUNT_COLUMNS.map( ( column ) => (
				<td
					key={ column.key }
					className="interlinker-count"
					data-label={ column.label }
				>
					{ row.counted ? (
						row[ column.key ].toLocaleString()
					) : (
						<>
							<span aria-hidden="true">—</span>
							<span className="screen-reader-text">
								{ __( 'Not counted yet', 'interlinker' ) }
							</span>
						</>
					) }
				</td>
			) ) }
		</tr>
	);
}

export function LinkCounts() {
	const [ query, setQuery ] = useState( initialQuery );
	const [ page, setPage ] = useState( 1 );
	const change = ( changes: Partial< typeof query > ) => {
		setQuery( ( current ) => ( { ...current, ...changes } ) );
		setPage( 1 );
	};
	// SearchField needs one function for the component's life: a new one would cancel the call under way.
	const applySearch = useCallback( ( value: string ) => {
		setQuery( ( current ) => ( { ...current, search: value } ) );
		setPage( 1 );
	}, [] );
	useArgsInUrl( {
		links_search: query.search || undefined,
		links_orderby: query.orderby === 'inbound' ? undefined : query.orderby,
		links_order: query.order === 'asc' ? undefined : query.order,
		links_filter: query.filter === 'all' ? undefined : query.filter,
		links_to: query.linksTo > 0 ? String( query.linksTo ) : undefined,
		links_from: query.linksFrom > 0 ? String( query.linksFrom ) : undefined,
	} );
	const remote = useLastRemote( 'getLinkCounts', {
		...query,
		page,
		perPage: PER_PAGE,
	} );
	const about = query.linksTo || query.linksFrom;
	return (
		<ListPanel
			className="interlinker-link-counts"
			isStale={ remote.isStale }
			title={ __( 'Links per post', 'interlinker' ) }
			exportFilters={ { kind: 'link-counts', query } }
			description={ __(
				'Inbound: links to the post from your other published posts. Internal and external: links in the post to this site and to other sites.',
				'interlinker'
			) }
		>
			<div className="interlinker-filters">
				<SearchField
					label={ __( 'Search by title', 'interlinker' ) }
					initialValue={ query.search }
					onSearch={ applySearch }
				/>
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Show', 'interlinker' ) }
					value={ query.filter }
					options={ FILTERS }
					onChange={ ( value ) =>
						change( { filter: value as LinkCountFilter } )
					}
				/>
			</div>
			{ about > 0 && (
				<AboutPost
					query={ query }
					onClear={ () => change( { linksTo: 0, linksFrom: 0 } ) }
				/>
			) }
			<RemoteContent
				remote={ remote }
				loadingLabel={ __( 'Loading link counts…', 'interlinker' ) }
				emptyTitle={
					query.search || query.filter !== 'all' || about
						? __( 'No posts match.', 'interlinker' )
						: __( 'No posts to count yet.', 'interlinker' )
				}
				isEmpty={ ( data ) => data.total === 0 }
			>
				{ ( data ) => (
					<>
						<table className="widefat striped interlinker-table interlinker-link-counts__table">
							<caption className="screen-reader-text">
								{ __( 'Links per post', 'interlinker' ) }
							</caption>
							<thead>
								<tr>
									<th
										scope="col"
										aria-sort={ ariaSort( query, 'title' ) }
									>
										<SortButton
											column="title"
											label={ __(
												'Post',
												'interlinker'
											) }
											query={ query }
											onSort={ ( orderby, order ) =>
												change( { orderby, order } )
											}
										/>
									</th>
									{ COUNT_COLUMNS.map( ( column ) => (
										<th
											scope="col"
											key={ column.key }
											className="interlinker-count"
											aria-sort={ ariaSort(
												query,
												column.key
											) }
										>
											<SortButton
												column={ column.key }
												label={ column.label }
												help={ column.help }
												query={ query }
												onSort={ ( orderby, order ) =>
													change( {
														orderby,
														order,
													} )
												}
											/>
										</th>
									) ) }
								</tr>
							</thead>
							<tbody>
								{ data.items.map( ( row ) => (
									<LinkCountRow
										key={ row.postId }
										row={ row }
									/>
								) ) }
							</tbody>
						</table>
						<Pager
							page={ page }
							totalPages={ data.totalPages }
							onChange={ setPage }
							label={ __( 'Links per post', 'interlinker' ) }
						/>
					</>
				) }
			</RemoteContent>
		</ListPanel>
	);
}

/**
 * "Posts that link to …": the report narrowed to one post's links, and the way back to every post.
 * @param root0
 * @param root0.query
 * @param root0.onClear
 */
function AboutPost( {
	query,
	onClear,
}: {
	query: Omit< LinkCountQuery, 'page' | 'perPage' >;
	onClear: () => void;
} ) {
	const [ post ] = usePickedPost( query.linksTo || query.linksFrom );
	const name = post?.title ?? '';
	return (
		<div className="interlinker-about-post">
			<p>
				{ query.linksTo
					? sprintf(
							/* translators: %s: post title. */
							__( 'Posts that link to “%s”', 'interlinker' ),
							name
					  )
					: sprintf(
							/* translators: %s: post title. */
							__( 'Posts that “%s” links to', 'interlinker' ),
							name
					  ) }
			</p>
			<Button variant="secondary" size="compact" onClick={ onClear }>
				{ __( 'Show every post', 'interlinker' ) }
			</Button>
		</div>
	);
}
