/**
 * Asks why before rolling an implementation back; the reason is kept with the implementation.
 */
import { Button, TextareaControl } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { store } from '../../store';
import { ButtonRow } from '../../components/button-row';

const MAX_REASON = 500;

export function RollbackForm( {
	implementationId,
	onDone,
}: {
	implementationId: string;
	onDone: () => void;
} ) {
	const [ reason, setReason ] = useState( '' );
	const isRollingBack = useSelect(
		( select ) =>
			select( store ).isBusy( `rollback:${ implementationId }` ),
		[ implementationId ]
	);
	const { rollbackImplementation } = useDispatch( store );
	const trimmed = reason.trim();

	return (
		<form
			className="interlinker-rollback"
			onSubmit={ async ( event ) => {
				event.preventDefault();
				if (
					trimmed !== '' &&
					( await rollbackImplementation(
						implementationId,
						trimmed
					) )
				) {
					onDone();
				}
			} }
		>
			<p>
				{ __(
					'Rolling back removes exactly the links this implementation inserted. Posts nobody edited since are restored as they were.',
					'interlinker'
				) }
			</p>
			<TextareaControl
				__nextHasNoMarginBottom
				label={ __( 'Why are you rolling back?', 'interlinker' ) }
				help={ __(
					'Required. Kept with the implementation for whoever looks at it later.',
					'interlinker'
				) }
				value={ reason }
				maxLength={ MAX_REASON }
				onChange={ setReason }
				required
			/>
			<ButtonRow align="end" className="interlinker-modal-actions">
				<Button variant="tertiary" onClick={ onDone }>
					{ __( 'Cancel', 'interlinker' ) }
				</Button>
				<Button
					variant="primary"
					isDestructive
					type="submit"
					isBusy={ isRollingBack }
					disabled={ trimmed === '' || isRollingBack }
					accessibleWhenDisabled
				>
					{ __( 'Roll back', 'interlinker' ) }
				</Button>
			</ButtonRow>
		</form>
	);
}
