/**
 * What "Insert selected links" did with this post's inbound links: under way, refused, or each link's outcome. The run
 * is the store's one implement run; it is shown here only when it was started for these suggestions.
 */
import { Button } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { __, _n, sprintf } from '@wordpress/i18n';

import { adminScreenUrl } from '../../lib/admin-pages';
import { ResultLine } from '../../screens/suggestions/implement-results';
import { ImplementRunProgress } from '../implement-run-progress';
import { store } from '../../store';
import { ButtonRow } from '../button-row';

export function InboundImplementOutcome( {
	suggestionIds,
}: {
	suggestionIds: string[];
} ) {
	const run = useSelect(
		( select ) => select( store ).getImplementRun(),
		[]
	);
	const { dismissImplementRun } = useDispatch( store );
	if (
		! run ||
		! run.suggestionIds.every( ( id ) => suggestionIds.includes( id ) )
	) {
		return null;
	}
	const inserted = run.results.filter( ( result ) => result.succeeded );
	const posts = new Set(
		inserted.map( ( result ) => result.postId ?? 0 )
	).size;
	return (
		<div className="interlinker-inbound__outcome">
			<ImplementRunProgress run={ run } />
			{ run.status === 'done' && (
				<>
					<p role="status">
						{ sprintf(
							/* translators: 1: links inserted, 2: links asked for, 3: number of posts changed. */
							_n(
								'%1$d of %2$d links inserted, into %3$d post.',
								'%1$d of %2$d links inserted, into %3$d posts.',
								posts,
								'interlinker'
							),
							inserted.length,
							run.results.length,
							posts
						) }
					</p>
					<ul className="interlinker-results">
						{ run.results.map( ( result ) => (
							<ResultLine
								key={ result.suggestionId }
								result={ result }
							/>
						) ) }
					</ul>
				</>
			) }
			<ButtonRow>
				{ run.implementation && (
					<Button
						variant="link"
						href={ adminScreenUrl( 'implementations', {
							implementation: run.implementation.id,
						} ) }
					>
						{ __(
							'See this implementation (to undo it)',
							'interlinker'
						) }
					</Button>
				) }
				{ run.status !== 'running' && (
					<Button
						variant="tertiary"
						size="compact"
						onClick={ () => void dismissImplementRun() }
					>
						{ __( 'Dismiss', 'interlinker' ) }
					</Button>
				) }
			</ButtonRow>
		</div>
	);
}
