/**
 * "Find links to this post": the posts that could link to this one, with checkboxes to approve, reject or insert
 * several links at once. Used by Link health (for an orphan page) and by the block editor's sidebar. The links go
 * into the source posts, one implementation for all of them, through the same route as the Suggestions screen.
 */
import { Button } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useEffect, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';

import type { Suggestion } from '../../api/types';
import { store } from '../../store';
import { ButtonRow } from '../button-row';
import { EmptyState, ErrorState, LoadingState } from '../request-states';
import { InboundImplementOutcome } from './inbound-implement-outcome';
import { canActOn, InboundRow } from './inbound-row';
import './inbound.css';

const idsOf = ( items: Suggestion[] ) => items.map( ( item ) => item.id );

function LeftOutNote( { count }: { count: number } ) {
	if ( count === 0 ) {
		return null;
	}
	return (
		<p className="interlinker-inbound__note">
			{ sprintf(
				/* translators: %d: number of suggestions. */
				_n(
					'%d more suggested link comes from a post you cannot read.',
					'%d more suggested links come from posts you cannot read.',
					count,
					'interlinker'
				),
				count
			) }
		</p>
	);
}

export function InboundSuggestions( {
	postId,
	findOnOpen = false,
}: {
	postId: number;
	/** Ask the bridge as soon as this shows (Link health's dialog); else wait for the button (the editor). */
	findOnOpen?: boolean;
} ) {
	const view = useSelect(
		( select ) => select( store ).getInboundSuggestions( postId ),
		[ postId ]
	);
	const { findInboundSuggestions, setSuggestionsStatus, implementSuggestions } =
		useDispatch( store );
	const [ selected, setSelected ] = useState< string[] >( [] );
	// A new status shows at once, before the plugin has it: nothing else is offered until it has (an implement sent
	// meanwhile would find the suggestions not approved yet), nor while an implementation runs.
	const isBusy = useSelect(
		( select ) => select( store ).isReviewUnderWay(),
		[]
	);

	useEffect( () => {
		if ( findOnOpen ) {
			void findInboundSuggestions( postId );
		}
	}, [ findOnOpen, postId, findInboundSuggestions ] );

	const items = view?.items ?? [];
	// A suggestion that left the open states (implemented, rejected) leaves the selection too.
	const chosen = items.filter(
		( item ) => selected.includes( item.id ) && canActOn( item )
	);
	const pending = chosen.filter( ( item ) => item.status === 'pending' );
	const isSearching = view?.status === 'loading';
	const toggle = ( id: string, on: boolean ) =>
		setSelected( ( current ) =>
			on
				? [ ...current, id ]
				: current.filter( ( other ) => other !== id )
		);

	return (
		<div className="interlinker-inbound">
			{ isSearching && (
				<LoadingState
					label={ __(
						'Looking for posts that could link here…',
						'interlinker'
					) }
				/>
			) }
			{ view?.status === 'failed' && view.error && (
				<ErrorState
					error={ view.error }
					onRetry={ () => void findInboundSuggestions( postId ) }
				/>
			) }
			{ view?.status === 'done' && items.length === 0 && (
				<EmptyState
					title={ __(
						'No post could link here yet.',
						'interlinker'
					) }
				>
					<p>
						{ __(
							'None of the other posts mentions this one in words that would make a good link. Mention its topic in a related post, or add the phrases it should be linked for in its editor sidebar, then look again.',
							'interlinker'
						) }
					</p>
				</EmptyState>
			) }
			{ items.length > 0 && (
				<ul className="interlinker-inbound__list">
					{ items.map( ( item ) => (
						<InboundRow
							key={ item.id }
							suggestion={ item }
							checked={ selected.includes( item.id ) }
							onToggle={ ( on ) => toggle( item.id, on ) }
						/>
					) ) }
				</ul>
			) }
			{ view && <LeftOutNote count={ view.leftOut } /> }
			{ items.some( canActOn ) && (
				<>
					<ButtonRow className="interlinker-inbound__actions">
						<Button
							variant="primary"
							size="compact"
							disabled={ isBusy || chosen.length === 0 }
							accessibleWhenDisabled
							onClick={ () => {
								void implementSuggestions( idsOf( chosen ) );
								setSelected( [] );
							} }
						>
							{ __( 'Insert selected links', 'interlinker' ) }
						</Button>
						<Button
							variant="secondary"
							size="compact"
							disabled={ isBusy || pending.length === 0 }
							accessibleWhenDisabled
							onClick={ () =>
								void setSuggestionsStatus( idsOf( pending ), 'approved' )
							}
						>
							{ __( 'Approve selected', 'interlinker' ) }
						</Button>
						<Button
							variant="tertiary"
							size="compact"
							disabled={ isBusy || chosen.length === 0 }
							accessibleWhenDisabled
							onClick={ () => {
								void setSuggestionsStatus( idsOf( chosen ), 'rejected' );
								setSelected( [] );
							} }
						>
							{ __( 'Reject selected', 'interlinker' ) }
						</Button>
					</ButtonRow>
					<p className="interlinker-inbound__help">
						{ __(
							'Tick the posts that should link here and insert the links: each goes into the other post, which keeps a revision. The links inserted together can be undone one by one, per post or all at once under Implementations. "Approve selected" keeps a link for later.',
							'interlinker'
						) }
					</p>
				</>
			) }
			<InboundImplementOutcome suggestionIds={ idsOf( items ) } />
			<Button
				variant="secondary"
				onClick={ () => void findInboundSuggestions( postId ) }
				isBusy={ isSearching }
				disabled={ isSearching }
				accessibleWhenDisabled
			>
				{ view
					? __( 'Look again', 'interlinker' )
					: __( 'Find links to this post', 'interlinker' ) }
			</Button>
		</div>
	);
}
