/**
 * Date windows for the link-health screen, as inclusive UTC days (YYYY-MM-DD), the way the bridge reads them.
 */
import type { DateRange } from '../api/analytics';

export type RangePreset = '7d' | '30d' | '90d' | '365d';

const PRESET_DAYS: Record< RangePreset, number > = {
	'7d': 7,
	'30d': 30,
	'90d': 90,
	'365d': 365,
};

export const DEFAULT_PRESET: RangePreset = '30d';

export function isoDay( date: Date ): string {
	return date.toISOString().slice( 0, 10 );
}

function addDays( day: Date, days: number ): Date {
	return new Date( day.getTime() + days * 86_400_000 );
}

/**
 * The last N days, today included.
 * @param preset
 * @param today
 */
export function rangeForPreset(
	preset: RangePreset,
	today: Date = new Date()
): DateRange {
	const days = PRESET_DAYS[ preset ];
	return {
		startDate: isoDay( addDays( today, -( days - 1 ) ) ),
		endDate: isoDay( today ),
	};
}

export function isValidDay( value: string ): boolean {
	if ( ! /^\d{4}-\d{2}-\d{2}$/.test( value ) ) {
		return false;
	}
	const parsed = new Date( `${ value }T00:00:00Z` );
	return ! Number.isNaN( parsed.getTime() ) && isoDay( parsed ) === value;
}

/**
 * A custom window the bridge will accept: both days valid and start on or before end; else null.
 * @param startDate
 * @param endDate
 */
export function customRange(
	startDate: string,
	endDate: string
): DateRange | null {
	if (
		! isValidDay( startDate ) ||
		! isValidDay( endDate ) ||
		startDate > endDate
	) {
		return null;
	}
	return { startDate, endDate };
}

/**
 * Every day of the window, so a chart shows days without activity as zero instead of skipping them.
 * @param range
 */
export function daysOf( range: DateRange ): string[] {
	const days: string[] = [];
	const end = new Date( `${ range.endDate }T00:00:00Z` );
	for (
		let day = new Date( `${ range.startDate }T00:00:00Z` );
		day <= end;
		day = addDays( day, 1 )
	) {
		days.push( isoDay( day ) );
	}
	return days;
}
