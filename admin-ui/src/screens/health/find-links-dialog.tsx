/**
 * Link health's "Find links to this post" for one orphan page: a dialog with the posts that could link to it.
 */
import { Button, Modal } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import type { OrphanPage } from '../../api/types';
import { InboundSuggestions } from '../../components/inbound/inbound-suggestions';
import { plainTitle, urlPath } from '../../lib/format';
import { store } from '../../store';

export function FindLinksButton( { orphan }: { orphan: OrphanPage } ) {
	const [ isOpen, setOpen ] = useState( false );
	const title = plainTitle( orphan.title, urlPath( orphan.url ) );
	const run = useSelect(
		( select ) => select( store ).getImplementRun(),
		[]
	);
	const { refreshOrphans } = useDispatch( store );
	const close = () => {
		setOpen( false );
		// A link that went in may have taken this page off the orphans.
		if ( run?.results.some( ( result ) => result.succeeded ) ) {
			void refreshOrphans();
		}
	};
	return (
		<>
			<Button
				variant="secondary"
				size="compact"
				onClick={ () => setOpen( true ) }
				aria-label={ sprintf(
					/* translators: %s: post title. */
					__( 'Find links to “%s”', 'interlinker' ),
					title
				) }
			>
				{ __( 'Find links to this post', 'interlinker' ) }
			</Button>
			{ isOpen && (
				<Modal
					title={ sprintf(
						/* translators: %s: post title. */
						__( 'Links to “%s”', 'interlinker' ),
						title
					) }
					onRequestClose={ close }
					className="interlinker-find-links"
					size="large"
				>
					<InboundSuggestions postId={ orphan.postId } findOnOpen />
				</Modal>
			) }
		</>
	);
}
