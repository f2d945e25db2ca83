/**
 * What an editor can do with an implementation: look at it, or roll it back.
 */
import type { Action } from '@wordpress/dataviews';
import { __ } from '@wordpress/i18n';
import { seen, undo } from '@wordpress/icons';

import type { Implementation } from '../../api/types';
import { adminScreenUrl } from '../../lib/admin-pages';
import { RollbackForm } from './rollback-form';

export function canRollBack( implementation: Implementation ): boolean {
	return (
		implementation.status === 'pending' ||
		implementation.status === 'completed'
	);
}

export const implementationActions: Array< Action< Implementation > > = [
	{
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
	},
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
