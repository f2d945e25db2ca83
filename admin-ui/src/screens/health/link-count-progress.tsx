/**
 * The full count of every post's links, when it is not complete: runs it (one bounded batch per request) and says
 * how far it is. Saves keep the counts current afterwards, so this shows once per site (and after the chosen post
 * types change).
 */
import { Notice, ProgressBar } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useEffect } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import { useRemote } from '../../hooks/use-remote';
import { store } from '../../store';

export function LinkCountProgress() {
	const progress = useRemote( 'getLinkCountProgress' );
	const isCounting = useSelect(
		( select ) => select( store ).isBusy( 'countLinks' ),
		[]
	);
	const { countAllLinks } = useDispatch( store );
	const isComplete = progress.data?.complete ?? true;
	useEffect( () => {
		if ( ! isComplete ) {
			void countAllLinks();
		}
	}, [ isComplete, countAllLinks ] );
	if ( ! progress.data || progress.data.complete ) {
		return null;
	}
	const { counted, total } = progress.data;
	const message = sprintf(
		/* translators: 1: posts counted so far, 2: posts to count. */
		__(
			'Counting the links in your posts: %1$d of %2$d. The numbers below fill in as it goes.',
			'interlinker'
		),
		counted,
		total
	);
	// The bar stays outside the notice: Notice reads its children out to screen readers by rendering them to a
	// string, which would run the bar's hooks as its own.
	return (
		<div className="interlinker-link-count-progress">
			<Notice
				status="info"
				isDismissible={ false }
				// Said once, not at every batch.
				spokenMessage={ __(
					'Counting the links in your posts.',
					'interlinker'
				) }
			>
				<p>{ message }</p>
			</Notice>
			{ isCounting && (
				<ProgressBar
					value={ total > 0 ? ( counted / total ) * 100 : 0 }
					className="interlinker-link-count-progress__bar"
				/>
			) }
		</div>
	);
}
