/**
 * Suggestions made and implementations run in the chosen window: per day, per week or per month, as the window's
 * length calls for; dates in the site's format and language.
 */
import { Card, CardBody, CardHeader } from '@wordpress/components';
import { getSettings } from '@wordpress/date';
import { __, _n, sprintf } from '@wordpress/i18n';

import type { DateRange } from '../../api/analytics';
import type { TimeseriesPoint } from '../../api/types';
import { ColumnChart, type ChartPoint } from '../../components/column-chart';
import { RemoteContent } from '../../components/remote-content';
import { useLastRemote } from '../../hooks/use-last-remote';
import { formatDay, formatDayAs } from '../../lib/format';
import {
	activityBins,
	type ActivityBin,
	type BinUnit,
	totals,
} from './activity-points';

const SERIES = [
	{ key: 'suggestions', label: __( 'Suggestions made', 'interlinker' ) },
	{
		key: 'implementations',
		label: __( 'Implementations run', 'interlinker' ),
	},
];

const TITLES: Record< BinUnit, string > = {
	day: __( 'Suggestions and implementations per day', 'interlinker' ),
	week: __( 'Suggestions and implementations per week', 'interlinker' ),
	month: __( 'Suggestions and implementations per month', 'interlinker' ),
};

const ROW_HEADERS: Record< BinUnit, string > = {
	day: __( 'Day', 'interlinker' ),
	week: __( 'Week', 'interlinker' ),
	month: __( 'Month', 'interlinker' ),
};

function chartPoint( bin: ActivityBin, unit: BinUnit ): ChartPoint {
	const values = {
		suggestions: bin.suggestions,
		implementations: bin.implementations,
	};
	if ( unit === 'day' ) {
		return {
			label: formatDay( bin.start ),
			/* translators: PHP date format of a short day under a chart column, e.g. "Mar 2". */
			axisLabel: formatDayAs( __( 'M j', 'interlinker' ), bin.start ),
			values,
		};
	}
	if ( unit === 'month' ) {
		return {
			/* translators: PHP date format of a month, e.g. "March 2026". */
			label: formatDayAs( __( 'F Y', 'interlinker' ), bin.start ),
			/* translators: PHP date format of a short month under a chart column, e.g. "Mar". */
			axisLabel: formatDayAs( __( 'M', 'interlinker' ), bin.start ),
			values,
		};
	}
	return {
		label: sprintf(
			/* translators: 1: first day of a week, 2: its last day. */
			__( '%1$s – %2$s', 'interlinker' ),
			formatDay( bin.start ),
			formatDay( bin.end )
		),
		axisLabel: formatDayAs( __( 'M j', 'interlinker' ), bin.start ),
		values,
	};
}

function Chart( {
	points,
	range,
}: {
	points: TimeseriesPoint[];
	range: DateRange;
} ) {
	const { unit, bins } = activityBins(
		points,
		range,
		getSettings().l10n.startOfWeek
	);
	const sum = totals( bins );
	return (
		<ColumnChart
			title={ TITLES[ unit ] }
			rowHeader={ ROW_HEADERS[ unit ] }
			summary={ sprintf(
				/* translators: 1: "3 suggestions", 2: "1 implementation", 3: first day, 4: last day. */
				__( '%1$s and %2$s from %3$s to %4$s.', 'interlinker' ),
				sprintf(
					/* translators: %d: number of suggestions. */
					_n(
						'%d suggestion',
						'%d suggestions',
						sum.suggestions,
						'interlinker'
					),
					sum.suggestions
				),
				sprintf(
					/* translators: %d: number of implementations. */
					_n(
						'%d implementation',
						'%d implementations',
						sum.implementations,
						'interlinker'
					),
					sum.implementations
				),
				formatDay( range.startDate ),
				formatDay( range.endDate )
			) }
			series={ SERIES }
			points={ bins.map( ( bin ) => chartPoint( bin, unit ) ) }
		/>
	);
}

export function ActivityChart( { range }: { range: DateRange } ) {
	// While another period loads, the last one stays on screen, dimmed, with the range it is about.
	const remote = useLastRemote( 'getTimeseries', range );
	return (
		<Card
			className={ `interlinker-panel${
				remote.isStale ? ' is-stale' : ''
			}` }
			aria-busy={ remote.isStale }
		>
			<CardHeader>
				<h2 className="interlinker-card-title">
					{ __( 'Activity over time', 'interlinker' ) }
				</h2>
			</CardHeader>
			<CardBody>
				<RemoteContent
					remote={ remote }
					loadingLabel={ __( 'Loading activity…', 'interlinker' ) }
					emptyTitle={ __(
						'Nothing happened in this period.',
						'interlinker'
					) }
					isEmpty={ () => false }
				>
					{ ( points ) => (
						<Chart points={ points } range={ remote.args[ 0 ] } />
					) }
				</RemoteContent>
			</CardBody>
		</Card>
	);
}
