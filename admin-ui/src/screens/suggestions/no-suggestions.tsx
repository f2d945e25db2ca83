/**
 * The one message of an empty suggestions list, saying why it is empty: for one post, what the plugin found about
 * it (not eligible, not synced yet, none found yet or none above the minimum score); otherwise what to try.
 */
import type { View } from '@wordpress/dataviews';
import { __, sprintf } from '@wordpress/i18n';

import type { PostSuggestionState } from '../../api/types';
import type { PickedPost } from '../../components/post-picker';
import { EmptyState } from '../../components/request-states';
import { canManageOptions } from '../../lib/admin-config';

/**
 * Whether the view narrows the list beyond a status (a search): then the search is the likelier reason.
 * @param view
 */
export function hasNarrowingFilters( view: View ): boolean {
	return ( view.search?.trim() ?? '' ) !== '';
}

function postReason(
	title: string,
	state: PostSuggestionState | null
): { heading: string; detail: string } {
	if ( state === 'not_eligible' ) {
		return {
			heading: sprintf(
				/* translators: %s: post title. */
				__( '“%s” gets no suggestions.', 'interlinker' ),
				title
			),
			detail: __(
				'It is not published, is password-protected, or its post type, category or address is left out in Interlinker → Settings.',
				'interlinker'
			),
		};
	}
	if ( state === 'not_synced' ) {
		return {
			heading: sprintf(
				/* translators: %s: post title. */
				__( 'Interlinker has not read “%s” yet.', 'interlinker' ),
				title
			),
			detail: canManageOptions()
				? __(
						'Run “Sync all content” in Interlinker → Settings, or update the post: its suggestions are found once it is synced.',
						'interlinker'
				  )
				: __(
						'Update the post, or ask a site administrator to run “Sync all content”: its suggestions are found once it is synced.',
						'interlinker'
				  ),
		};
	}
	return {
		heading: sprintf(
			/* translators: %s: post title. */
			__( 'No suggestions with this status for “%s”.', 'interlinker' ),
			title
		),
		detail: __(
			'Its suggestions may still be being found after the last sync: look again in a minute. Or no link from it reached the site’s minimum score (Interlinker → Settings). Other statuses may hold some: choose one in the filter above.',
			'interlinker'
		),
	};
}

export function NoSuggestions( {
	post,
	postState,
	hasOtherFilters,
}: {
	post: PickedPost | null;
	postState: PostSuggestionState | null;
	hasOtherFilters: boolean;
} ) {
	if ( hasOtherFilters ) {
		return (
			<EmptyState
				title={ __( 'No suggestions match the search.', 'interlinker' ) }
			>
				<p>
					{ __(
						'Search looks in anchors and post titles. Clear the search to see every suggestion with this status.',
						'interlinker'
					) }
				</p>
			</EmptyState>
		);
	}
	if ( post ) {
		const { heading, detail } = postReason( post.title, postState );
		return (
			<EmptyState title={ heading }>
				<p>{ detail }</p>
			</EmptyState>
		);
	}
	return (
		<EmptyState title={ __( 'No suggestions here.', 'interlinker' ) }>
			<p>
				{ canManageOptions()
					? __(
							'Try another status in the filter above. If the site was never synced, run “Sync all content” in Interlinker → Settings: suggestions are then found for every post.',
							'interlinker'
					  )
					: __(
							'Try another status in the filter above. If there are never any suggestions, ask a site administrator to run “Sync all content”.',
							'interlinker'
					  ) }
			</p>
		</EmptyState>
	);
}
