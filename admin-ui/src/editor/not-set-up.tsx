/**
 * The sidebar before Interlinker is connected: not an error, just the next step, for whoever can take it.
 */
import { Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { canManageOptions } from '../lib/admin-config';
import { adminScreenUrl } from '../lib/admin-pages';

export function NotSetUpNotice() {
	return (
		<Notice
			status="info"
			isDismissible={ false }
			className="interlinker-not-set-up"
		>
			<p>
				{ __(
					'Link suggestions appear here once Interlinker is set up.',
					'interlinker'
				) }
			</p>
			<p>
				{ canManageOptions() ? (
					<a href={ adminScreenUrl( 'settings' ) }>
						{ __( 'Set it up in Interlinker → Settings', 'interlinker' ) }
					</a>
				) : (
					__( 'Ask a site administrator to set up Interlinker.', 'interlinker' )
				) }
			</p>
		</Notice>
	);
}
