import { __, sprintf } from '@wordpress/i18n';

import type { SyncProgress } from '../../store/types';

/**
 * How far a sync is, 0–100, or null while the total is not known yet (the bar then shows it is busy). The run covers
 * the posts sent and the posts whose links are counted, so that the bar is full only when both are.
 * @param progress
 */
export function syncPercent( progress: SyncProgress ): number | null {
	if ( progress.total === null ) {
		return null;
	}
	const counts = progress.linkCounts;
	const all = progress.total + ( counts?.total ?? 0 );
	if ( all === 0 || progress.status === 'done' ) {
		return 100;
	}
	return Math.min(
		100,
		Math.round(
			( ( progress.synced +
				progress.failed +
				progress.skipped +
				( counts?.counted ?? 0 ) ) /
				all ) *
				100
		)
	);
}

/**
 * How far the count of links per post is, which the sync goes on with: null before the first answer.
 * @param progress
 */
export function syncLinkCountText( progress: SyncProgress ): string | null {
	const counts = progress.linkCounts;
	if ( counts === null ) {
		return null;
	}
	if ( counts.complete ) {
		return sprintf(
			/* translators: %d: posts whose links are counted. */
			__( 'Counting links: done, %d posts counted.', 'interlinker' ),
			counts.total
		);
	}
	return sprintf(
		/* translators: 1: posts whose links are counted so far, 2: posts in all. */
		__( 'Counting links: %1$d of %2$d posts', 'interlinker' ),
		counts.counted,
		counts.total
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
