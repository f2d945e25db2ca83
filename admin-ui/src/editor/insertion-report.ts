/**
 * What the sidebar reports of an insertion and of an undo, from the plugin's answers.
 */
import { __ } from '@wordpress/i18n';

import { isApiError, type ApiError } from '../api/errors';
import type {
	ImplementAnswer,
	RollbackAnswer,
	Suggestion,
} from '../api/types';

/** One link of an insertion, as the sidebar reports it. */
export interface InsertedLine {
	suggestion: Suggestion;
	implementationId: string;
	succeeded: boolean;
	/** Why it did not go in, in the plugin's words. */
	reason: string | null;
}

export function asApiError( thrown: unknown ): ApiError {
	if ( isApiError( thrown ) ) {
		return thrown;
	}
	return {
		kind: 'unknown',
		code: 'interlinker_editor_error',
		message: thrown instanceof Error ? thrown.message : String( thrown ),
		status: null,
		resetAt: null,
		retryAfterSeconds: null,
	};
}

/**
 * The report lines of an implement answer, in the order the links were ticked.
 *
 * @param answer The plugin's answer.
 * @param ticked The suggestions asked for.
 */
export function linesOf(
	answer: ImplementAnswer,
	ticked: Suggestion[]
): InsertedLine[] {
	const results = new Map(
		( answer.results ?? [] ).map( ( result ) => [
			result.suggestionId,
			result,
		] )
	);
	return ticked.map( ( suggestion ) => {
		const result = results.get( suggestion.id );
		return {
			suggestion,
			implementationId: answer.id,
			succeeded: result?.succeeded ?? false,
			reason: result?.succeeded
				? null
				: result?.reason ??
				  __( 'The plugin did not report this link.', 'interlinker' ),
		};
	} );
}

/**
 * Whether a rollback took the link of `suggestionId` out; else why not.
 *
 * @param answer       The plugin's rollback answer.
 * @param suggestionId The link asked for.
 */
export function undoOutcome(
	answer: RollbackAnswer,
	suggestionId: string
): { removed: boolean; reason: string | null } {
	for ( const post of answer.results ) {
		if ( post.removedSuggestionIds.includes( suggestionId ) ) {
			return { removed: true, reason: null };
		}
		if ( post.outcome === 'save_failed' ) {
			return {
				removed: false,
				reason:
					post.reason ??
					__( 'The post could not be saved.', 'interlinker' ),
			};
		}
	}
	// Nothing to remove: the link had already left the post (an edit took it out), so it is gone either way.
	return { removed: true, reason: null };
}
