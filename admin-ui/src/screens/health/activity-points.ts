/**
 * Turns the bridge's per-day counts into chart columns for the window: one per day for a short window, one per week
 * for up to about six months, one per month beyond (a year is 12 columns, not 365 hairlines). Days without activity
 * count zero; the first and last bins may be partial and say so by their start and end days.
 */
import type { DateRange } from '../../api/analytics';
import type { TimeseriesPoint } from '../../api/types';
import { daysOf } from '../../lib/date-range';

export type BinUnit = 'day' | 'week' | 'month';

export interface ActivityBin {
	/** First and last day of the bin within the window, YYYY-MM-DD. */
	start: string;
	end: string;
	suggestions: number;
	implementations: number;
}

/** Windows of up to this many days are drawn per day, then per week up to WEEKLY_UP_TO, then per month. */
const DAILY_UP_TO = 31;
const WEEKLY_UP_TO = 184;

export function binUnit( days: number ): BinUnit {
	if ( days <= DAILY_UP_TO ) {
		return 'day';
	}
	return days <= WEEKLY_UP_TO ? 'week' : 'month';
}

/**
 * The bin a day falls in, named by its first day (not clipped to the window).
 * @param day         YYYY-MM-DD.
 * @param unit
 * @param startOfWeek 0 = Sunday … 6 = Saturday, as the site's settings say.
 */
function binKey( day: string, unit: BinUnit, startOfWeek: number ): string {
	if ( unit === 'day' ) {
		return day;
	}
	if ( unit === 'month' ) {
		return `${ day.slice( 0, 7 ) }-01`;
	}
	const date = new Date( `${ day }T00:00:00Z` );
	const back = ( date.getUTCDay() - startOfWeek + 7 ) % 7;
	return new Date( date.getTime() - back * 86_400_000 )
		.toISOString()
		.slice( 0, 10 );
}

export function activityBins(
	points: TimeseriesPoint[],
	range: DateRange,
	startOfWeek = 1
): { unit: BinUnit; bins: ActivityBin[] } {
	const byDay = new Map( points.map( ( point ) => [ point.date, point ] ) );
	const days = daysOf( range );
	const unit = binUnit( days.length );
	const bins = new Map< string, ActivityBin >();
	for ( const day of days ) {
		const key = binKey( day, unit, startOfWeek );
		const bin = bins.get( key ) ?? {
			start: day,
			end: day,
			suggestions: 0,
			implementations: 0,
		};
		const point = byDay.get( day );
		bin.end = day;
		bin.suggestions += point?.suggestions ?? 0;
		bin.implementations += point?.implementations ?? 0;
		bins.set( key, bin );
	}
	return { unit, bins: [ ...bins.values() ] };
}

export function totals( bins: ActivityBin[] ): {
	suggestions: number;
	implementations: number;
} {
	let suggestions = 0;
	let implementations = 0;
	for ( const bin of bins ) {
		suggestions += bin.suggestions;
		implementations += bin.implementations;
	}
	return { suggestions, implementations };
}
