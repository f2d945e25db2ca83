/**
 * Suggestions made and implementations run, per day of the chosen window.
 */
import { Card, CardBody, CardHeader } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';

import type { DateRange } from '../../api/analytics';
import { ColumnChart } from '../../components/column-chart';
import { RemoteContent } from '../../components/remote-content';
import { useRemote } from '../../hooks/use-remote';
import { activityPoints, totals } from './activity-points';

const SERIES = [
	{ key: 'suggestions', label: __( 'Suggestions made', 'interlinker' ) },
	{
		key: 'implementations',
		label: __( 'Implementations run', 'interlinker' ),
	},
];

export function ActivityChart( { range }: { range: DateRange } ) {
	const remote = useRemote( 'getTimeseries', range );
	return (
		<Card className="interlinker-panel">
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
					{ ( points ) => {
						const chartPoints = activityPoints( points, range );
						const sum = totals( chartPoints );
						return (
							<ColumnChart
								title={ __(
									'Suggestions and implementations per day',
									'interlinker'
								) }
								summary={ sprintf(
									/* translators: 1: "3 suggestions", 2: "1 implementation", 3: first day, 4: last day. */
									__(
										'%1$s and %2$s from %3$s to %4$s.',
										'interlinker'
									),
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
									range.startDate,
									range.endDate
								) }
								series={ SERIES }
								points={ chartPoints }
							/>
						);
					} }
				</RemoteContent>
			</CardBody>
		</Card>
	);
}
