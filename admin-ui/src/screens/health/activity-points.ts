/**
 * Turns the bridge's per-day counts into one chart point for every day of the window (missing days count zero).
 */
import type { DateRange } from '../../api/analytics';
import type { TimeseriesPoint } from '../../api/types';
import type { ChartPoint } from '../../components/column-chart';
import { daysOf } from '../../lib/date-range';

export function activityPoints(
	points: TimeseriesPoint[],
	range: DateRange
): ChartPoint[] {
	const byDay = new Map( points.map( ( point ) => [ point.date, point ] ) );
	return daysOf( range ).map( ( day ) => {
		const point = byDay.get( day );
		return {
			label: day,
			values: {
				suggestions: point?.suggestions ?? 0,
				implementations: point?.implementations ?? 0,
			},
		};
	} );
}

export function totals( points: ChartPoint[] ): {
	suggestions: number;
	implementations: number;
} {
	let suggestions = 0;
	let implementations = 0;
	for ( const point of points ) {
		suggestions += point.values.suggestions ?? 0;
		implementations += point.values.implementations ?? 0;
	}
	return { suggestions, implementations };
}
