/**
 * What the plugin tells the screens when it loads them (`window.interlinkerAdmin`); never the bridge URL or key.
 */

interface AdminConfig {
	canManageOptions: boolean;
	adminUrl: string;
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
