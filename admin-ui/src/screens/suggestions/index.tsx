/**
 * Suggestions: review what the bridge proposes and insert the good links straight from the pending list (inserting
 * approves), or reject them.
 */
import { Button } from '@wordpress/components';
import { DataViews, type View } from '@wordpress/dataviews';
import { useEffect, useMemo, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import type { Suggestion } from '../../api/types';
import { AdminPage } from '../../components/admin-page';
import { DownloadCsvButton } from '../../components/download-csv-button';
import { PostPicker, type PickedPost } from '../../components/post-picker';
import { ErrorState } from '../../components/request-states';
import { useArgsInUrl } from '../../hooks/use-args-in-url';
import { usePickedPost } from '../../hooks/use-picked-post';
import { useRemote } from '../../hooks/use-remote';
import { urlArgsOf } from '../../lib/url-args';
import { useSuggestionActions } from './actions';
import { SCORE_MEANING, suggestionFields } from './fields';
import { GenerateForPost } from './generate-for-post';
import { ImplementResults } from './implement-results';
import { hasNarrowingFilters, NoSuggestions } from './no-suggestions';
import { SelectionReviewBar } from './review-buttons';
import { locationFromArgs, locationToArgs, viewToQuery } from './view';

const DEFAULT_LAYOUTS = { table: {} };

export function SuggestionsScreen() {
	// The address holds the view, so a reload or a shared link shows the same table.
	const [ initial ] = useState( () =>
		locationFromArgs( urlArgsOf( window.location.href ) )
	);
	const [ view, setView ] = useState< View >( initial.view );
	const [ post, setPost ] = usePickedPost( initial.postId );
	const [ selection, setSelection ] = useState< string[] >( [] );
	const postId = post?.id ?? null;
	useArgsInUrl( locationToArgs( { view, postId } ) );
	const query = useMemo(
		() => viewToQuery( view, postId ),
		[ view, postId ]
	);
	const exportFilters = useMemo(
		() => ( { kind: 'suggestions' as const, query } ),
		[ query ]
	);
	const {
		data: page,
		isLoading,
		error,
		retry,
	} = useRemote( 'getSuggestions', query );
	const actions = useSuggestionActions();

	// A page past the end (the last rows were handled, or an old link): show the last page there is.
	const lastPage = page?.totalPages ?? 0;
	useEffect( () => {
		if ( lastPage > 0 && ( view.page ?? 1 ) > lastPage ) {
			setView( ( current ) => ( { ...current, page: lastPage } ) );
		}
	}, [ lastPage, view.page ] );

	const showPost = ( picked: PickedPost | null ) => {
		setPost( picked );
		setView( ( current ) => ( { ...current, page: 1 } ) );
	};

	const showNewSuggestionsOf = ( picked: PickedPost ) => {
		setPost( picked );
		setView( ( current ) => ( {
			...current,
			page: 1,
			filters: [ { field: 'status', operator: 'is', value: 'pending' } ],
		} ) );
	};

	const firstRow = ( ( view.page ?? 1 ) - 1 ) * ( view.perPage ?? 20 ) + 1;
	const isEmpty = ! error && page !== null && page.total === 0 && ! isLoading;

	return (
		<AdminPage
			title={ __( 'Link suggestions', 'interlinker' ) }
			actions={
				<>
					<GenerateForPost onGenerated={ showNewSuggestionsOf } />
					<DownloadCsvButton filters={ exportFilters } />
				</>
			}
		>
			<p className="interlinker-intro">
				{ __(
					'Each suggestion proposes a link from one post (the source) to another. Choose “Insert link” to put a good one into its post, or tick several and choose “Insert selected links”. Every insertion can be undone from Implementations, one link at a time or all together.',
					'interlinker'
				) }
			</p>
			{ error ? (
				<ErrorState error={ error } onRetry={ retry } />
			) : (
				<div className="interlinker-dataviews interlinker-suggestions">
					<div className="interlinker-card-toolbar">
						<PostPicker
							label={ __(
								'Only suggestions in this post',
								'interlinker'
							) }
							help={ __(
								'Leave empty to see every post.',
								'interlinker'
							) }
							value={ post }
							onChange={ showPost }
						/>
						{ post && (
							<Button
								variant="tertiary"
								onClick={ () => showPost( null ) }
							>
								{
									/* translators: %s: post title. */ sprintf(
										__(
											'Show all posts instead of “%s”',
											'interlinker'
										),
										post.title
									)
								}
							</Button>
						) }
					</div>
					<SelectionReviewBar
						items={ page?.items ?? [] }
						selection={ selection }
						onDone={ () => setSelection( [] ) }
						firstRow={ firstRow }
						total={ page?.total ?? 0 }
					/>
					<p className="interlinker-score-legend">
						{ SCORE_MEANING }
					</p>
					<DataViews< Suggestion >
						view={ view }
						onChangeView={ setView }
						fields={ suggestionFields }
						actions={ actions }
						data={ page?.items ?? [] }
						isLoading={ isLoading && ! page }
						paginationInfo={ {
							totalItems: page?.total ?? 0,
							totalPages: page?.totalPages ?? 0,
						} }
						defaultLayouts={ DEFAULT_LAYOUTS }
						selection={ selection }
						onChangeSelection={ setSelection }
						searchLabel={ __(
							'Search anchors and titles',
							'interlinker'
						) }
					/>
					{ isEmpty && (
						<NoSuggestions
							post={ post }
							postState={ page?.postState ?? null }
							hasOtherFilters={ hasNarrowingFilters( view ) }
						/>
					) }
				</div>
			) }
			<ImplementResults />
		</AdminPage>
	);
}
