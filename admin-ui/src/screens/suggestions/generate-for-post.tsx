/**
 * "Generate for a post": pick a post, ask the bridge for its suggestions, then show them.
 */
import { Button, Modal } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { PostPicker, type PickedPost } from '../../components/post-picker';
import { notConnectedReason } from '../../components/not-connected-reason';
import { store } from '../../store';
import { ButtonRow } from '../../components/button-row';

export function GenerateForPost( {
	onGenerated,
}: {
	onGenerated: ( post: PickedPost ) => void;
} ) {
	const [ isOpen, setOpen ] = useState( false );
	const [ post, setPost ] = useState< PickedPost | null >( null );
	const { isGenerating, connected } = useSelect(
		( select ) => ( {
			isGenerating: select( store ).isBusy( 'generate' ),
			connected: select( store ).isConnected(),
		} ),
		[]
	);
	const { generateForPost } = useDispatch( store );

	const generate = async () => {
		if ( ! post ) {
			return;
		}
		const count = await generateForPost( post.id, post.title );
		if ( count !== null ) {
			setOpen( false );
			onGenerated( post );
		}
	};

	return (
		<>
			<Button
				variant="primary"
				onClick={ () => setOpen( true ) }
				disabled={ ! connected }
				accessibleWhenDisabled
				description={ connected ? undefined : notConnectedReason() }
				showTooltip={ ! connected }
			>
				{ __( 'Generate for a post', 'interlinker' ) }
			</Button>
			{ isOpen && (
				<Modal
					title={ __(
						'Generate suggestions for a post',
						'interlinker'
					) }
					onRequestClose={ () => setOpen( false ) }
				>
					<form
						onSubmit={ ( event ) => {
							event.preventDefault();
							void generate();
						} }
					>
						<PostPicker
							label={ __( 'Post', 'interlinker' ) }
							value={ post }
							onChange={ setPost }
						/>
						<ButtonRow
							align="end"
							className="interlinker-modal-actions"
						>
							<Button
								variant="tertiary"
								onClick={ () => setOpen( false ) }
							>
								{ __( 'Cancel', 'interlinker' ) }
							</Button>
							<Button
								variant="primary"
								type="submit"
								isBusy={ isGenerating }
								disabled={ ! post || isGenerating }
								accessibleWhenDisabled
							>
								{ __( 'Generate', 'interlinker' ) }
							</Button>
						</ButtonRow>
					</form>
				</Modal>
			) }
		</>
	);
}
