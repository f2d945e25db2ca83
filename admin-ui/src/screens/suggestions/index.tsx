/**
 * Suggestions: review what the bridge proposes, approve or reject it, and insert the approved links.
 */
import { Button } from '@wordpress/components';
import { DataViews, type View } from '@wordpress/dataviews';
import { useEffect, useMemo, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import type { Suggestion } from '../../api/types';
import { AdminPage } from '../../components/admin-page';
import { DownloadCsvButton } from '../../components/download-csv-button';
import { PostPicker, type PickedPost } from '../../components/post-picker';
import { EmptyState, ErrorState } from '../../components/request-states';
import { useArgsInUrl } from '../../hooks/use-args-in-url';
import { usePickedPost } from '../../hooks/use-picked-post';
import { useRemote } from '../../hooks/use-remote';
import { canManageOptions } from '../../lib/admin-config';
import { urlArgsOf } from '../../lib/url-args';
import { useSuggestionActions } from './actions';
import { suggestionFields } from './fields';
import { GenerateForPost } from './generate-for-post';
import { ImplementResults } from './implement-results';
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
					'Each suggestion proposes a link from one post (the source) to another. Approve the good ones, then select them and choose “Implement selected” to insert the links. Every insertion can be rolled back from Implementations.',
					'interlinker'
				) }
			</p>
			<div className="interlinker-toolbar">
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
			{ error ? (
				<ErrorState error={ error } onRetry={ retry } />
			) : (
				<div className="interlinker-dataviews">
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
				</div>
			) }
			{ ! error && page && page.total === 0 && ! isLoading && (
				<EmptyState
					title={ __( 'No suggestions here.', 'interlinker' ) }
				>
					<p>
						{ canManageOptions()
							? __(
									'Try another status in the filter above, or use “Generate for a post”. If the site was never synced, run a full sync in Settings first.',
									'interlinker'
							  )
							: __(
									'Try another status in the filter above, or use “Generate for a post”. If there are never any suggestions, ask a site administrator to run a full sync.',
									'interlinker'
							  ) }
					</p>
				</EmptyState>
			) }
			<ImplementResults />
		</AdminPage>
	);
}
