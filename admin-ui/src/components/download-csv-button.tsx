/**
 * "Download CSV": the list it sits on, with its current filters, as a file.
 */
import { Button } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';
import { download } from '@wordpress/icons';

import type { ExportFilters } from '../api/exports';
import { store } from '../store';

export function DownloadCsvButton( {
	filters,
	listName,
}: {
	filters: ExportFilters;
	/** Names the list for screen readers, when a screen holds more than one such button. */
	listName?: string;
} ) {
	const isDownloading = useSelect(
		( select ) => select( store ).isBusy( `export:${ filters.kind }` ),
		[ filters.kind ]
	);
	const { downloadCsv } = useDispatch( store );
	return (
		<Button
			variant="secondary"
			icon={ download }
			isBusy={ isDownloading }
			disabled={ isDownloading }
			accessibleWhenDisabled
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
