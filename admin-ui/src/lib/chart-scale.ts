/**
 * Axis arithmetic for the small SVG charts: a rounded top value and evenly spaced ticks.
 */

/**
 * The smallest "nice" number (1, 2, 5 × 10ⁿ) at or above `value`; at least 1 so empty data still draws.
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
 * Whole-number ticks from 0 to `top`, at most `count` + 1 of them.
 * @param top
 * @param count
 */
export function ticks( top: number, count = 4 ): number[] {
	const step = Math.max( 1, Math.ceil( top / count ) );
	const values: number[] = [];
	for ( let value = 0; value <= top; value += step ) {
		values.push( value );
	}
	if ( values[ values.length - 1 ] !== top ) {
		values.push( top );
	}
	return values;
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
