import { NAMESPACE, request } from './request';
import type {
	ConnectionTest,
	Generation,
	Settings,
	SettingsChanges,
	SetupSteps,
	SyncBatch,
} from './types';

export function fetchSettings(): Promise< Settings > {
	return request< Settings >( `${ NAMESPACE }/settings` );
}

/**
 * Saves; the answer's `warnings` say what was saved but not applied.
 * @param changes
 */
export function saveSettings(
	changes: SettingsChanges
): Promise< Settings & { warnings?: string[] } > {
	return request< Settings & { warnings?: string[] } >( `${ NAMESPACE }/settings`, {
		method: 'POST',
		data: changes,
	} );
}

export function testConnection(): Promise< ConnectionTest > {
	return request< ConnectionTest >(
		`${ NAMESPACE }/settings/test-connection`,
		{ method: 'POST' }
	);
}

export function rotateApiKey(): Promise< Settings > {
	return request< Settings >( `${ NAMESPACE }/settings/rotate-key`, {
		method: 'POST',
	} );
}

/**
 * One batch of a full sync (no postIds) or a sync of the given posts.
 * @param body
 * @param body.cursor
 * @param body.postIds
 */
export function syncBatch( body: {
	cursor?: string | null;
	postIds?: number[];
} ): Promise< SyncBatch > {
	const data: { cursor?: string; postIds?: number[] } = {};
	if ( body.cursor ) {
		data.cursor = body.cursor;
	}
	if ( body.postIds ) {
		data.postIds = body.postIds;
	}
	return request< SyncBatch >( `${ NAMESPACE }/sync`, {
		method: 'POST',
		data,
	} );
}

/** How far the bridge's background generation of suggestions for this site is. */
export function fetchGeneration(): Promise< Generation > {
	return request< Generation >( `${ NAMESPACE }/generation` );
}

/** Which steps of the first run are done. */
export function fetchSetup(): Promise< SetupSteps > {
	return request< SetupSteps >( `${ NAMESPACE }/setup` );
}
