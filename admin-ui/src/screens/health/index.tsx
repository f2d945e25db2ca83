/**
 * Link health: what Interlinker did in a period, how links are spread, and the pages that need attention.
 */
import { useDispatch } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { AdminPage } from '../../components/admin-page';
import { ErrorState, LoadingState } from '../../components/request-states';
import { useRemote } from '../../hooks/use-remote';
import { store } from '../../store';
import { DEFAULT_PRESET, rangeForPreset } from '../../lib/date-range';
import { ActivityChart } from './activity-chart';
import { BrokenLinks } from './broken-links';
import { DateRangeControl } from './date-range-control';
import { InboundLinks } from './inbound-links';
import { OrphanPages } from './orphan-pages';
import { SummaryCards } from './summary-cards';

export function HealthScreen() {
	const [ range, setRange ] = useState( () =>
		rangeForPreset( DEFAULT_PRESET )
	);
	const summary = useRemote( 'getAnalytics', range );
	const { refreshHealth } = useDispatch( store );
	return (
		<AdminPage title={ __( 'Link health', 'interlinker' ) }>
			<DateRangeControl range={ range } onChange={ setRange } />
			{ /* When the summary fails, the other reports would fail the same way: say it once. */ }
			{ summary.error && (
				<ErrorState
					error={ summary.error }
					onRetry={ () => void refreshHealth() }
				/>
			) }
			{ ! summary.error && ! summary.data && (
				<LoadingState
					label={ __( 'Loading link health…', 'interlinker' ) }
				/>
			) }
			{ summary.data && ! summary.error && (
				<>
					<SummaryCards summary={ summary.data } />
					<p className="description interlinker-health-note">
						{ __(
							'Suggestions and implementations count those made in the period; pages and links are as they are now.',
							'interlinker'
						) }
					</p>
					<div className="interlinker-health-grid">
						<ActivityChart range={ range } />
						<InboundLinks />
						<OrphanPages />
						<BrokenLinks />
					</div>
				</>
			) }
		</AdminPage>
	);
}
