/**
 * Numbers and dates as editors read them.
 */
import { dateI18n, getSettings } from '@wordpress/date';
import { decodeEntities } from '@wordpress/html-entities';
import { __ } from '@wordpress/i18n';

/**
 * A relevance score in [0, 1] as a whole percentage.
 * @param score
 */
export function scorePercent( score: number ): number {
	return Math.round( Math.min( 1, Math.max( 0, score ) ) * 100 );
}

/**
 * A date and time in the site's formats, or an em dash when there is none.
 * @param iso
 */
export function formatDateTime( iso: string | null | undefined ): string {
	if ( ! iso ) {
		return '—';
	}
	const formats = getSettings().formats;
	return dateI18n( `${ formats.date } ${ formats.time }`, iso, undefined );
}

/**
 * Post titles arrive with HTML entities (&#8217;); React prints text, so decode them to characters first.
 * @param title
 * @param fallback
 */
export function plainTitle(
	title: string | null | undefined,
	fallback = __( '(no title)', 'interlinker' )
): string {
	const decoded = decodeEntities( title ?? '' ).trim();
	return decoded === '' ? fallback : decoded;
}

/**
 * The path of a URL on this site, for places where a page has no title.
 * @param url
 */
export function urlPath( url: string ): string {
	try {
		const parsed = new URL( url );
		return parsed.pathname + parsed.search;
	} catch {
		return url;
	}
}

/** Days (YYYY-MM-DD, UTC as the bridge counts them) are formatted at that UTC day, whatever the site's timezone. */
const UTC = '+00:00';

/**
 * A day in the site's date format ("March 2, 2026" or "2. März 2026", as Settings → General says).
 * @param day YYYY-MM-DD.
 */
export function formatDay( day: string ): string {
	return dateI18n( getSettings().formats.date, `${ day }T00:00:00Z`, UTC );
}

/**
 * A day or a month in a localized PHP date format, e.g. "M j" → "Mar 2" (short labels under a chart's columns).
 * @param format A PHP date format.
 * @param day    YYYY-MM-DD.
 */
export function formatDayAs( format: string, day: string ): string {
	return dateI18n( format, `${ day }T00:00:00Z`, UTC );
}
