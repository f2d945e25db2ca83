/**
 * Implementations: every batch of inserted links, its outcome, and the way back.
 */
import { DataViews, type View } from '@wordpress/dataviews';
import { useMemo, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { getQueryArg } from '@wordpress/url';

import type { Implementation } from '../../api/types';
import { AdminPage } from '../../components/admin-page';
import { ButtonRow } from '../../components/button-row';
import { DownloadCsvButton } from '../../components/download-csv-button';
import { EmptyState, ErrorState } from '../../components/request-states';
import { useArgsInUrl } from '../../hooks/use-args-in-url';
import { useRemote } from '../../hooks/use-remote';
import { adminScreenUrl } from '../../lib/admin-pages';
import { urlArgsOf } from '../../lib/url-args';
import { implementationActions, siteRecordActions } from './actions';
import { ImplementationDetailsView } from './details';
import { SiteRecordsNotice } from './site-records-notice';
import { implementationFields } from './fields';
import { viewFromUrlArgs, viewToQuery, viewToUrlArgs } from './view';

const DEFAULT_LAYOUTS = { table: {} };

function ImplementationList() {
	// The address holds the view, so a reload or a shared link shows the same list.
	const [ view, setView ] = useState< View >( () =>
		viewFromUrlArgs( urlArgsOf( window.location.href ) )
	);
	useArgsInUrl( viewToUrlArgs( view ) );
	const query = useMemo( () => viewToQuery( view ), [ view ] );
	const exportFilters = useMemo(
		() => ( { kind: 'implementations' as const, query } ),
		[ query ]
	);
	const {
		data: page,
		isLoading,
		error,
		retry,
	} = useRemote( 'getImplementations', query );

	if ( error ) {
		return <ErrorState error={ error } onRetry={ retry } />;
	}
	const fromSiteRecords = page?.source === 'site-records';
	return (
		<>
			{ fromSiteRecords && <SiteRecordsNotice /> }
			<ButtonRow align="end" className="interlinker-list-actions">
				<DownloadCsvButton filters={ exportFilters } />
			</ButtonRow>
			<div className="interlinker-dataviews interlinker-implementations-list">
				<DataViews< Implementation >
					view={ view }
					onChangeView={ setView }
					fields={ implementationFields }
					actions={
						fromSiteRecords
							? siteRecordActions
							: implementationActions
					}
					data={ page?.items ?? [] }
					isLoading={ isLoading && ! page }
					paginationInfo={ {
						totalItems: page?.total ?? 0,
						totalPages: page?.totalPages ?? 0,
					} }
					defaultLayouts={ DEFAULT_LAYOUTS }
					search={ false }
				/>
				{ page && page.total === 0 && ! isLoading && (
				<EmptyState
					title={ __(
						'No links have been implemented yet.',
						'interlinker'
					) }
				>
					<p>
						<a href={ adminScreenUrl( 'suggestions' ) }>
							{ __(
								'Insert links from the Suggestions screen.',
								'interlinker'
							) }
						</a>
					</p>
				</EmptyState>
				) }
			</div>
		</>
	);
}

export function ImplementationsScreen() {
	const selected = getQueryArg( window.location.href, 'implementation' );
	return (
		<AdminPage title={ __( 'Implementations', 'interlinker' ) }>
			{ typeof selected === 'string' && selected !== '' ? (
				<ImplementationDetailsView
					id={ selected }
					backUrl={ adminScreenUrl( 'implementations' ) }
				/>
			) : (
				<>
					<p className="interlinker-intro">
						{ __(
							'Each implementation is one batch of links inserted into your posts. Open one to see every link and why any failed, and to undo one link, one post’s links, or all of them: exactly those links are removed.',
							'interlinker'
						) }
					</p>
					<ImplementationList />
				</>
			) }
		</AdminPage>
	);
}
