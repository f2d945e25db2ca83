/**
 * Confirms rolling a whole implementation back. A reason may be given (kept with the implementation); without one,
 * the plugin records who undid it.
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
				if ( await rollbackImplementation( implementationId, trimmed ) ) {
					onDone();
				}
			} }
		>
			<p>
				{ __(
					'Rolling back removes exactly the links this implementation inserted. Posts nobody edited since are restored as they were. Their suggestions become rejected, so that they are not inserted again by mistake.',
					'interlinker'
				) }
			</p>
			<TextareaControl
				__nextHasNoMarginBottom
				label={ __( 'Why? (optional)', 'interlinker' ) }
				help={ __(
					'Kept with the implementation for whoever looks at it later.',
					'interlinker'
				) }
				value={ reason }
				maxLength={ MAX_REASON }
				onChange={ setReason }
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
					disabled={ isRollingBack }
					accessibleWhenDisabled
				>
					{ __( 'Roll back all links', 'interlinker' ) }
				</Button>
			</ButtonRow>
		</form>
	);
}
