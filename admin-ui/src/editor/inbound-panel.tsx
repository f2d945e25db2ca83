/**
 * The block editor sidebar's "Links to this post": other posts that could link to the post being edited, to
 * approve and insert there without leaving the editor (the links go into those posts, not this one).
 */
import { PanelBody } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { store as editorStore } from '@wordpress/editor';
import { __ } from '@wordpress/i18n';

import { NO_SUGGESTIONS_META_KEY } from '../api/no-suggestions';
import { InboundSuggestions } from '../components/inbound/inbound-suggestions';
import { EmptyState } from '../components/request-states';

export function InboundPanel() {
	const post = useSelect( ( select ) => {
		const editor = select( editorStore ) as unknown as {
			getCurrentPostId: () => number | null;
			getCurrentPostAttribute: ( name: string ) => unknown;
		};
		const meta = editor.getCurrentPostAttribute( 'meta' ) as
			| Record< string, unknown >
			| undefined;
		return {
			id: Number( editor.getCurrentPostId() ?? 0 ),
			isPublished:
				editor.getCurrentPostAttribute( 'status' ) === 'publish',
			// As saved: the switch takes effect once the post is.
			noSuggestions: meta?.[ NO_SUGGESTIONS_META_KEY ] === true,
		};
	}, [] );

	return (
		<PanelBody
			title={ __( 'Links to this post', 'interlinker' ) }
			initialOpen={ false }
			className="interlinker-editor-inbound"
		>
			{ post.noSuggestions && (
				<EmptyState
					title={ __(
						'This post gets no suggestions, so no links to it are suggested either.',
						'interlinker'
					) }
				/>
			) }
			{ ! post.noSuggestions && post.isPublished && (
				<InboundSuggestions postId={ post.id } />
			) }
			{ ! post.noSuggestions && ! post.isPublished && (
				<EmptyState
					title={ __(
						'Links to this post can be found once it is published.',
						'interlinker'
					) }
				/>
			) }
		</PanelBody>
	);
}
