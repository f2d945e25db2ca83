/**
 * The outcome of "Insert link" / "Insert selected links": one line per link, with the reason when one failed.
 */
import { Button, Modal } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { __, _n, sprintf } from '@wordpress/i18n';

import type { LinkResult } from '../../api/types';
import { adminScreenUrl } from '../../lib/admin-pages';
import { plainTitle } from '../../lib/format';
import { ImplementRunProgress } from '../../components/implement-run-progress';
import { store } from '../../store';
import { ButtonRow } from '../../components/button-row';

/**
 * One link of an implement run: inserted or not (and why), with its anchor and posts.
 * @param root0
 * @param root0.result
 */
export function ResultLine( { result }: { result: LinkResult } ) {
	const suggestion = useSelect(
		( select ) => select( store ).getSuggestion( result.suggestionId ),
		[ result.suggestionId ]
	);
	const reason = result.reason ?? '';
	return (
		<li
			className={ `interlinker-result interlinker-result--${
				result.succeeded ? 'ok' : 'failed'
			}` }
		>
			<span className="interlinker-result__status">
				{ result.succeeded
					? __( 'Inserted', 'interlinker' )
					: __( 'Not inserted', 'interlinker' ) }
			</span>
			<span className="interlinker-result__what">
				{ suggestion
					? sprintf(
							/* translators: 1: anchor text, 2: source post title, 3: target post title. */
							__( '“%1$s” in %2$s → %3$s', 'interlinker' ),
							suggestion.anchorText,
							plainTitle( suggestion.sourceTitle ),
							plainTitle( suggestion.targetTitle )
					  )
					: result.suggestionId }
			</span>
			{ ! result.succeeded && reason && (
				<span className="interlinker-result__reason">{ reason }</span>
			) }
		</li>
	);
}

export function ImplementResults() {
	const run = useSelect(
		( select ) => select( store ).getImplementRun(),
		[]
	);
	const { dismissImplementRun } = useDispatch( store );
	if ( ! run ) {
		return null;
	}
	const succeeded = run.results.filter(
		( result ) => result.succeeded
	).length;
	// While the links go in, the dialog stays: closing it would hide the outcome of a run still under way.
	const isRunning = run.status === 'running';
	return (
		<Modal
			title={ __( 'Implementing links', 'interlinker' ) }
			onRequestClose={ () => {
				if ( ! isRunning ) {
					void dismissImplementRun();
				}
			} }
			isDismissible={ ! isRunning }
			shouldCloseOnEsc={ ! isRunning }
			shouldCloseOnClickOutside={ ! isRunning }
			className="interlinker-implement-results"
		>
			<ImplementRunProgress run={ run } />
			{ run.status === 'done' && (
				<>
					<p role="status">
						{ sprintf(
							/* translators: 1: links inserted, 2: links asked for. */
							__( '%1$d of %2$d links inserted.', 'interlinker' ),
							succeeded,
							run.results.length
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
			<ButtonRow align="end">
				{ run.implementation && (
					<Button
						variant="secondary"
						href={ adminScreenUrl( 'implementations', {
							implementation: run.implementation.id,
						} ) }
					>
						{ __( 'See this implementation', 'interlinker' ) }
					</Button>
				) }
				<Button
					variant="primary"
					onClick={ () => void dismissImplementRun() }
					disabled={ isRunning }
					accessibleWhenDisabled
				>
					{ __( 'Done', 'interlinker' ) }
				</Button>
			</ButtonRow>
		</Modal>
	);
}
