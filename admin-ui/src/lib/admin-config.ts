/**
 * What the plugin tells the screens when it loads them (`window.interlinkerAdmin`); never the bridge URL or key.
 */

import type { SetupSteps } from '../api/types';

interface AdminConfig {
	canManageOptions: boolean;
	adminUrl: string;
	setup: SetupSteps | null;
	setupGuideUrl: string;
	screen: string;
}

function rawConfig(): Partial< AdminConfig > {
	const value: unknown = ( globalThis as { interlinkerAdmin?: unknown } )
		.interlinkerAdmin;
	return typeof value === 'object' && value !== null
		? ( value as Partial< AdminConfig > )
		: {};
}

/** Whether the user may open Settings; assumed when the plugin did not say, since the server checks anyway. */
export function canManageOptions(): boolean {
	return rawConfig().canManageOptions ?? true;
}

/** wp-admin's address, ending in a slash; relative when unknown (every Interlinker screen lives in wp-admin). */
export function adminUrl(): string {
	return rawConfig().adminUrl ?? '';
}

/**
 * The first run's steps as WordPress knew them when the screen loaded; null when the plugin did not say (then the
 * screens assume a site set up, as before the checklist existed).
 */
export function initialSetup(): SetupSteps | null {
	return rawConfig().setup ?? null;
}

/** The plugin's readme (its Installation section says where a bridge and its key come from); null when unknown. */
export function setupGuideUrl(): string | null {
	return rawConfig().setupGuideUrl ?? null;
}

/** The screen WordPress loaded (suggestions, implementations, health, settings, or editor). */
export function currentScreen(): string {
	return rawConfig().screen ?? '';
}
