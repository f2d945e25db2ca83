/**
 * Axis arithmetic for the small SVG charts: round ticks (0, 10, 20 … never 0, 13, 26) and the top they reach.
 */

/**
 * The smallest "nice" number (1, 2, 5 × 10ⁿ) at or above `value`; at least 1, as counts are whole numbers.
 * @param value
 */
export function niceCeiling( value: number ): number {
	if ( ! Number.isFinite( value ) || value <= 1 ) {
		return 1;
	}
	const magnitude = 10 ** Math.floor( Math.log10( value ) );
	for ( const step of [ 1, 2, 5, 10 ] ) {
		if ( step * magnitude >= value ) {
			return step * magnitude;
		}
	}
	return 10 * magnitude;
}

/**
 * Ticks from 0 to `top` at a round step (1, 2, 5 × 10ⁿ), about `count` intervals.
 * @param top
 * @param count
 */
export function ticks( top: number, count = 5 ): number[] {
	const step = niceCeiling( top / count );
	const values: number[] = [];
	for ( let value = 0; value < top + step / 2; value += step ) {
		values.push( value );
	}
	return values;
}

/**
 * The axis for values up to `max`: a round step, the first multiple of it at or above `max` as the top, and the
 * ticks between. 37 → 0, 10, 20, 30, 40; 50 → 0, 10 … 50; 0 → 0, 1.
 * @param max
 * @param count About this many intervals.
 */
export function axis(
	max: number,
	count = 5
): { top: number; ticks: number[] } {
	const step = niceCeiling( Math.max( 0, max ) / count );
	const top = Math.max( step, Math.ceil( Math.max( 0, max ) / step ) * step );
	return { top, ticks: ticks( top, Math.round( top / step ) ) };
}

/**
 * Where `value` sits on a bar of `length` pixels when the axis ends at `top`.
 * @param value
 * @param top
 * @param length
 */
export function scaled( value: number, top: number, length: number ): number {
	return top <= 0 ? 0 : ( Math.max( 0, value ) / top ) * length;
}
