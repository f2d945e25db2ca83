/**
 * "Find new suggestions" in the sidebar: the bridge scores the post's text again, so the scores of suggestions it
 * already had may move. The editor is told how they moved rather than seeing numbers change without a word.
 */
import { __, _n, sprintf } from '@wordpress/i18n';

import type { Suggestion } from '../api/types';

export interface ScoreChanges {
	/** Suggestions of the same link (target and anchor) whose score moved by a whole percent or more. */
	changed: number;
	/** Links suggested now that were not before. */
	added: number;
	total: number;
}

function linkKey( suggestion: Suggestion ): string {
	return `${ suggestion.targetPageUrl }\u0000${ suggestion.anchorText.toLowerCase() }`;
}

/**
 * How the suggestions after a new run differ from those shown before it.
 *
 * @param before The suggestions listed before.
 * @param after  The suggestions the run answered.
 */
export function scoreChanges(
	before: Suggestion[],
	after: Suggestion[]
): ScoreChanges {
	const previous = new Map(
		before.map( ( suggestion ) => [
			linkKey( suggestion ),
			suggestion.relevanceScore,
		] )
	);
	let changed = 0;
	let added = 0;
	for ( const suggestion of after ) {
		const score = previous.get( linkKey( suggestion ) );
		if ( score === undefined ) {
			added++;
		} else if (
			Math.round( score * 100 ) !==
			Math.round( suggestion.relevanceScore * 100 )
		) {
			changed++;
		}
	}
	return { changed, added, total: after.length };
}

/**
 * One or two sentences for the sidebar after "Find new suggestions".
 *
 * @param changes What scoreChanges() found.
 */
export function scoreChangesMessage( changes: ScoreChanges ): string {
	const found = sprintf(
		/* translators: 1: number of suggestions, 2: how many of them are new. */
		_n(
			'%1$d suggestion for this post (%2$d new).',
			'%1$d suggestions for this post (%2$d new).',
			changes.total,
			'interlinker'
		),
		changes.total,
		changes.added
	);
	if ( changes.changed === 0 ) {
		return `${ found } ${ __(
			'Scores are recomputed from the current text; none of the earlier ones changed.',
			'interlinker'
		) }`;
	}
	return `${ found } ${ sprintf(
		/* translators: %d: number of suggestions whose score changed. */
		_n(
			'Scores are recomputed from the current text: %d earlier score changed.',
			'Scores are recomputed from the current text: %d earlier scores changed.',
			changes.changed,
			'interlinker'
		),
		changes.changed
	) }`;
}
