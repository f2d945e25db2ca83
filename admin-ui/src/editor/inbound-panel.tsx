/**
 * The block editor sidebar's "Links to this post": other posts that could link to the post being edited, to
 * approve and insert there without leaving the editor (the links go into those posts, not this one).
 */
import { PanelBody } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { store as editorStore } from '@wordpress/editor';
import { __ } from '@wordpress/i18n';

import { InboundSuggestions } from '../components/inbound/inbound-suggestions';
import { EmptyState } from '../components/request-states';

export function InboundPanel() {
	const post = useSelect( ( select ) => {
		const editor = select( editorStore ) as unknown as {
			getCurrentPostId: () => number | null;
			getCurrentPostAttribute: ( name: string ) => unknown;
		};
		return {
			id: Number( editor.getCurrentPostId() ?? 0 ),
			isPublished:
				editor.getCurrentPostAttribute( 'status' ) === 'publish',
		};
	}, [] );

	return (
		<PanelBody
			title={ __( 'Links to this post', 'interlinker' ) }
			initialOpen={ false }
			className="interlinker-editor-inbound"
		>
			{ post.isPublished ? (
				<InboundSuggestions postId={ post.id } />
			) : (
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
