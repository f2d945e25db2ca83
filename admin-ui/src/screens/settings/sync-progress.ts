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
			( ( progress.synced + progress.failed ) / progress.total ) * 100
		)
	);
}
