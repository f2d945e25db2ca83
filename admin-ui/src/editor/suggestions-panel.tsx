/**
 * The block editor sidebar: this post's suggestions, ticked and inserted as links on the server (an implementation,
 * as from the Suggestions screen), each inserted link with its own Undo; and the post's "no suggestions" switch.
 */
import {
	Button,
	CheckboxControl,
	PanelBody,
	Spinner,
	ToggleControl,
} from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { store as editorStore } from '@wordpress/editor';
import { useEffect, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';

import type { LinkInPost } from '../api/link-undo';
import { NO_SUGGESTIONS_META_KEY } from '../api/no-suggestions';
import type { Suggestion } from '../api/types';
import { AnchorContext } from '../components/anchor-context';
import { ButtonRow } from '../components/button-row';
import {
	EmptyState,
	ErrorState,
	LoadingState,
} from '../components/request-states';
import { useRemote } from '../hooks/use-remote';
import { plainTitle, scorePercent, urlPath } from '../lib/format';
import { STATUS_LABELS } from '../screens/suggestions/fields';
import type { InsertedLine } from './insertion-report';
import { useLinkInsertion } from './link-insertion';
import { useFindSuggestions } from './new-suggestions';
import { NotSetUpNotice } from './not-set-up';

interface CurrentPost {
	id: number;
	isPublished: boolean;
	noSuggestions: boolean;
}

/** While the list is empty, background generation may still fill it: look again this often, this many times. */
const EMPTY_RECHECK_MS = 10_000;
const EMPTY_RECHECKS = 6;

function targetTitle( suggestion: Suggestion ): string {
	return plainTitle(
		suggestion.targetTitle,
		urlPath( suggestion.targetPageUrl )
	);
}

function SuggestionItem( {
	suggestion,
	ticked,
	disabled,
	onChange,
}: {
	suggestion: Suggestion;
	ticked: boolean;
	disabled: boolean;
	onChange: ( ticked: boolean ) => void;
} ) {
	return (
		<li className="interlinker-editor-suggestion">
			<CheckboxControl
				__nextHasNoMarginBottom
				className="interlinker-editor-suggestion__target"
				label={ sprintf(
					/* translators: %s: post title. */
					__( 'Link to “%s”', 'interlinker' ),
					targetTitle( suggestion )
				) }
				checked={ ticked }
				disabled={ disabled }
				onChange={ onChange }
			/>
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
		</li>
	);
}

function InsertedLineItem( {
	line,
	undone,
}: {
	line: InsertedLine;
	/** Inserted, and no longer in the post (undone, or taken out since). */
	undone: boolean;
} ) {
	let status = __( 'Not inserted', 'interlinker' );
	if ( line.succeeded ) {
		status = undone
			? __( 'Inserted, then undone', 'interlinker' )
			: __( 'Inserted', 'interlinker' );
	}
	return (
		<li
			className={ `interlinker-editor-result interlinker-editor-result--${
				line.succeeded ? 'ok' : 'failed'
			}` }
		>
			<span className="interlinker-editor-result__status">
				{ status }
			</span>{ ' ' }
			<span className="interlinker-editor-result__what">
				{ sprintf(
					/* translators: 1: anchor text, 2: target post title. */
					__( '“%1$s” → %2$s', 'interlinker' ),
					line.suggestion.anchorText,
					targetTitle( line.suggestion )
				) }
			</span>
			{ line.reason && (
				<span className="interlinker-editor-result__reason">
					{ line.reason }
				</span>
			) }
		</li>
	);
}

function LinkInPostItem( {
	link,
	target,
	undoing,
	failure,
	disabled,
	onUndo,
}: {
	link: LinkInPost;
	/** The target's title when the sidebar knows it, else its path. */
	target: string;
	undoing: boolean;
	failure: string | undefined;
	disabled: boolean;
	onUndo: () => void;
} ) {
	return (
		<li
			className={ `interlinker-editor-result interlinker-editor-result--${
				failure === undefined ? 'ok' : 'failed'
			}` }
		>
			<span className="interlinker-editor-result__what">
				{ sprintf(
					/* translators: 1: anchor text, 2: target post title or address. */
					__( '“%1$s” → %2$s', 'interlinker' ),
					link.anchorText,
					target
				) }
			</span>
			{ undoing ? (
				<span className="interlinker-editor-result__busy" role="status">
					<Spinner />
					{ __( 'Removing the link…', 'interlinker' ) }
				</span>
			) : (
				<Button
					variant="link"
					onClick={ onUndo }
					disabled={ disabled }
					accessibleWhenDisabled
					label={ sprintf(
						/* translators: %s: anchor text. */
						__( 'Undo the link “%s”', 'interlinker' ),
						link.anchorText
					) }
					showTooltip={ false }
				>
					{ __( 'Undo', 'interlinker' ) }
				</Button>
			) }
			{ failure !== undefined && (
				<span className="interlinker-editor-result__reason">
					{ failure ||
						__( 'The link could not be removed.', 'interlinker' ) }
				</span>
			) }
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
		// Implemented ones too: they name the targets of the links already in the post.
		status: [ 'pending', 'approved', 'implemented' ],
		page: 1,
		perPage: 100,
		orderby: 'relevanceScore',
		order: 'desc',
	} );
	const insertion = useLinkInsertion( post.id );
	const [ tickedIds, setTickedIds ] = useState< string[] >( [] );
	// The ones still to decide or insert, most relevant first (the plugin sorts them); one whose link is in the post
	// already is not, even while the list still has its status from before.
	const inPost = new Set(
		( insertion.linksInPost ?? [] ).map( ( link ) => link.suggestionId )
	);
	const open = ( page?.items ?? [] ).filter(
		( item ) =>
			( item.status === 'pending' || item.status === 'approved' ) &&
			! inPost.has( item.id )
	);
	const finder = useFindSuggestions( post.id, open, retry );
	const ticked = open.filter( ( item ) => tickedIds.includes( item.id ) );
	const busy =
		insertion.inserting.length > 0 ||
		insertion.undoing !== null ||
		finder.finding;
	// Titles of the targets the sidebar has seen, for the links in the post (which know only their address).
	const titles = new Map(
		[
			...( page?.items ?? [] ),
			...insertion.lines.map( ( line ) => line.suggestion ),
		].map( ( suggestion ) => [ suggestion.id, targetTitle( suggestion ) ] )
	);

	// Background generation fills an empty list soon after a sync or save: look again a few times meanwhile.
	const isEmpty = page !== undefined && page !== null && open.length === 0;
	useEffect( () => {
		if ( ! isEmpty ) {
			return undefined;
		}
		let rechecks = 0;
		const timer = window.setInterval( () => {
			rechecks++;
			retry();
			if ( rechecks >= EMPTY_RECHECKS ) {
				window.clearInterval( timer );
			}
		}, EMPTY_RECHECK_MS );
		return () => window.clearInterval( timer );
	}, [ isEmpty, retry ] );

	// Nothing connected yet is the normal first state, not a failure (not synced is: it names its own step).
	if (
		error?.kind === 'not_connected' &&
		error.code !== 'interlinker_not_synced'
	) {
		return <NotSetUpNotice />;
	}
	if ( error && error.kind !== 'not_found' ) {
		return <ErrorState error={ error } onRetry={ retry } />;
	}
	const toggle = ( id: string, checked: boolean ) =>
		setTickedIds( ( current ) =>
			checked
				? [ ...current, id ]
				: current.filter( ( one ) => one !== id )
		);
	const allTicked = open.length > 0 && ticked.length === open.length;

	return (
		<>
			{ ! page && ! error && (
				<LoadingState
					label={ __( 'Loading suggestions…', 'interlinker' ) }
				/>
			) }
			{ isEmpty && (
				<EmptyState
					title={ __(
						'No open suggestions for this post yet.',
						'interlinker'
					) }
				>
					<p>
						{ __(
							'Interlinker looks for links in the background after each sync and save, and they appear here by themselves. To look now, choose Find new suggestions.',
							'interlinker'
						) }
					</p>
				</EmptyState>
			) }
			{ open.length > 0 && (
				<>
					<p className="interlinker-editor-help">
						{ __(
							'Tick the links to insert. Unsaved changes are saved first; the links go in within the site’s limit of links per post.',
							'interlinker'
						) }
					</p>
					<ul className="interlinker-editor-suggestions">
						{ open.map( ( suggestion ) => (
							<SuggestionItem
								key={ suggestion.id }
								suggestion={ suggestion }
								ticked={ tickedIds.includes( suggestion.id ) }
								disabled={ busy }
								onChange={ ( checked ) =>
									toggle( suggestion.id, checked )
								}
							/>
						) ) }
					</ul>
					<ButtonRow>
						<Button
							variant="primary"
							onClick={ () => {
								setTickedIds( [] );
								void insertion.insert( ticked );
							} }
							disabled={ busy || ticked.length === 0 }
							isBusy={ insertion.inserting.length > 0 }
							accessibleWhenDisabled
						>
							{ __( 'Insert ticked links', 'interlinker' ) }
						</Button>
						<Button
							variant="tertiary"
							onClick={ () =>
								setTickedIds(
									allTicked
										? []
										: open.map( ( item ) => item.id )
								)
							}
							disabled={ busy }
							accessibleWhenDisabled
						>
							{ allTicked
								? __( 'Untick all', 'interlinker' )
								: __( 'Tick all', 'interlinker' ) }
						</Button>
					</ButtonRow>
				</>
			) }
			{ insertion.inserting.length > 0 && (
				<p className="interlinker-editor-busy" role="status">
					<Spinner />
					{ sprintf(
						/* translators: %d: number of links. */
						_n(
							'Inserting %d link…',
							'Inserting %d links…',
							insertion.inserting.length,
							'interlinker'
						),
						insertion.inserting.length
					) }
				</p>
			) }
			{ insertion.error && <ErrorState error={ insertion.error } /> }
			{ insertion.lines.length > 0 && (
				<div className="interlinker-editor-results interlinker-editor-report">
					<h3 className="interlinker-editor-results__title">
						{ __( 'Just inserted', 'interlinker' ) }
					</h3>
					<ul>
						{ insertion.lines.map( ( line ) => (
							<InsertedLineItem
								key={ `${ line.implementationId }:${ line.suggestion.id }` }
								line={ line }
								undone={
									insertion.linksInPost !== null &&
									! inPost.has( line.suggestion.id )
								}
							/>
						) ) }
					</ul>
				</div>
			) }
			{ insertion.linksError && (
				<ErrorState error={ insertion.linksError } />
			) }
			{ insertion.linksInPost && insertion.linksInPost.length > 0 && (
				<div className="interlinker-editor-results interlinker-editor-links-in-post">
					<h3 className="interlinker-editor-results__title">
						{ __( 'Links Interlinker put in this post', 'interlinker' ) }
					</h3>
					<ul>
						{ insertion.linksInPost.map( ( link ) => (
							<LinkInPostItem
								key={ link.suggestionId }
								link={ link }
								target={
									titles.get( link.suggestionId ) ??
									urlPath( link.href )
								}
								undoing={
									insertion.undoing === link.suggestionId
								}
								failure={
									insertion.undoFailures[ link.suggestionId ]
								}
								disabled={ busy }
								onUndo={ () => void insertion.undo( link ) }
							/>
						) ) }
					</ul>
				</div>
			) }
			<Button
				variant="secondary"
				onClick={ () => void finder.find() }
				isBusy={ finder.finding }
				disabled={ busy }
				accessibleWhenDisabled
			>
				{ __( 'Find new suggestions', 'interlinker' ) }
			</Button>
			{ finder.message && (
				<p className="interlinker-editor-help" role="status">
					{ finder.message }
				</p>
			) }
			{ finder.error && <ErrorState error={ finder.error } /> }
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
		const meta = editor.getEditedPostAttribute( 'meta' ) as
			| Record< string, unknown >
			| undefined;
		return {
			id: Number( editor.getCurrentPostId() ?? 0 ),
			isPublished:
				editor.getCurrentPostAttribute( 'status' ) === 'publish',
			noSuggestions: meta?.[ NO_SUGGESTIONS_META_KEY ] === true,
		};
	}, [] );
	const { editPost } = useDispatch( editorStore ) as unknown as {
		editPost: ( edits: { meta: Record< string, unknown > } ) => void;
	};

	let body;
	if ( post.noSuggestions ) {
		body = (
			<EmptyState
				title={ __( 'This post gets no suggestions.', 'interlinker' ) }
			>
				<p>
					{ __(
						'Once saved, Interlinker neither suggests links in this post nor suggests links to it. Links already inserted stay.',
						'interlinker'
					) }
				</p>
			</EmptyState>
		);
	} else if ( post.isPublished ) {
		body = <SuggestionList post={ post } />;
	} else {
		body = (
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
		);
	}

	return (
		<PanelBody>
			{ body }
			<ToggleControl
				__nextHasNoMarginBottom
				className="interlinker-editor-no-suggestions"
				label={ __( 'No suggestions for this post', 'interlinker' ) }
				help={ __(
					'Leaves this post out of suggestions, as a link source and as a target. Saved with the post.',
					'interlinker'
				) }
				checked={ post.noSuggestions }
				onChange={ ( checked ) =>
					editPost( {
						meta: { [ NO_SUGGESTIONS_META_KEY ]: checked },
					} )
				}
			/>
		</PanelBody>
	);
}
