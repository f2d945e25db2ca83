/**
 * One error shape for every failed call, so each screen can say what went wrong and what to do about it.
 */
import { __ } from '@wordpress/i18n';

export type ApiErrorKind =
	| 'not_connected'
	| 'unreachable'
	| 'unauthorized'
	| 'rate_limited'
	| 'forbidden'
	| 'not_found'
	| 'conflict'
	| 'invalid'
	| 'offline'
	| 'unknown';

export interface ApiError {
	kind: ApiErrorKind;
	code: string;
	message: string;
	status: number | null;
	/** When the bridge's rate limit resets (ISO 8601), for `rate_limited`. */
	resetAt: string | null;
	retryAfterSeconds: number | null;
}

interface WpErrorBody {
	code?: unknown;
	message?: unknown;
	data?: { status?: unknown; resetAt?: unknown; retryAfter?: unknown } | null;
}

const KIND_BY_CODE: Record< string, ApiErrorKind > = {
	interlinker_not_configured: 'not_connected',
	interlinker_not_synced: 'not_connected',
	interlinker_bridge_unreachable: 'unreachable',
	interlinker_bridge_timeout: 'unreachable',
	interlinker_bridge_error: 'unreachable',
	interlinker_bridge_unauthorized: 'unauthorized',
	interlinker_rate_limited: 'rate_limited',
	interlinker_not_found: 'not_found',
	interlinker_conflict: 'conflict',
	interlinker_invalid_request: 'invalid',
	rest_invalid_param: 'invalid',
	rest_missing_callback_param: 'invalid',
	rest_forbidden: 'forbidden',
	rest_cookie_invalid_nonce: 'forbidden',
	fetch_error: 'offline',
};

function kindOf( code: string, status: number | null ): ApiErrorKind {
	const known = KIND_BY_CODE[ code ];
	if ( known ) {
		return known;
	}
	if ( status === 429 ) {
		return 'rate_limited';
	}
	if ( status === 401 || status === 403 ) {
		return 'forbidden';
	}
	if ( status === 404 ) {
		return 'not_found';
	}
	if ( status === 409 ) {
		return 'conflict';
	}
	if ( status === 400 ) {
		return 'invalid';
	}
	return 'unknown';
}

function isWpErrorBody( value: unknown ): value is WpErrorBody {
	return (
		typeof value === 'object' &&
		value !== null &&
		( 'code' in value || 'message' in value )
	);
}

function fromBody(
	body: WpErrorBody,
	fallbackStatus: number | null
): ApiError {
	const code = typeof body.code === 'string' ? body.code : 'unknown_error';
	const rawStatus = body.data?.status;
	const status = typeof rawStatus === 'number' ? rawStatus : fallbackStatus;
	const resetAt = body.data?.resetAt;
	const retryAfter = body.data?.retryAfter;
	return {
		kind: kindOf( code, status ),
		code,
		message:
			typeof body.message === 'string' && body.message !== ''
				? body.message
				: __( 'Something went wrong.', 'interlinker' ),
		status,
		resetAt: typeof resetAt === 'string' ? resetAt : null,
		retryAfterSeconds: typeof retryAfter === 'number' ? retryAfter : null,
	};
}

/**
 * Turns whatever apiFetch threw (a WP_Error body, a Response when `parse: false`, a network failure) into an ApiError.
 * @param thrown
 */
export async function toApiError( thrown: unknown ): Promise< ApiError > {
	if ( typeof Response !== 'undefined' && thrown instanceof Response ) {
		const body: unknown = await thrown.json().catch( () => null );
		if ( isWpErrorBody( body ) ) {
			return fromBody( body, thrown.status );
		}
		return fromBody( { code: `http_${ thrown.status }` }, thrown.status );
	}
	if ( isApiError( thrown ) ) {
		return thrown;
	}
	if ( isWpErrorBody( thrown ) ) {
		return fromBody( thrown, null );
	}
	return fromBody(
		{
			code: 'unknown_error',
			message: thrown instanceof Error ? thrown.message : undefined,
		},
		null
	);
}

export function isApiError( value: unknown ): value is ApiError {
	return (
		typeof value === 'object' &&
		value !== null &&
		'kind' in value &&
		'code' in value &&
		'message' in value &&
		'resetAt' in value
	);
}
