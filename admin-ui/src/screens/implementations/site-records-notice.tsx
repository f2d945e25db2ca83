/**
 * Said above a list or details made from the site's own records while the bridge cannot be reached.
 */
import { Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

export function SiteRecordsNotice() {
	return (
		<Notice
			status="warning"
			isDismissible={ false }
			className="interlinker-site-records-notice"
		>
			{ __(
				'The bridge cannot be reached: this is the site’s own record of the links Interlinker inserted; undo needs the bridge.',
				'interlinker'
			) }
		</Notice>
	);
}

