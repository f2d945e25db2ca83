/**
 * Words for an ApiError that tell an editor what happened and what to do next.
 */
import { dateI18n, getSettings } from '@wordpress/date';
import { __, sprintf } from '@wordpress/i18n';

import type { ApiError } from '../api/errors';

/**
 * The moment the bridge's rate limit resets, in the site's time format, or null when unknown.
 * @param error
 * @param now
 */
export function rateLimitResetTime(
	error: ApiError,
	now: Date = new Date()
): string | null {
	if ( error.resetAt ) {
		return dateI18n( getSettings().formats.time, error.resetAt, undefined );
	}
	if ( error.retryAfterSeconds !== null ) {
		return dateI18n(
			getSettings().formats.time,
			new Date( now.getTime() + error.retryAfterSeconds * 1000 ),
			undefined
		);
	}
	return null;
}

export function errorTitle( error: ApiError ): string {
	if ( error.code === 'interlinker_post_locked' ) {
		return __( 'Someone else is editing this post', 'interlinker' );
	}
	if ( error.code === 'interlinker_bridge_timeout' ) {
		return __( 'The bridge is too slow to answer', 'interlinker' );
	}
	if ( error.code === 'interlinker_not_synced' ) {
		return __( 'This site is not synced yet', 'interlinker' );
	}
	switch ( error.kind ) {
		case 'not_connected':
			return __( 'Interlinker is not connected yet', 'interlinker' );
		case 'unreachable':
			return __( 'The bridge cannot be reached', 'interlinker' );
		case 'unauthorized':
			return __( 'The bridge refused the API key', 'interlinker' );
		case 'rate_limited':
			return __( 'The hourly request limit is used up', 'interlinker' );
		case 'forbidden':
			return __( 'You are not allowed to do this', 'interlinker' );
		case 'offline':
			return __( 'WordPress could not be reached', 'interlinker' );
		case 'not_found':
			return __( 'Not found', 'interlinker' );
		case 'conflict':
			return __( 'Not possible in the current state', 'interlinker' );
		case 'invalid':
			return __( 'The request was not accepted', 'interlinker' );
		case 'unknown':
			return __( 'Something went wrong', 'interlinker' );
	}
}

/**
 * One sentence: the server's message, plus the reset time when rate-limited.
 * @param error
 * @param now
 */
export function describeError(
	error: ApiError,
	now: Date = new Date()
): string {
	if ( error.kind === 'rate_limited' ) {
		const resetTime = rateLimitResetTime( error, now );
		if ( resetTime ) {
			return sprintf(
				/* translators: %s: a time of day. */
				__(
					'The bridge’s hourly request limit is used up. Try again after %s.',
					'interlinker'
				),
				resetTime
			);
		}
	}
	return error.message;
}

/**
 * What to say under an error's title: for a used-up rate limit only when to try again (the title already says what
 * happened), else the same sentence as describeError().
 * @param error
 * @param now
 */
export function errorDetail( error: ApiError, now: Date = new Date() ): string {
	const resetTime =
		error.kind === 'rate_limited' ? rateLimitResetTime( error, now ) : null;
	if ( resetTime ) {
		return sprintf(
			/* translators: %s: a time of day. */
			__(
				'Try again after %s, when the bridge’s hourly count starts over.',
				'interlinker'
			),
			resetTime
		);
	}
	return describeError( error, now );
}
