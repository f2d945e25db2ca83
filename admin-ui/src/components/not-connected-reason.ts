/**
 * Why an action that needs the bridge is disabled, said on the disabled button itself.
 */
import { __ } from '@wordpress/i18n';

export function notConnectedReason(): string {
	return __(
		'Available once Interlinker is connected to its bridge (Interlinker → Settings).',
		'interlinker'
	);
}
