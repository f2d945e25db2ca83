/**
 * What an editor can do with an implementation: look at it, or roll it back.
 */
import type { Action } from '@wordpress/dataviews';
import { __ } from '@wordpress/i18n';
import { seen, undo } from '@wordpress/icons';

import type { AnswerSource, Implementation } from '../../api/types';
import { adminScreenUrl } from '../../lib/admin-pages';
import { RollbackForm } from './rollback-form';

/**
 * Undo needs the bridge: an implementation shown from the site's own records (the bridge cannot be reached) has none.
 * @param implementation
 */
export function canRollBack(
	implementation: Implementation & { source?: AnswerSource }
): boolean {
	return (
		implementation.source === undefined &&
		( implementation.status === 'pending' ||
			implementation.status === 'completed' )
	);
}

const viewDetails: Action< Implementation > = {
	id: 'details',
	label: __( 'View details', 'interlinker' ),
	icon: seen,
	callback: ( [ item ] ) => {
		if ( item ) {
			window.location.assign(
				adminScreenUrl( 'implementations', {
					implementation: item.id,
				} )
			);
		}
	},
};

/** While the list comes from the site's own records, details only: undo needs the bridge. */
export const siteRecordActions: Array< Action< Implementation > > = [
	viewDetails,
];

export const implementationActions: Array< Action< Implementation > > = [
	viewDetails,
	{
		id: 'rollback',
		label: __( 'Roll back all links', 'interlinker' ),
		icon: undo,
		isDestructive: true,
		isEligible: canRollBack,
		modalHeader: __( 'Roll back this implementation', 'interlinker' ),
		RenderModal: ( { items, closeModal } ) => (
			<RollbackForm
				implementationId={ items[ 0 ]?.id ?? '' }
				onDone={ () => closeModal?.() }
			/>
		),
	},
];
