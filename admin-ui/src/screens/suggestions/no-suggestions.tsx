/**
 * The one message of an empty suggestions list, saying why it is empty: for one post, what the plugin found about
 * it (not eligible, not synced yet, none found yet or none above the minimum score); otherwise what to try.
 */
import { useSelect } from '@wordpress/data';
import type { View } from '@wordpress/dataviews';
import { __, sprintf } from '@wordpress/i18n';

import type { Generation, PostSuggestionState } from '../../api/types';
import type { PickedPost } from '../../components/post-picker';
import { EmptyState } from '../../components/request-states';
import { canManageOptions } from '../../lib/admin-config';
import { store } from '../../store';

/**
 * Whether the view narrows the list beyond a status (a search): then the search is the likelier reason.
 * @param view
 */
export function hasNarrowingFilters( view: View ): boolean {
	return ( view.search?.trim() ?? '' ) !== '';
}

function postReason(
	title: string,
	state: PostSuggestionState | null,
	generation: Generation | null
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
	if ( generation?.state === 'generating' ) {
		return {
			heading: sprintf(
				/* translators: %s: post title. */
				__( 'Suggestions for “%s” are still being found.', 'interlinker' ),
				title
			),
			detail: sprintf(
				/* translators: 1: posts done, 2: posts in all. */
				__(
					'The bridge is finding suggestions for the whole site after the last sync (%1$d of %2$d posts done). This list fills in as they come.',
					'interlinker'
				),
				generation.generatedPages,
				generation.totalPages
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
			'No link from it reached the site’s minimum score (Interlinker → Settings), or its suggestions have other statuses: choose one in the filter above. A post gets more suggestions when its text names the subjects of other posts.',
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
	const generation = useSelect(
		( select ) => select( store ).getGeneration().progress,
		[]
	);
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
		const { heading, detail } = postReason(
			post.title,
			postState,
			generation
		);
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
