import { __, sprintf } from '@wordpress/i18n';

import type { SyncProgress } from '../../store/types';

/**
 * How far a sync is, 0–100, or null while the total is not known yet (the bar then shows it is busy).
 * @param progress
 */
export function syncPercent( progress: SyncProgress ): number | null {
	if ( progress.total === null ) {
		return null;
	}
	if ( progress.total === 0 || progress.status === 'done' ) {
		return 100;
	}
	return Math.min(
		100,
		Math.round(
			( ( progress.synced + progress.failed + progress.skipped ) /
				progress.total ) *
				100
		)
	);
}

/**
 * The counts so far in one sentence; posts left out (excluded, password-protected) only when there are some. Null
 * when there is nothing to count: a sync that failed before its first batch answered.
 * @param progress
 */
export function syncCountsText( progress: SyncProgress ): string | null {
	if ( progress.total === null ) {
		return progress.status === 'running' ? __( 'Starting…', 'interlinker' ) : null;
	}
	const counts = sprintf(
		/* translators: 1: posts synced, 2: posts in all, 3: posts that failed. */
		__( '%1$d of %2$d posts synced, %3$d failed.', 'interlinker' ),
		progress.synced,
		progress.total,
		progress.failed
	);
	if ( progress.skipped === 0 ) {
		return counts;
	}
	return sprintf(
		/* translators: 1: the counts so far, 2: posts left out. */
		__( '%1$s %2$d left out.', 'interlinker' ),
		counts,
		progress.skipped
	);
}
