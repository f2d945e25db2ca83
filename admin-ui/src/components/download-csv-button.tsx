/**
 * "Download CSV": the list it sits on, with its current filters, as a file.
 */
import { Button } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';
import { download } from '@wordpress/icons';

import type { ExportFilters } from '../api/exports';
import { store } from '../store';
import { notConnectedReason } from './not-connected-reason';

export function DownloadCsvButton( {
	filters,
	listName,
}: {
	filters: ExportFilters;
	/** Names the list for screen readers, when a screen holds more than one such button. */
	listName?: string;
} ) {
	const { isDownloading, connected } = useSelect(
		( select ) => ( {
			isDownloading: select( store ).isBusy( `export:${ filters.kind }` ),
			connected: select( store ).isConnected(),
		} ),
		[ filters.kind ]
	);
	const { downloadCsv } = useDispatch( store );
	return (
		<Button
			variant="secondary"
			icon={ download }
			isBusy={ isDownloading }
			disabled={ isDownloading || ! connected }
			accessibleWhenDisabled
			description={ connected ? undefined : notConnectedReason() }
			showTooltip={ ! connected }
			aria-label={
				listName
					? sprintf(
							/* translators: %s: the list, e.g. "Orphan pages". */
							__( 'Download CSV: %s', 'interlinker' ),
							listName
					  )
					: undefined
			}
			onClick={ () => void downloadCsv( filters ) }
		>
			{ __( 'Download CSV', 'interlinker' ) }
		</Button>
	);
}
