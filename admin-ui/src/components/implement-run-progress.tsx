/**
 * An implement run while it is under way or after it was refused as a whole; nothing once it is done (each screen shows
 * the links' outcomes its own way).
 */
import { Spinner } from '@wordpress/components';
import { _n, sprintf } from '@wordpress/i18n';

import type { ImplementRun } from '../store/types';
import { ErrorState } from './request-states';

export function ImplementRunProgress( { run }: { run: ImplementRun } ) {
	if ( run.status === 'running' ) {
		return (
			<p role="status">
				<Spinner />
				{ sprintf(
					/* translators: %d: number of links. */
					_n(
						'Inserting %d link…',
						'Inserting %d links…',
						run.suggestionIds.length,
						'interlinker'
					),
					run.suggestionIds.length
				) }
			</p>
		);
	}
	return run.status === 'failed' && run.error ? (
		<ErrorState error={ run.error } />
	) : null;
}
