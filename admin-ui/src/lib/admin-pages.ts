/**
 * Addresses of the plugin's own wp-admin screens (one "Interlinker" menu), so the screens can link to each other.
 */
import { addQueryArgs } from '@wordpress/url';

import { adminUrl } from './admin-config';

export type ScreenName =
	| 'suggestions'
	| 'implementations'
	| 'health'
	| 'settings';

export const SCREEN_SLUGS: Record< ScreenName, string > = {
	suggestions: 'interlinker',
	implementations: 'interlinker-implementations',
	health: 'interlinker-health',
	settings: 'interlinker-settings',
};

export function isScreenName( value: unknown ): value is ScreenName {
	return typeof value === 'string' && value in SCREEN_SLUGS;
}

export function adminScreenUrl(
	screen: ScreenName,
	args: Record< string, string | number > = {}
): string {
	return addQueryArgs( `${ adminUrl() }admin.php`, {
		page: SCREEN_SLUGS[ screen ],
		...args,
	} );
}
