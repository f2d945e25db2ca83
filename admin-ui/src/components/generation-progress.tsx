/**
 * The bridge's background generation after a sync: "Finding suggestions: 37 of 150 posts" with a bar while it
 * runs, what the run made once it is done, and the way to the Suggestions screen.
 */
import { Button, ProgressBar } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';

import type { Generation } from '../api/types';
import { adminScreenUrl } from '../lib/admin-pages';
import type { ApiError } from '../api/errors';
import { describeError } from '../lib/error-message';
import { store } from '../store';

/**
 * How far the run is, 0–100; a run with nothing to do is complete.
 * @param progress
 */
export function generationPercent( progress: Generation ): number {
	if ( progress.totalPages === 0 || progress.state === 'idle' ) {
		return 100;
	}
	return Math.min(
		100,
		Math.round( ( progress.generatedPages / progress.totalPages ) * 100 )
	);
}

export function generationText( progress: Generation ): string {
	if ( progress.state === 'generating' ) {
		return sprintf(
			/* translators: 1: posts done, 2: posts in all. */
			__( 'Finding suggestions: %1$d of %2$d posts', 'interlinker' ),
			progress.generatedPages,
			progress.totalPages
		);
	}
	if ( progress.totalPages === 0 ) {
		return __(
			'Suggestions are up to date: no post changed since they were found.',
			'interlinker'
		);
	}
	return sprintf(
		/* translators: 1: number of suggestions, 2: number of posts. */
		__(
			'Finding suggestions: done. New suggestions: %1$d (from %2$d posts).',
			'interlinker'
		),
		progress.suggestionsCreated,
		progress.generatedPages
	);
}

function isBridgeProblem( error: ApiError ): boolean {
	return [ 'unreachable', 'unauthorized', 'not_connected' ].includes(
		error.kind
	);
}

export function GenerationProgress( {
	reviewButton = true,
}: {
	/** Whether to offer "Review suggestions" (not on the Suggestions screen itself). */
	reviewButton?: boolean;
} ) {
	const { progress, error } = useSelect(
		( select ) => select( store ).getGeneration(),
		[]
	);
	// A bridge that is down or refuses the key is said once, at the top of the screen.
	if ( error && ! progress && isBridgeProblem( error ) ) {
		return null;
	}
	if ( error && ! progress ) {
		return (
			<p className="interlinker-generation interlinker-generation--failed">
				{ sprintf(
					/* translators: %s: the reason. */
					__(
						'How far the suggestions are could not be read: %s',
						'interlinker'
					),
					describeError( error )
				) }
			</p>
		);
	}
	if ( ! progress ) {
		return null;
	}
	return (
		<div className="interlinker-generation" aria-live="polite">
			{ progress.state === 'generating' && (
				<ProgressBar
					value={ generationPercent( progress ) }
					className="interlinker-generation__bar"
				/>
			) }
			<p>{ generationText( progress ) }</p>
			{ reviewButton && (
				<Button
					variant={
						progress.state === 'generating' ? 'secondary' : 'primary'
					}
					href={ adminScreenUrl( 'suggestions' ) }
				>
					{ __( 'Review suggestions', 'interlinker' ) }
				</Button>
			) }
		</div>
	);
}
