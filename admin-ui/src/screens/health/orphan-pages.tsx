/**
 * Orphan posts: published posts no other post links to, from the link counts. Searchable by title; each can be
 * ticked, and "Find links for selected" opens the find-links dialog on the first and steps through the rest.
 */
import { Button, CheckboxControl } from '@wordpress/components';
import { useCallback, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';

import type { LinkCountQuery } from '../../api/link-counts';
import type { LinkCount } from '../../api/types';
import { ButtonRow } from '../../components/button-row';
import { Pager } from '../../components/pager';
import { PostLinks } from '../../components/post-links';
import { RemoteContent } from '../../components/remote-content';
import { useLastRemote } from '../../hooks/use-last-remote';
import { plainTitle } from '../../lib/format';
import {
	FindLinksButton,
	FindLinksDialog,
	type FindLinksTarget,
} from './find-links-dialog';
import { ListPanel } from './list-panel';
import { SearchField } from './search-field';

const PER_PAGE = 20;

function filtersFor(
	search: string
): Omit< LinkCountQuery, 'page' | 'perPage' > {
	return {
		search,
		orderby: 'title',
		order: 'asc',
		filter: 'orphans',
		linksTo: 0,
		linksFrom: 0,
	};
}

/**
 * Asking for links needs the right to edit the post: the plugin gives its edit link only then.
 * @param orphan
 */
const canAsk = ( orphan: LinkCount ) =>
	orphan.postId > 0 && orphan.editLink !== '';

const targetOf = ( orphan: LinkCount ): FindLinksTarget => ( {
	postId: orphan.postId,
	title: orphan.title,
	url: orphan.url,
} );

export function OrphanPages() {
	const [ term, setTerm ] = useState( '' );
	const [ page, setPage ] = useState( 1 );
	// Ticked orphans, kept across pages and searches in the order they were ticked.
	const [ selected, setSelected ] = useState< FindLinksTarget[] >( [] );
	const [ stepping, setStepping ] = useState< FindLinksTarget[] | null >(
		null
	);
	// SearchField needs one function for the component's life: a new one would cancel the call under way.
	const applyTerm = useCallback( ( value: string ) => {
		setTerm( value );
		setPage( 1 );
	}, [] );
	const filters = filtersFor( term );
	const remote = useLastRemote( 'getLinkCounts', {
		...filters,
		page,
		perPage: PER_PAGE,
	} );
	const isSelected = ( postId: number ) =>
		selected.some( ( target ) => target.postId === postId );
	const toggle = ( orphan: LinkCount, on: boolean ) =>
		setSelected( ( current ) =>
			on
				? [ ...current, targetOf( orphan ) ]
				: current.filter(
						( target ) => target.postId !== orphan.postId
				  )
		);
	const askable = ( remote.data?.items ?? [] ).filter( canAsk );
	const allOnPage =
		askable.length > 0 &&
		askable.every( ( orphan ) => isSelected( orphan.postId ) );
	const togglePage = ( on: boolean ) =>
		setSelected( ( current ) => {
			const others = current.filter(
				( target ) =>
					! askable.some(
						( orphan ) => orphan.postId === target.postId
					)
			);
			return on ? [ ...others, ...askable.map( targetOf ) ] : others;
		} );

	return (
		<ListPanel
			className="interlinker-orphans"
			isStale={ remote.isStale }
			title={ __( 'Orphan pages', 'interlinker' ) }
			exportFilters={ { kind: 'link-counts', query: filters } }
			description={ __(
				'No other post of the site links to these. Readers and search engines have a hard time finding them.',
				'interlinker'
			) }
		>
			<div className="interlinker-filters">
				<SearchField
					label={ __( 'Search orphan pages', 'interlinker' ) }
					onSearch={ applyTerm }
				/>
			</div>
			<ButtonRow className="interlinker-list-actions">
				<Button
					variant="primary"
					disabled={ selected.length === 0 }
					accessibleWhenDisabled
					onClick={ () => setStepping( selected ) }
				>
					{ selected.length === 0
						? __( 'Find links for selected', 'interlinker' )
						: sprintf(
								/* translators: %d: number of selected posts. */
								_n(
									'Find links for %d selected post',
									'Find links for %d selected posts',
									selected.length,
									'interlinker'
								),
								selected.length
						  ) }
				</Button>
				{ selected.length > 0 && (
					<Button
						variant="tertiary"
						onClick={ () => setSelected( [] ) }
					>
						{ __( 'Clear selection', 'interlinker' ) }
					</Button>
				) }
			</ButtonRow>
			<RemoteContent
				remote={ remote }
				loadingLabel={ __( 'Loading orphan pages…', 'interlinker' ) }
				emptyTitle={
					term
						? __( 'No orphan page matches.', 'interlinker' )
						: __(
								'No orphan pages: every page has at least one link to it.',
								'interlinker'
						  )
				}
				isEmpty={ ( data ) => data.total === 0 }
			>
				{ ( data ) => (
					<>
						{ askable.length > 0 && (
							<CheckboxControl
								__nextHasNoMarginBottom
								className="interlinker-orphans__all"
								label={ __(
									'Select all on this page',
									'interlinker'
								) }
								checked={ allOnPage }
								onChange={ togglePage }
							/>
						) }
						<ul className="interlinker-list">
							{ data.items.map( ( orphan ) => (
								<li
									key={ orphan.postId }
									className="interlinker-orphan"
								>
									{ canAsk( orphan ) && (
										<input
											type="checkbox"
											className="interlinker-orphan__check"
											aria-label={ sprintf(
												/* translators: %s: post title. */
												__(
													'Select “%s”',
													'interlinker'
												),
												plainTitle( orphan.title )
											) }
											checked={ isSelected(
												orphan.postId
											) }
											onChange={ ( event ) =>
												toggle(
													orphan,
													event.target.checked
												)
											}
										/>
									) }
									<PostLinks
										title={ orphan.title }
										url={ orphan.url }
										editLink={ orphan.editLink }
									/>
									{ canAsk( orphan ) && (
										<FindLinksButton
											target={ targetOf( orphan ) }
										/>
									) }
								</li>
							) ) }
						</ul>
						<Pager
							page={ page }
							totalPages={ data.totalPages }
							onChange={ setPage }
							label={ __( 'Orphan pages', 'interlinker' ) }
						/>
					</>
				) }
			</RemoteContent>
			{ stepping && (
				<FindLinksDialog
					targets={ stepping }
					onClose={ () => {
						setStepping( null );
						setSelected( [] );
					} }
				/>
			) }
		</ListPanel>
	);
}
