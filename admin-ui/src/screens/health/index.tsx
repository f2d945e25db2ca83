/**
 * Link health: what Interlinker did in a period, how links are spread, each post's links, and the pages that need
 * attention. Changing the period keeps the figures of the last one on screen, dimmed, until the new ones arrive.
 */
import { useDispatch } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { AdminPage } from '../../components/admin-page';
import { ErrorState, LoadingState } from '../../components/request-states';
import { useLastRemote } from '../../hooks/use-last-remote';
import { store } from '../../store';
import { DEFAULT_PRESET, rangeForPreset } from '../../lib/date-range';
import { ActivityChart } from './activity-chart';
import { BrokenLinks } from './broken-links';
import { DateRangeControl } from './date-range-control';
import { InboundLinks } from './inbound-links';
import { LinkCountProgress } from './link-count-progress';
import { LinkCounts } from './link-counts';
import { OrphanPages } from './orphan-pages';
import { SummaryCards } from './summary-cards';

export function HealthScreen() {
	const [ range, setRange ] = useState( () =>
		rangeForPreset( DEFAULT_PRESET )
	);
	const summary = useLastRemote( 'getAnalytics', range );
	const { refreshHealth } = useDispatch( store );
	return (
		<AdminPage title={ __( 'Link health', 'interlinker' ) }>
			<DateRangeControl range={ range } onChange={ setRange } />
			{ /* When the summary fails, the other bridge reports would fail the same way: say it once. */ }
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
				<div
					className={ `interlinker-health-period${
						summary.isStale ? ' is-stale' : ''
					}` }
					aria-busy={ summary.isStale }
				>
					<SummaryCards summary={ summary.data } />
					<p className="description interlinker-health-note">
						{ __(
							'Suggestions and implementations count those made in the period; pages and links are as they are now.',
							'interlinker'
						) }
					</p>
				</div>
			) }
			<LinkCountProgress />
			<div className="interlinker-health-grid">
				{ summary.data && ! summary.error && (
					<>
						<ActivityChart range={ range } />
						<InboundLinks />
					</>
				) }
				<LinkCounts />
				<OrphanPages />
				{ summary.data && ! summary.error && <BrokenLinks /> }
			</div>
		</AdminPage>
	);
}
