/**
 * What an editor can do with one or several suggestions, besides the labelled buttons of the review flow
 * (./review-buttons): the row menu and the bulk bar. Each action only dispatches to the store. A suggestion whose
 * new status is still on its way to WordPress takes no other action until it arrives, and nothing is implemented
 * while an implementation runs.
 */
import { Button } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import type { Action, RenderModalProps } from '@wordpress/dataviews';
import { useMemo } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import { check, link, notAllowed, trash, undo } from '@wordpress/icons';

import type { Suggestion } from '../../api/types';
import { store } from '../../store';
import { ButtonRow } from '../../components/button-row';

function ConfirmDelete( {
	items,
	closeModal,
}: RenderModalProps< Suggestion > ) {
	const { deleteSuggestions } = useDispatch( store );
	return (
		<div className="interlinker-confirm">
			<p>
				{ sprintf(
					/* translators: %d: number of suggestions. */
					_n(
						'Delete %d suggestion? It may be suggested again the next time suggestions are generated.',
						'Delete %d suggestions? They may be suggested again the next time suggestions are generated.',
						items.length,
						'interlinker'
					),
					items.length
				) }
			</p>
			<ButtonRow align="end">
				<Button variant="tertiary" onClick={ closeModal }>
					{ __( 'Cancel', 'interlinker' ) }
				</Button>
				<Button
					variant="primary"
					isDestructive
					onClick={ () => {
						void deleteSuggestions(
							items.map( ( item ) => item.id )
						);
						closeModal?.();
					} }
				>
					{ __( 'Delete', 'interlinker' ) }
				</Button>
			</ButtonRow>
		</div>
	);
}

const ids = ( items: Suggestion[] ) => items.map( ( item ) => item.id );

export function useSuggestionActions(): Array< Action< Suggestion > > {
	const { setSuggestionsStatus, implementSuggestions } = useDispatch( store );
	const saving = useSelect(
		( select ) => select( store ).getSuggestionsSaving(),
		[]
	);
	const isUnderWay = useSelect(
		( select ) => select( store ).isReviewUnderWay(),
		[]
	);
	return useMemo( (): Array< Action< Suggestion > > => {
		const settled = ( item: Suggestion ) => ! saving[ item.id ];
		return [
			{
				id: 'approve',
				label: __( 'Approve', 'interlinker' ),
				icon: check,
				supportsBulk: true,
				isEligible: ( item ) =>
					settled( item ) &&
					( item.status === 'pending' || item.status === 'rejected' ),
				callback: ( items ) =>
					void setSuggestionsStatus( ids( items ), 'approved' ),
			},
			{
				id: 'reject',
				label: __( 'Reject', 'interlinker' ),
				// Not the cross: DataViews' "clear selection" sits beside it in the bulk bar.
				icon: notAllowed,
				supportsBulk: true,
				isEligible: ( item ) =>
					settled( item ) &&
					( item.status === 'pending' || item.status === 'approved' ),
				callback: ( items ) =>
					void setSuggestionsStatus( ids( items ), 'rejected' ),
			},
			{
				id: 'implement',
				label: ( items ) =>
					items.length > 1
						? __( 'Insert selected links', 'interlinker' )
						: __( 'Insert link', 'interlinker' ),
				icon: link,
				supportsBulk: true,
				// Any status change under way may be one this implement needs.
				isEligible: ( item ) =>
					! isUnderWay &&
					( item.status === 'pending' || item.status === 'approved' ),
				callback: ( items ) =>
					void implementSuggestions( ids( items ) ),
			},
			{
				id: 'back-to-pending',
				label: __( 'Move back to pending', 'interlinker' ),
				icon: undo,
				supportsBulk: true,
				isEligible: ( item ) =>
					settled( item ) &&
					( item.status === 'approved' || item.status === 'rejected' ),
				callback: ( items ) =>
					void setSuggestionsStatus( ids( items ), 'pending' ),
			},
			{
				id: 'delete',
				label: __( 'Delete', 'interlinker' ),
				icon: trash,
				isDestructive: true,
				supportsBulk: true,
				isEligible: ( item ) =>
					settled( item ) && item.status !== 'implemented',
				modalHeader: __( 'Delete suggestions', 'interlinker' ),
				RenderModal: ConfirmDelete,
			},
		];
	}, [ saving, isUnderWay, setSuggestionsStatus, implementSuggestions ] );
}
