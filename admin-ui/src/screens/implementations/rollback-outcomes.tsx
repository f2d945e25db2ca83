/**
 * What a rollback did to each post: restored byte for byte, links taken out around later edits, or nothing left to
 * take out. Shown after a rollback made on this page, since the plugin keeps no record of it.
 */
import { __, _n, sprintf } from '@wordpress/i18n';

import type {
	ImplementationDetails,
	RollbackOutcome,
	RollbackPostResult,
} from '../../api/types';
import { PostLinks } from '../../components/post-links';
import { StatusBadge } from '../../components/status-badge';

const OUTCOME_LABELS: Record< RollbackOutcome, string > = {
	restored_exactly: __( 'Restored exactly', 'interlinker' ),
	links_removed: __( 'Links removed, later edits kept', 'interlinker' ),
	nothing_to_remove: __( 'Nothing to remove', 'interlinker' ),
	save_failed: __( 'Not saved', 'interlinker' ),
};

const OUTCOME_EXPLANATIONS: Record< RollbackOutcome, string > = {
	restored_exactly: __(
		'Nobody had edited the post since, so it is exactly as it was before.',
		'interlinker'
	),
	links_removed: __(
		'The post was edited after the links went in: the links were taken out and those edits kept.',
		'interlinker'
	),
	nothing_to_remove: __(
		'The links had already been removed from the post by hand.',
		'interlinker'
	),
	save_failed: __(
		'The post could not be saved; its links are still in it, and the next sync takes them out.',
		'interlinker'
	),
};

/**
 * The post's title and links, from what the details already know about it.
 * @param implementation
 * @param postId
 */
function postOf(
	implementation: ImplementationDetails,
	postId: number
): { title: string; url: string | null; editLink: string } {
	const changed = implementation.posts.find(
		( post ) => post.postId === postId
	);
	const suggestion = implementation.suggestions?.find(
		( candidate ) => candidate.sourcePostId === postId
	);
	return {
		title:
			changed?.title ??
			suggestion?.sourceTitle ??
			/* translators: %d: post id. */
			sprintf( __( 'Post #%d', 'interlinker' ), postId ),
		url: suggestion?.sourcePageUrl ?? null,
		editLink: changed?.editLink ?? suggestion?.sourceEditLink ?? '',
	};
}

function linkCountsText( result: RollbackPostResult ): string {
	const removed = sprintf(
		/* translators: %d: number of links. */
		_n(
			'%d link removed.',
			'%d links removed.',
			result.removedSuggestionIds.length,
			'interlinker'
		),
		result.removedSuggestionIds.length
	);
	if ( result.missingSuggestionIds.length === 0 ) {
		return removed;
	}
	return sprintf(
		/* translators: 1: links removed, 2: number of links no longer in the post. */
		_n(
			'%1$s %2$d was no longer in the post.',
			'%1$s %2$d were no longer in the post.',
			result.missingSuggestionIds.length,
			'interlinker'
		),
		removed,
		result.missingSuggestionIds.length
	);
}

export function RollbackOutcomes( {
	implementation,
	outcomes,
}: {
	implementation: ImplementationDetails;
	outcomes: RollbackPostResult[];
} ) {
	return (
		<section
			className="interlinker-rollback-outcomes"
			aria-labelledby="interlinker-rollback-outcomes-title"
		>
			<h2 id="interlinker-rollback-outcomes-title">
				{ __( 'What the rollback did', 'interlinker' ) }
			</h2>
			<table className="widefat striped interlinker-table">
				<thead>
					<tr>
						<th scope="col">{ __( 'Post', 'interlinker' ) }</th>
						<th scope="col">{ __( 'Outcome', 'interlinker' ) }</th>
						<th scope="col">{ __( 'Links', 'interlinker' ) }</th>
					</tr>
				</thead>
				<tbody>
					{ outcomes.map( ( result ) => (
						<tr key={ result.postId }>
							<td>
								<PostLinks
									{ ...postOf(
										implementation,
										result.postId
									) }
								/>
							</td>
							<td>
								<StatusBadge
									status={ `outcome-${ result.outcome }` }
									label={ OUTCOME_LABELS[ result.outcome ] }
								/>
								<p className="interlinker-result__reason">
									{ OUTCOME_EXPLANATIONS[ result.outcome ] }
								</p>
							</td>
							<td>{ linkCountsText( result ) }</td>
						</tr>
					) ) }
				</tbody>
			</table>
		</section>
	);
}
