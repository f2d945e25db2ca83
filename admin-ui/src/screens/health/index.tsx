/**
 * Link health: what Interlinker did in a period, how links are spread, and the pages that need attention.
 */
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { AdminPage } from '../../components/admin-page';
import { RemoteContent } from '../../components/remote-content';
import { useRemote } from '../../hooks/use-remote';
import { DEFAULT_PRESET, rangeForPreset } from '../../lib/date-range';
import { ActivityChart } from './activity-chart';
import { BrokenLinks } from './broken-links';
import { DateRangeControl } from './date-range-control';
import { InboundLinks } from './inbound-links';
import { OrphanPages } from './orphan-pages';
import { SummaryCards } from './summary-cards';

export function HealthScreen() {
	const [ range, setRange ] = useState( () => rangeForPreset( DEFAULT_PRESET ) );
	const summary = useRemote( 'getAnalytics', range );
	return (
		<AdminPage title={ __( 'Link health', 'interlinker' ) }>
			<DateRangeControl range={ range } onChange={ setRange } />
			<RemoteContent
				remote={ summary }
				loadingLabel={ __( 'Loading link health…', 'interlinker' ) }
				emptyTitle=""
				isEmpty={ () => false }
			>
				{ ( data ) => <SummaryCards summary={ data } /> }
			</RemoteContent>
			<div className="interlinker-health-grid">
				<ActivityChart range={ range } />
				<InboundLinks />
				<OrphanPages />
				<BrokenLinks />
			</div>
		</AdminPage>
	);
}
