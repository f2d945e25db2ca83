/**
 * Link health's "Find links" for orphan posts: a dialog with the posts that could link to one of them. For several
 * orphans at once the dialog steps through them in order ("Next post"), each with its own search, so that an editor
 * works through a selection without reopening anything.
 */
import { Button, Modal } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import { ButtonRow } from '../../components/button-row';
import { InboundSuggestions } from '../../components/inbound/inbound-suggestions';
import { plainTitle, urlPath } from '../../lib/format';
import { store } from '../../store';

/** An orphan the dialog can look for links to: the post, and how to name it. */
export interface FindLinksTarget {
	postId: number;
	title: string;
	url: string;
}

function nameOf( target: FindLinksTarget ): string {
	return plainTitle( target.title, urlPath( target.url ) );
}

export function FindLinksDialog( {
	targets,
	onClose,
}: {
	/** The posts to step through, in order; the dialog opens on the first. */
	targets: FindLinksTarget[];
	onClose: () => void;
} ) {
	const [ index, setIndex ] = useState( 0 );
	const run = useSelect(
		( select ) => select( store ).getImplementRun(),
		[]
	);
	const { refreshOrphans } = useDispatch( store );
	// Whether a link went in while the dialog was open (a run per post: the last one alone would not say).
	const inserted = useRef( false );
	if ( run?.results.some( ( result ) => result.succeeded ) ) {
		inserted.current = true;
	}
	const close = () => {
		onClose();
		// A link that went in may have taken these posts off the orphans.
		if ( inserted.current ) {
			void refreshOrphans();
		}
	};
	const target = targets[ Math.min( index, targets.length - 1 ) ];
	const next = targets[ index + 1 ];
	if ( ! target ) {
		return null;
	}
	const title =
		targets.length > 1
			? sprintf(
					/* translators: 1: post title, 2: its place in the selection, 3: how many are selected. */
					__( 'Links to “%1$s” (%2$d of %3$d)', 'interlinker' ),
					nameOf( target ),
					index + 1,
					targets.length
			  )
			: sprintf(
					/* translators: %s: post title. */
					__( 'Links to “%s”', 'interlinker' ),
					nameOf( target )
			  );
	return (
		<Modal
			title={ title }
			onRequestClose={ close }
			className="interlinker-find-links"
			size="large"
		>
			<InboundSuggestions
				key={ target.postId }
				postId={ target.postId }
				findOnOpen
			/>
			{ targets.length > 1 && (
				<ButtonRow className="interlinker-find-links__steps is-end">
					<Button
						variant="secondary"
						disabled={ index === 0 }
						accessibleWhenDisabled
						onClick={ () => setIndex( index - 1 ) }
					>
						{ __( 'Previous post', 'interlinker' ) }
					</Button>
					{ next ? (
						<Button
							variant="primary"
							onClick={ () => setIndex( index + 1 ) }
						>
							{ sprintf(
								/* translators: %s: the next post's title. */
								__( 'Next post: “%s”', 'interlinker' ),
								nameOf( next )
							) }
						</Button>
					) : (
						<Button variant="primary" onClick={ close }>
							{ __( 'Done', 'interlinker' ) }
						</Button>
					) }
				</ButtonRow>
			) }
		</Modal>
	);
}

export function FindLinksButton( { target }: { target: FindLinksTarget } ) {
	const [ isOpen, setOpen ] = useState( false );
	return (
		<>
			<Button
				variant="secondary"
				size="compact"
				onClick={ () => setOpen( true ) }
				aria-label={ sprintf(
					/* translators: %s: post title. */
					__( 'Find links to “%s”', 'interlinker' ),
					nameOf( target )
				) }
			>
				{ __( 'Find links', 'interlinker' ) }
			</Button>
			{ isOpen && (
				<FindLinksDialog
					targets={ [ target ] }
					onClose={ () => setOpen( false ) }
				/>
			) }
		</>
	);
}
