/**
 * The block editor sidebar: this post's suggestions, to approve, reject and insert without leaving the editor.
 */
import { Button, PanelBody } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { store as editorStore } from '@wordpress/editor';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { store as noticesStore } from '@wordpress/notices';

import type { Suggestion } from '../api/types';
import { AnchorContext } from '../components/anchor-context';
import {
	EmptyState,
	ErrorState,
	LoadingState,
} from '../components/request-states';
import { useRemote } from '../hooks/use-remote';
import { plainTitle, scorePercent, urlPath } from '../lib/format';
import { STATUS_LABELS } from '../screens/suggestions/fields';
import { store } from '../store';
import { insertSuggestionInEditor } from './insert-suggestion';
import {
	isWaitingForSave,
	markImplementedOnSave,
} from './mark-inserted-on-save';
import { ButtonRow } from '../components/button-row';

interface CurrentPost {
	id: number;
	title: string;
	isPublished: boolean;
}

function SuggestionCard( {
	suggestion,
	onInserted,
}: {
	suggestion: Suggestion;
	onInserted: () => void;
} ) {
	const { setSuggestionsStatus } = useDispatch( store );
	const { createErrorNotice, createSuccessNotice } =
		useDispatch( noticesStore );
	const target = plainTitle(
		suggestion.targetTitle,
		urlPath( suggestion.targetPageUrl )
	);
	const inserted = isWaitingForSave( suggestion.id );

	const insert = () => {
		if ( insertSuggestionInEditor( suggestion ) ) {
			markImplementedOnSave( suggestion );
			onInserted();
			void createSuccessNotice(
				__( 'Link inserted. Save the post to keep it.', 'interlinker' ),
				{ type: 'snackbar' }
			);
		} else {
			void createErrorNotice(
				sprintf(
					/* translators: %s: anchor text. */
					__(
						'“%s” is no longer in a paragraph of this post outside a link, so the link was not inserted.',
						'interlinker'
					),
					suggestion.anchorText
				),
				{ type: 'snackbar' }
			);
		}
	};

	return (
		<li className="interlinker-editor-suggestion">
			<p className="interlinker-editor-suggestion__target">
				{
					/* translators: %s: post title. */ sprintf(
						__( 'Link to “%s”', 'interlinker' ),
						target
					)
				}
			</p>
			<p className="interlinker-editor-suggestion__context">
				<AnchorContext
					context={ suggestion.context }
					anchorText={ suggestion.anchorText }
				/>
			</p>
			<p className="interlinker-editor-suggestion__meta">
				{ sprintf(
					/* translators: 1: status, 2: score percentage. */
					__( '%1$s · score %2$d%%', 'interlinker' ),
					STATUS_LABELS[ suggestion.status ],
					scorePercent( suggestion.relevanceScore )
				) }
			</p>
			<ButtonRow>
				{ suggestion.status === 'pending' && (
					<>
						<Button
							variant="secondary"
							size="compact"
							onClick={ () =>
								void setSuggestionsStatus(
									[ suggestion.id ],
									'approved'
								)
							}
						>
							{ __( 'Approve', 'interlinker' ) }
						</Button>
						<Button
							variant="tertiary"
							size="compact"
							onClick={ () =>
								void setSuggestionsStatus(
									[ suggestion.id ],
									'rejected'
								)
							}
						>
							{ __( 'Reject', 'interlinker' ) }
						</Button>
					</>
				) }
				{ suggestion.status === 'approved' && (
					<Button
						variant="primary"
						size="compact"
						onClick={ insert }
						disabled={ inserted }
						accessibleWhenDisabled
					>
						{ inserted
							? __( 'Inserted; save to keep', 'interlinker' )
							: __( 'Insert link', 'interlinker' ) }
					</Button>
				) }
			</ButtonRow>
		</li>
	);
}

function SuggestionList( { post }: { post: CurrentPost } ) {
	const {
		data: page,
		error,
		retry,
	} = useRemote( 'getSuggestions', {
		postId: post.id,
		status: [ 'pending', 'approved' ],
		page: 1,
		perPage: 50,
		orderby: 'relevanceScore',
		order: 'desc',
	} );
	const isGenerating = useSelect(
		( select ) => select( store ).isBusy( 'generate' ),
		[]
	);
	const { generateForPost } = useDispatch( store );
	const [ , setInsertions ] = useState( 0 );

	if ( error && error.kind !== 'not_found' ) {
		return <ErrorState error={ error } onRetry={ retry } />;
	}
	// The ones still to decide or insert, most relevant first (the plugin sorts them).
	const open = ( page?.items ?? [] ).filter(
		( item ) => item.status === 'pending' || item.status === 'approved'
	);
	return (
		<>
			{ ! page && ! error && (
				<LoadingState
					label={ __( 'Loading suggestions…', 'interlinker' ) }
				/>
			) }
			{ page && open.length === 0 && (
				<EmptyState
					title={ __(
						'No open suggestions for this post.',
						'interlinker'
					) }
				/>
			) }
			{ open.length > 0 && (
				<ul className="interlinker-editor-suggestions">
					{ open.map( ( suggestion ) => (
						<SuggestionCard
							key={ suggestion.id }
							suggestion={ suggestion }
							onInserted={ () => setInsertions( ( n ) => n + 1 ) }
						/>
					) ) }
				</ul>
			) }
			<Button
				variant="secondary"
				onClick={ () => void generateForPost( post.id, post.title ) }
				isBusy={ isGenerating }
				disabled={ isGenerating }
				accessibleWhenDisabled
			>
				{ __( 'Find new suggestions', 'interlinker' ) }
			</Button>
		</>
	);
}

export function SuggestionsPanel() {
	const post = useSelect( ( select ): CurrentPost => {
		const editor = select( editorStore ) as unknown as {
			getCurrentPostId: () => number | null;
			getEditedPostAttribute: ( name: string ) => unknown;
			getCurrentPostAttribute: ( name: string ) => unknown;
		};
		return {
			id: Number( editor.getCurrentPostId() ?? 0 ),
			title: plainTitle(
				String( editor.getEditedPostAttribute( 'title' ) ?? '' )
			),
			isPublished:
				editor.getCurrentPostAttribute( 'status' ) === 'publish',
		};
	}, [] );

	return (
		<PanelBody>
			{ post.isPublished ? (
				<SuggestionList post={ post } />
			) : (
				<EmptyState
					title={ __(
						'Suggestions come once the post is published.',
						'interlinker'
					) }
				>
					<p>
						{ __(
							'Interlinker only links published content. Publish this post, then look here again.',
							'interlinker'
						) }
					</p>
				</EmptyState>
			) }
		</PanelBody>
	);
}
